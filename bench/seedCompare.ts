/**
 * The business-sized seed before and after, in one run: the committed project (`--base=REV`, HEAD
 * unless named, extracted to a temporary folder) and the one edited here (or `--against=REV`, when
 * others' unfinished edits share the working copy) each seed `--scale N`
 * customers (100,000 unless named) into a database of their own on one throwaway PostgreSQL
 * cluster, one after the other, through `npm run seed`'s command line. Prints each one's time and
 * the slowest statements PostgreSQL logged for it (`log_min_duration_statement`, 1 s), which says
 * where the next saving is.
 *
 * `npx tsx bench/seedCompare.ts [--base=HEAD] [--against=REV] [--scale=100000] [--top=8]`
 */
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'postgres';
import { startPostgres } from './throughput';

const option = (name: string, fallback: string) =>
    process.argv.find(arg => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const base = option('base', 'HEAD');
const scale = Number(option('scale', '100000'));
const top = Number(option('top', '8'));

const against = option('against', '');

/** A commit's project in a temporary folder, with this one's modules. */
const extracted = (revision: string) => {
    const folder = mkdtempSync(join(tmpdir(), 'seed-rev-'));
    execSync(`git archive ${revision} | tar -x -C ${folder}`);
    symlinkSync(resolve('node_modules'), join(folder, 'node_modules'));
    return folder;
};
const baseDir = extracted(base);
const againstDir = against ? extracted(against) : null;

/** The statements PostgreSQL logged as slow, between two offsets of its log: seconds and the text's start. */
const slowStatements = (log: string): { seconds: number; text: string }[] =>
    [...log.matchAll(/duration: ([\d.]+) ms\s+(?:statement|execute [^:]*): ([\s\S]*?)(?=\n\S+ \S+ \S+ \[|\n*$)/g)]
        .map(match => ({ seconds: Number(match[1]) / 1000, text: (match[2] ?? '').replace(/\s+/g, ' ').slice(0, 150) }))
        .sort((a, b) => b.seconds - a.seconds);

const postgres = await startPostgres({ log_min_duration_statement: '1000' });
try {
    const results: { name: string; seconds: number; slow: { seconds: number; text: string }[] }[] = [];
    for (const [name, cwd] of [
        [`committed (${base})`, baseDir],
        [against ? `committed (${against})` : 'edited', againstDir ?? process.cwd()],
    ] as const) {
        const database = `seed_${results.length}`;
        const admin = pg(postgres.url, { max: 1, onnotice: () => undefined });
        await admin.unsafe(`CREATE DATABASE ${database}`);
        await admin.end();
        const url = postgres.url.replace(/\/postgres$/, `/${database}`);
        const logFrom = statSync(postgres.logFile).size;
        const started = performance.now();
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--scale', String(scale)], {
            cwd,
            env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
            encoding: 'utf8',
            maxBuffer: 64 * 1024 * 1024,
        });
        const seconds = (performance.now() - started) / 1000;
        if (run.status !== 0) throw new Error(`${name}'s seed failed:\n${run.stdout}\n${run.stderr}`);
        console.log(`${name}:\n${run.stdout.trim()}`);
        const log = readFileSync(postgres.logFile, 'utf8').slice(logFrom);
        results.push({ name, seconds, slow: slowStatements(log) });
    }
    console.log(
        `\n${scale.toLocaleString('en-US')} customers on PostgreSQL, one after the other; load average ${loadavg()
            .map(value => value.toFixed(1))
            .join(' ')}`,
    );
    const first = results[0]?.seconds ?? NaN;
    for (const { name, seconds, slow } of results) {
        console.log(
            `\n${name.padEnd(20)} ${seconds.toFixed(1).padStart(7)} s  (${((100 * seconds) / first).toFixed(0)}% of the first)`,
        );
        for (const statement of slow.slice(0, top))
            console.log(`  ${statement.seconds.toFixed(1).padStart(6)} s  ${statement.text}`);
    }
} finally {
    await postgres.stop();
    for (const folder of [baseDir, againstDir]) if (folder) rmSync(folder, { recursive: true, force: true });
}
