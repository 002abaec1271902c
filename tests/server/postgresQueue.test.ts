/**
 * The queue postgres.js keeps its pool's connections in, as patched (patches/postgres+3.4.9.patch,
 * applied by `npm install`'s postinstall): under load the pool shifts a busy connection out, asks
 * to remove it (it is no longer there) and pushes it back. Unpatched, each removal searched every
 * slot shifted out since the queue last emptied, which on two or more busy connections it never
 * does: 50 callers' queries on two connections fell from 40,000 to 9,000 a second within 16 s
 * (docs/architecture.md "The API near its limit"). The queue is read from the installed file, as
 * the driver runs it; its array is counted by giving it a subclass of Array to copy.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Queue<T> {
    readonly length: number;
    remove(x: T): T | null;
    push(x: T): T;
    shift(): T;
}

/** An array that counts the slots its searches read (copies of it are of the same kind). */
class CountingArray<T> extends Array<T> {
    static scanned = 0;
    override indexOf(value: T, from = 0): number {
        CountingArray.scanned += Math.max(0, this.length - from);
        return super.indexOf(value, from);
    }
}

const load = async (file: string): Promise<<T>(initial?: T[]) => Queue<T>> => {
    const module = (await import(pathToFileURL(resolve('node_modules/postgres', file)).href)) as {
        default: <T>(initial?: T[]) => Queue<T>;
    };
    return module.default;
};

describe("postgres.js's pool queue, as patched", () => {
    for (const file of ['src/queue.js', 'cf/src/queue.js', 'cjs/src/queue.js']) {
        it(`${file}: the pool's cycle on two busy connections costs the same at the 100,000th time as at the first`, async () => {
            const Queue = await load(file);
            const busy = Queue<string>(CountingArray.from(['a', 'b']));
            CountingArray.scanned = 0;
            const cycles = 100_000;
            let found = 0;
            for (let cycle = 0; cycle < cycles; cycle++) {
                // handler → go(busy.shift(), query) → move(c, busy): remove (it is gone), then push.
                const connection = busy.shift();
                if (busy.remove(connection) !== null) found++;
                busy.push(connection);
            }
            expect(found).toBe(0);
            expect(busy.length).toBe(2);
            // At most the two live entries a search: unpatched, about cycles² / 2 slots in all.
            expect(CountingArray.scanned).toBeLessThanOrEqual(2 * cycles);
        });
    }

    it('keeps its order and removes what is in it, across many shifts', async () => {
        const Queue = await load('src/queue.js');
        const queue = Queue<number>();
        const expected: number[] = [];
        for (let n = 0; n < 5_000; n++) {
            queue.push(n);
            expected.push(n);
            if (n % 3 === 0) expect(queue.shift()).toBe(expected.shift());
            if (n % 7 === 0 && expected.length > 2) {
                const middle = expected[Math.floor(expected.length / 2)] ?? -1;
                expect(queue.remove(middle)).toBe(middle);
                expected.splice(expected.indexOf(middle), 1);
                expect(queue.remove(middle)).toBeNull();
            }
            expect(queue.length).toBe(expected.length);
        }
        while (expected.length > 0) expect(queue.shift()).toBe(expected.shift());
        expect(queue.length).toBe(0);
    });
});
