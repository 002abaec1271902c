/**
 * `npm run seed` (`tsx server/seed/cli.ts [--reset] [--scale N]`): seeds an empty database, or,
 * with `--reset`, wipes it and seeds it again; `--scale N` adds N generated customers.
 */
import { loadSettings } from '../settings';
import { dropEverything, openDatabase } from '../db';
import { DEMO_ACCOUNTS, generatedAgentCount } from './accounts';
import { DEMO_CUSTOMERS } from './customers';
import { prepareDatabase } from './index';

/** The most generated customers `--scale` takes. */
const MAX_SCALE = 1_000_000;

const parseArguments = (args: readonly string[]) => {
    let reset = false;
    let scale = 0;
    for (let index = 0; index < args.length; index++) {
        const arg = args[index];
        if (arg === '--reset') reset = true;
        else if (arg === '--scale' || arg?.startsWith('--scale=')) {
            const value = arg === '--scale' ? args[++index] : arg.slice('--scale='.length);
            scale = Number(value);
            if (!value || !Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
                throw new Error(`--scale takes a whole number from 0 to ${MAX_SCALE}, got "${value ?? ''}"`);
            }
        } else throw new Error(`Unknown argument "${arg}". Usage: seed.ts [--reset] [--scale N]`);
    }
    return { reset, scale };
};

const runFromCommandLine = async () => {
    const { reset, scale } = parseArguments(process.argv.slice(2));
    const started = Date.now();
    const settings = loadSettings();
    const database = await openDatabase(settings);
    try {
        if (reset) await dropEverything(database.db);
        const { seeded } = await prepareDatabase(database, settings, { scale });
        const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${settings.dataDir}/pglite`;
        console.log(
            seeded
                ? `Seeded ${where}: ${DEMO_ACCOUNTS.length} demo accounts (password from SEED_PASSWORD), ${DEMO_CUSTOMERS.length} demo customers` +
                      (scale > 0 ? `, ${scale} generated customers and ${generatedAgentCount(scale)} generated agents` : '') +
                      ` in ${((Date.now() - started) / 1000).toFixed(1)} s`
                : `${where} already has users; nothing seeded (use --reset to start over)`,
        );
    } finally {
        await database.close();
    }
};

runFromCommandLine().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
