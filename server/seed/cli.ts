/**
 * `npm run seed` (`tsx server/seed/cli.ts [--reset] [--scale [N]]`): seeds an empty database, or,
 * with `--reset`, wipes it and seeds it again. `--scale N` adds N generated customers and the
 * rest of a business in proportion (server/seed/scale.ts); `--scale` alone, a business of
 * 1,000,000 customers on PostgreSQL (DATABASE_URL) or 100,000 on the embedded PGlite. Prints what
 * the database then holds.
 */
import { loadSettings } from '../settings';
import { dropEverything, openDatabase } from '../db';
import { DEMO_ACCOUNTS, generatedAgentCount } from './accounts';
import { DEMO_CUSTOMERS } from './customers';
import { BUSINESS_CUSTOMERS, businessCustomers, seedAtScale, type ScaleSummary } from './scale';

/** The most generated customers `--scale` takes. */
const MAX_SCALE = 1_000_000;

const parseArguments = (args: readonly string[]) => {
    let reset = false;
    let scale: number | 'business' = 0;
    for (let index = 0; index < args.length; index++) {
        const arg = args[index];
        if (arg === '--reset') reset = true;
        else if (arg === '--scale' && (args[index + 1] === undefined || args[index + 1]?.startsWith('--'))) scale = 'business';
        else if (arg === '--scale' || arg?.startsWith('--scale=')) {
            const value = arg === '--scale' ? args[++index] : arg.slice('--scale='.length);
            scale = Number(value);
            if (!value || !Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
                throw new Error(
                    `--scale takes a whole number from 0 to ${MAX_SCALE}, or none for a business's size, got "${value ?? ''}"`,
                );
            }
        } else throw new Error(`Unknown argument "${arg}". Usage: seed.ts [--reset] [--scale [N]]`);
    }
    return { reset, scale };
};

const thousands = (value: number) => value.toLocaleString('en-US');

/** What the seed made, one line per kind of row. */
const describe = (summary: ScaleSummary, generated: number): string[] => [
    `  ${thousands(summary.customers)} customers (${thousands(generated)} generated), ${thousands(summary.loans)} loans ` +
        `(${thousands(summary.activeLoans)} active) with ${thousands(summary.scheduledPayments)} payments`,
    `  ${thousands(summary.devices)} devices (${thousands(summary.devicesInStock)} in stock) across ${thousands(summary.shops)} shops, ` +
        `${thousands(summary.agents)} agents`,
    `  ${thousands(summary.approvalRequests)} approval requests, ${thousands(summary.reconciliationRows)} statement rows in ` +
        `${thousands(summary.reconciliationUploads)} uploads, ${thousands(summary.suspensePayments)} payments in suspense`,
    `  database size ${(summary.databaseBytes / 1024 / 1024).toFixed(0)} MB`,
];

const runFromCommandLine = async () => {
    const { reset, scale } = parseArguments(process.argv.slice(2));
    const started = Date.now();
    const settings = loadSettings();
    const database = await openDatabase(settings);
    try {
        if (reset) await dropEverything(database.db);
        const customers = scale === 'business' ? businessCustomers(database) : scale;
        const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${settings.dataDir}/pglite`;
        if (scale === 'business') {
            console.log(
                `Seeding a business of ${thousands(customers)} customers on ${where}` +
                    (database.kind === 'pglite'
                        ? ` (a tenth of the ${thousands(BUSINESS_CUSTOMERS.postgres)} on PostgreSQL)`
                        : '') +
                    '…',
            );
        }
        const summary = await seedAtScale(database, settings, { customers });
        if (!summary.seeded) {
            console.log(`${where} already has users; nothing seeded (use --reset to start over)`);
            return;
        }
        console.log(
            `Seeded ${where}: ${DEMO_ACCOUNTS.length} demo accounts (password from SEED_PASSWORD), ${DEMO_CUSTOMERS.length} demo customers` +
                (customers > 0
                    ? `, ${customers} generated customers and ${generatedAgentCount(customers)} generated agents`
                    : '') +
                ` in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        if (customers > 0) describe(summary, customers).forEach(line => console.log(line));
    } finally {
        await database.close();
    }
};

runFromCommandLine().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
