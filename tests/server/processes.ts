/** The server as real processes, for the tests where that is what matters (the data lock, crashes). */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A first start on an empty folder creates, migrates and seeds the database on disk: ~12 s alone,
 * several times that beside the other test files. Each process test gets this long.
 */
export const PROCESS_TEST_MS = 150_000;
export const START_MS = 120_000;

export interface Running {
    child: ChildProcess;
    output(): string;
    exited: Promise<number | null>;
}

/** `tsx server/main.ts` as one process (node --import tsx), so its pid is the one holding the lock. */
export const run = (script: string, args: string[], dataDir: string): Running => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', chunk => (output += String(chunk)));
    child.stderr?.on('data', chunk => (output += String(chunk)));
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
    return { child, output: () => output, exited };
};

export const waitForOutput = async (running: Running, pattern: RegExp, ms: number): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
        const match = pattern.exec(running.output());
        if (match) return match;
        if (running.child.exitCode !== null) break;
        await new Promise(resolve => setTimeout(resolve, 50));
    }
    throw new Error(`no ${pattern} within ${ms} ms; output:\n${running.output()}`);
};

export const exitWithin = async (running: Running, ms: number): Promise<number | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${ms} ms; output:\n${running.output()}`)), ms);
    });
    try {
        return await Promise.race([running.exited, timeout]);
    } finally {
        clearTimeout(timer);
    }
};
