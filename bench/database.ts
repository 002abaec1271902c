/**
 * The databases a bench times its calls on, started the same way for each bench: the embedded
 * PGlite in a folder of its own, and PostgreSQL in a throwaway cluster (bench/throughput.ts
 * `startPostgres`) started for it and stopped after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings, type Settings } from '../server/settings';
import { startPostgres } from './throughput';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The settings of a bench's portal on PostgreSQL at `databaseUrl`, else on PGlite in a new
 * temporary folder named after `name`: silent, in production, without the development tools.
 * `remove` deletes that folder.
 */
export const benchSettings = (name: string, databaseUrl?: string): { settings: Settings; remove(): void } => {
    const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), `bench-${name}-`));
    const settings = loadSettings({
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
        LOG_LEVEL: 'silent',
        DEV_TOOLS: 'off',
        NODE_ENV: 'production',
    });
    return {
        settings,
        remove: () => {
            if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        },
    };
};

/** Runs `measure` on each database in turn, PostgreSQL's cluster started for it; answers each one's figures, merged. */
export const onEachDatabase = async <Figures extends Record<string, number>>(
    kinds: readonly DatabaseKind[],
    measure: (kind: DatabaseKind, databaseUrl?: string) => Promise<Figures>,
): Promise<Figures> => {
    let figures = {} as Figures;
    for (const kind of kinds) {
        const postgres = kind === 'postgres' ? await startPostgres() : undefined;
        try {
            figures = { ...figures, ...(await measure(kind, postgres?.url)) };
        } finally {
            await postgres?.stop();
        }
    }
    return figures;
};
