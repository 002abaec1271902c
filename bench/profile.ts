/**
 * Where the authenticated indexed call's time goes: the portal runs under `node --cpu-prof` while
 * autocannon drives the call bench/throughput.ts measures (one security group by id, as admin, 50
 * connections), then the profile is summarised (bench/profileSummary.ts) and kept.
 *
 * `npx tsx bench/profile.ts [--db=postgres|pglite] [--seconds=10] [--top=20] [--out=DIR] [--no-profile]`
 * (PostgreSQL by default, in a throwaway cluster; the .cpuprofile is left in DIR, a temporary
 * folder unless named, for Chrome DevTools or speedscope to draw as a flame graph).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { printSummary, summariseProfile, type CpuProfile } from './profileSummary';
import { cpuSeconds, firstGroupUrl, hammer, signIn, startPortal, startPostgres } from './throughput';

/** The PostgreSQL cluster's CPU seconds: the postmaster and every backend it started. */
const clusterCpuSeconds = (dataDir: string): number => {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let total = cpuSeconds(postmaster);
    for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
            const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            if (parent === postmaster) total += cpuSeconds(Number(entry));
        } catch {
            // Gone meanwhile.
        }
    }
    return total;
};

const option = (name: string, fallback: string) =>
    process.argv.find(arg => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const database = option('db', 'postgres');
const seconds = Number(option('seconds', '10'));
const top = Number(option('top', '20'));
/** `--no-profile`: the figures and the CPU per request only, without the profiler's own cost. */
const profiling = !process.argv.includes('--no-profile');
const out = option('out', '') || mkdtempSync(join(tmpdir(), 'portal-profile-'));
mkdirSync(out, { recursive: true });

const postgres = database === 'postgres' ? await startPostgres() : null;
const dataDir = postgres ? null : mkdtempSync(join(tmpdir(), 'profile-pglite-'));
try {
    const portal = await startPortal(
        postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir ?? '' },
        profiling ? ['--cpu-prof', `--cpu-prof-dir=${out}`] : [],
    );
    let figures;
    let cpu;
    let hammerStart = 0;
    let hammerEnd = 0;
    try {
        const token = await signIn(portal.url);
        const url = await firstGroupUrl(portal.url, token);
        // Warmed up by hammer itself; the CPU is counted over the measured part and its warm-up.
        hammerStart = Date.now();
        const before = { portal: cpuSeconds(portal.pid), database: postgres ? clusterCpuSeconds(postgres.dataDir) : 0 };
        figures = await hammer(url, 50, seconds, { authorization: `Bearer ${token}` });
        cpu = {
            portal: cpuSeconds(portal.pid) - before.portal,
            database: postgres ? clusterCpuSeconds(postgres.dataDir) - before.database : 0,
        };
        hammerEnd = Date.now();
    } finally {
        // The profile is written as the process exits (main.ts exits on SIGTERM).
        await portal.stop();
    }
    const exited = Date.now();
    console.log(
        `${database}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
            `${figures.errors} errors${profiling ? ' (under the profiler)' : ''}`,
    );
    // CPU per request counts what the machine's load hardly changes: the work itself.
    const requests = figures.requestsTotal + figures.warmUpTotal;
    console.log(
        `CPU per request: portal ${((1e6 * cpu.portal) / requests).toFixed(0)} µs` +
            (postgres ? `, PostgreSQL ${((1e6 * cpu.database) / requests).toFixed(0)} µs` : '') +
            ` (${requests} requests; load average ${loadavg()
                .map(value => value.toFixed(1))
                .join(' ')})`,
    );
    if (profiling) {
        // The main thread's (thread 0); tsx's loader runs in a thread of its own.
        const file = readdirSync(out)
            .filter(name => /\.\d+\.0\.\d+\.cpuprofile$/.test(name))
            .sort()
            .at(-1);
        if (!file) throw new Error(`no .cpuprofile was written in ${out}`);
        const profile = JSON.parse(readFileSync(join(out, file), 'utf8')) as CpuProfile;
        // The measured run only (its warm-up included), not start-up or shutdown.
        printSummary(summariseProfile(profile, top, 8, { fromEndMs: exited - hammerStart, toEndMs: exited - hammerEnd }));
        console.log(`\nthe profile: ${join(out, file)}`);
    }
} finally {
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
