/**
 * The budget for idle connections: one machine opening thousands of connections and
 * sending nothing (19,900 of them once took every descriptor and refused everybody for 30 s) holds
 * at most MAX_CONNECTIONS_PER_SOURCE of them, while `/health` from elsewhere answers as usual, and
 * the ones it holds are closed after IDLE_TIMEOUT. On demand: `npm run bench -- --only=connections`,
 * or alone `npx tsx bench/connections.ts`; about ten seconds.
 *
 * - **The server**: the real app with the default settings on an in-memory PGlite, listening on a
 *   loopback port; real sockets.
 * - **The load**: FLOOD connections from 127.0.0.1, opened as fast as they are accepted and left
 *   silent; meanwhile another source (127.0.0.2) asks `/health` again as soon as it is answered.
 * - **Budget**: `/health`'s p95 and slowest answer during the flood, the flood's connections the
 *   server still holds once it is over (at most the per-source cap), and those left after the
 *   idle time (none).
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../contract';
import { buildApp } from '../server/app';
import { MEMORY_DATA_DIR, openDatabase } from '../server/db';
import { prepareDatabase } from '../server/seed';
import { loadSettings } from '../server/settings';
import { report } from './size';

const FLOOD = 5000;

export const CONNECTION_BUDGETS = {
    'health p95 during a flood of 5,000 idle connections (ms)': 50,
    'health max during that flood (ms)': 200,
    'flood connections held at once (at most the per-source cap)': 256,
    'flood connections left after IDLE_TIMEOUT': 0,
};
type Figure = keyof typeof CONNECTION_BUDGETS;

/** A connection from `from`; settles once it is established (or failed). */
const opened = (port: number, from: string): Promise<Socket> =>
    new Promise(resolve => {
        const socket = connect({ host: '127.0.0.1', port, localAddress: from });
        socket.on('error', () => undefined);
        socket.once('connect', () => resolve(socket));
        socket.once('close', () => resolve(socket));
    });

/**
 * The flood, in a process of its own (so its sockets cost the server's event loop nothing the
 * attacker's would not): FLOOD silent connections from 127.0.0.1, in batches as fast as they are
 * accepted, then waits until the server has closed every one; says `flooded` between the two.
 */
const flood = async (port: number) => {
    const sockets: Socket[] = [];
    for (let sent = 0; sent < FLOOD; sent += 250) {
        sockets.push(...(await Promise.all(Array.from({ length: 250 }, () => opened(port, '127.0.0.1')))));
    }
    process.send?.('flooded');
    await Promise.all(sockets.map(socket => (socket.closed ? undefined : new Promise(resolve => socket.once('close', resolve)))));
    process.send?.('closed');
};

/** `/health` over one kept-alive connection from `from`, timed, until `done` says stop. */
const healthTimings = async (port: number, from: string, done: () => boolean): Promise<number[]> => {
    const socket = await opened(port, from);
    let closed = false;
    socket.once('close', () => (closed = true));
    const samples: number[] = [];
    while (!done() || samples.length < 20) {
        if (closed) throw new Error('the health connection was closed');
        const start = performance.now();
        await new Promise<void>(resolve => {
            let text = '';
            const onData = (chunk: Buffer) => {
                text += String(chunk);
                // The health answer is one small JSON object: complete at its closing brace.
                if (/\r\n\r\n[\s\S]*\}$/.test(text)) {
                    socket.off('data', onData);
                    resolve();
                }
            };
            socket.on('data', onData);
            socket.write(`GET ${API_BASE}/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        });
        samples.push(performance.now() - start);
    }
    socket.destroy();
    return samples;
};

const percentile = (samples: number[], share: number) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

export const connectionFigures = async (): Promise<Record<Figure, number>> => {
    const settings = { ...loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), dataDir: MEMORY_DATA_DIR };
    const database = await openDatabase(settings);
    await prepareDatabase(database, settings);
    const app = await buildApp({ db: database.db, settings });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // Counted after the guard's own listener (registered by buildApp), which destroys a refused one.
    let held = 0;
    let open = 0;
    app.server.on('connection', (socket: Socket) => {
        if (socket.destroyed || socket.remoteAddress?.endsWith('127.0.0.1') !== true) return;
        open += 1;
        held = Math.max(held, open);
        socket.once('close', () => (open -= 1));
    });
    // Warmed up first: the first answers of a fresh process are not what the flood costs.
    await healthTimings(port, '127.0.0.2', () => true);
    const flooder = fork(fileURLToPath(import.meta.url), ['--flood', String(port)]);
    try {
        const said = (word: string) =>
            new Promise<void>(resolve => flooder.on('message', message => message === word && resolve()));
        const flooded = said('flooded');
        const closed = said('closed');
        let flooding = true;
        void flooded.then(() => (flooding = false));
        const samples = await healthTimings(port, '127.0.0.2', () => !flooding);
        if (process.env.BENCH_VERBOSE) console.log(samples.map(ms => Math.round(ms)).join(' '));
        // Every connection held is closed once idle: the state to wait for.
        await closed;
        return {
            'health p95 during a flood of 5,000 idle connections (ms)': Math.round(percentile(samples, 0.95) * 10) / 10,
            'health max during that flood (ms)': Math.round(Math.max(...samples) * 10) / 10,
            'flood connections held at once (at most the per-source cap)': held,
            'flood connections left after IDLE_TIMEOUT': open,
        };
    } finally {
        flooder.kill();
        await app.close();
        await database.close();
    }
};

if (process.argv[2] === '--flood') {
    await flood(Number(process.argv[3]));
    process.exit(0);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const broken = report(await connectionFigures(), CONNECTION_BUDGETS);
    process.exit(broken > 0 ? 1 : 0);
}
