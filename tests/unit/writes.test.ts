/**
 * The data provider's writes are found by their folders' place (dataProvider/writes.ts globs
 * `resources/<d>/writes.ts`): every folder's table is gathered, each write is a provider method,
 * and no name is taken twice.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/dataProvider';
import { WRITES } from '../../src/dataProvider/writes';
import type { WriteTable } from '../../src/dataProvider/defineWrite';

const RESOURCES = join(__dirname, '../../src/resources');
const folders = readdirSync(RESOURCES).filter(name => existsSync(join(RESOURCES, name, 'writes.ts')));

describe("the data provider's writes", () => {
    it('gathers every folder that has a writes.ts, each write once, as a method of the provider', async () => {
        expect(folders.length).toBeGreaterThanOrEqual(9);
        const seen = new Set<string>();
        for (const folder of folders) {
            const table = ((await import(`../../src/resources/${folder}/writes.ts`)) as { default: WriteTable }).default;
            const names = Object.keys(table);
            expect(names.length, folder).toBeGreaterThan(0);
            for (const name of names) {
                expect(seen.has(name), `${name} declared twice`).toBe(false);
                seen.add(name);
                expect(WRITES[name], name).toBe(table[name]);
                expect(typeof (dataProvider as unknown as Record<string, unknown>)[name], name).toBe('function');
            }
        }
        expect(Object.keys(WRITES).sort()).toEqual([...seen].sort());
    });
});
