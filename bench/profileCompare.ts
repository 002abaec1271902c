/**
 * Before and after in one run, so a busy machine weighs on both alike: the hello-world, the
 * committed portal (`--base=REV`, HEAD unless named, extracted to a temporary folder) and the
 * portal as edited here (once per `--pools=` size when given), all on one database, are driven in
 * turns of `--slice` seconds for `--rounds` rounds by the call bench/throughput.ts measures (one
 * security group by id, as admin, 50 connections). Prints each one's requests per second, its
 * share of the hello-world's, the median of its p99s and its process's CPU per request (user and
 * system, from /proc: on a loaded machine the steadier figure).
 *
 * `npx tsx bench/profileCompare.ts [--db=postgres|pglite] [--base=HEAD] [--pools=1,2,4] [--rounds=6] [--slice=3]`
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { cpuSeconds, firstGroupUrl, signIn, startHelloWorld, startPortal, startPostgres } from './throughput';

const option = (name: string, fallback: string) =>
    process.argv.find(arg => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const database = option('db', 'postgres');
const base = option('base', 'HEAD');
const pools = option('pools', '').split(',').filter(Boolean).map(Number);
const rounds = Number(option('rounds', '6'));
const slice = Number(option('slice', '3'));

interface Variant {
    name: string;
    url: string;
    headers: Record<string, string>;
    pid: number;
    stop(): Promise<void>;
    requests: number;
    /** The server process's CPU seconds over the measured slices: per request, what the load hardly changes. */
    cpu: number;
    seconds: number;
    p99s: number[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const folders: string[] = [];
const temporary = (prefix: string) => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    folders.push(folder);
    return folder;
};

// The committed project beside this one: its server, contract and package files, this one's modules.
const baseDir = temporary('portal-base-');
execSync(`git archive ${base} | tar -x -C ${baseDir}`);
symlinkSync(resolve('node_modules'), join(baseDir, 'node_modules'));

const postgres = database === 'postgres' ? await startPostgres() : null;
const variants: Variant[] = [];
try {
    const hello = await startHelloWorld();
    variants.push({
        name: 'hello-world',
        url: hello.url,
        headers: {},
        pid: hello.pid,
        stop: hello.stop,
        requests: 0,
        cpu: 0,
        seconds: 0,
        p99s: [],
    });
    const portals: { name: string; env: NodeJS.ProcessEnv; cwd?: string }[] = [
        { name: `committed (${base})`, env: {}, cwd: baseDir },
        ...(pools.length > 0
            ? pools.map(size => ({ name: `edited, pool ${size}`, env: { DATABASE_POOL_SIZE: String(size) } }))
            : [{ name: 'edited', env: {} }]),
    ];
    // One after another: the first seeds the database, the others find it seeded.
    for (const { name, env, cwd } of portals) {
        const where = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: temporary('compare-pglite-') };
        const portal = await startPortal({ ...where, ...env }, [], cwd);
        const token = await signIn(portal.url);
        const headers = { authorization: `Bearer ${token}` };
        variants.push({
            name,
            url: await firstGroupUrl(portal.url, token),
            headers,
            pid: portal.pid,
            stop: portal.stop,
            requests: 0,
            cpu: 0,
            seconds: 0,
            p99s: [],
        });
    }
    // A warm-up each, then the rounds.
    for (const variant of variants)
        await autocannon({ url: variant.url, connections: 50, duration: 2, headers: variant.headers });
    for (let round = 0; round < rounds; round++) {
        // Each round starts one later, so none is always measured just after the same other.
        for (const variant of [...variants.slice(round % variants.length), ...variants.slice(0, round % variants.length)]) {
            const cpuBefore = cpuSeconds(variant.pid);
            const result = await autocannon({ url: variant.url, connections: 50, duration: slice, headers: variant.headers });
            variant.cpu += cpuSeconds(variant.pid) - cpuBefore;
            if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${variant.name} answered errors`);
            variant.requests += result.requests.total;
            variant.seconds += result.duration;
            variant.p99s.push(result.latency.p99);
        }
    }
    const helloRate = variants[0] ? variants[0].requests / variants[0].seconds : NaN;
    console.log(
        `${database}, ${rounds} rounds of ${slice} s, load average ${loadavg()
            .map(value => value.toFixed(1))
            .join(' ')}`,
    );
    for (const { name, requests, seconds, p99s, cpu } of variants) {
        const rate = requests / seconds;
        console.log(
            `${name.padEnd(24)} ${rate.toFixed(0).padStart(7)} req/s  ${((100 * rate) / helloRate).toFixed(1).padStart(5)}% of hello-world  p99 median ${median(p99s)} ms  ` +
                `CPU ${((1e6 * cpu) / requests).toFixed(0).padStart(4)} µs/request`,
        );
    }
} finally {
    for (const variant of variants) await variant.stop();
    await postgres?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
