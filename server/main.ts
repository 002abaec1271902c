/**
 * `npm run serve`: read settings, open and prepare the database, serve the API and the built
 * portal, and shut down cleanly on SIGINT/SIGTERM.
 */
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { DataDirLockedError, openDatabase } from './db';
import { prepareDatabase } from './seed';
import { startLendingJob } from './domain/lending/job';
import { startDraftSweep } from './domain/origination/expiry';
import { hasBuiltPortal } from './portal';
import { devToolsWarning, loadSettings, SettingsError } from './settings';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

const start = async () => {
    const settings = loadSettings();
    const database = await openDatabase(settings);
    const { seeded } = await prepareDatabase(database, settings);

    const app = await buildApp({ db: database.db, settings, distDir: DIST_DIR, listen: database.listen });
    const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${settings.dataDir}/pglite`;
    app.log.info(`database: ${where}${seeded ? ', seeded with the demo accounts' : ''}`);
    if (!hasBuiltPortal(DIST_DIR)) {
        app.log.warn(`no built portal in ${DIST_DIR} (run "npm run build"): serving the API only`);
    }
    const exposed = devToolsWarning(settings);
    if (exposed) {
        // Loud on purpose: in the log, and on stderr for whoever started the server by hand.
        app.log.warn(exposed);
        console.error(`WARNING: ${exposed}`);
    } else if (settings.devTools) {
        const who = settings.devToolsLoopbackOnly ? 'for callers on this machine only' : 'for every caller';
        app.log.info(`development tools are on ${who} (SMS outbox reader, operator sign-in stand-in)`);
    }

    // Drafts past their reservation go back to stock on every instance's timer (expiry.ts: safe at once).
    const stopSweep = startDraftSweep(database.db, settings.now, app.log);
    // The lock policy's job (lending/job.ts): every instance tries, one runs a pass at a time.
    const stopLendingJob = startLendingJob(database.db, settings.now, app.log);

    let stopping = false;
    const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info(`${signal}: shutting down`);
        try {
            stopSweep();
            stopLendingJob();
            await app.close();
            await database.close();
            process.exit(0);
        } catch (error) {
            console.error('Shutdown failed:', error);
            process.exit(1);
        }
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));

    await app.listen({ host: settings.host, port: settings.port });
    const address = app.server.address() as AddressInfo;
    console.log(`Portal ready on http://${settings.host}:${address.port}`);
};

start().catch((error: unknown) => {
    // Both say exactly what to do; a stack trace would only bury it.
    if (error instanceof SettingsError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error('The server could not start:', error);
    process.exit(1);
});
