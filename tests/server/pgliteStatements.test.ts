/**
 * Statement reuse on PGlite (server/db/pgliteStatements.ts): answers as PGlite's own `query` does,
 * a statement kept from before a schema change answers the new shape, an error keeps its code and
 * leaves the connection usable, the kept statements stay within their bound, and a query never
 * runs inside another caller's open transaction.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStatementReuse } from '../../server/db/pgliteStatements';

let client: PGlite;
let reusing: PGlite;

beforeAll(async () => {
    client = await PGlite.create();
    reusing = withStatementReuse(client, 3);
    await client.exec(`CREATE TABLE things (id serial PRIMARY KEY, name text UNIQUE NOT NULL, at timestamptz, tags text[])`);
    await client.exec(`INSERT INTO things (name, at, tags) VALUES ('one', '2026-01-02T03:04:05Z', '{a,b}'), ('two', NULL, '{}')`);
});
afterAll(() => client?.close());

const preparedCount = async () =>
    (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]?.n;

describe('PGlite statement reuse', () => {
    it("answers as PGlite's own query, in both row modes, the first time and after", async () => {
        const text = 'SELECT id, name, at, tags FROM things WHERE name = $1 OR $2::int IS NULL ORDER BY id';
        for (const params of [
            ['one', 0],
            ['two', null],
            ['one', 0],
        ]) {
            for (const options of [undefined, { rowMode: 'array' as const }]) {
                const own = await client.query(text, params, options);
                const reused = await reusing.query(text, params, options);
                expect(reused.rows).toEqual(own.rows);
                expect(reused.fields).toEqual(own.fields);
            }
        }
    });

    it('keeps at most its bound of statements, closing the least recently used', async () => {
        for (let n = 0; n < 6; n++) await reusing.query(`SELECT ${n}::int AS n`);
        expect(await preparedCount()).toBeLessThanOrEqual(3);
        expect((await reusing.query<{ n: number }>('SELECT 5::int AS n')).rows).toEqual([{ n: 5 }]);
    });

    it('answers the new shape after the table changed', async () => {
        const text = 'SELECT * FROM things WHERE id = $1';
        expect(Object.keys((await reusing.query<object>(text, [1])).rows[0] ?? {})).toEqual(['id', 'name', 'at', 'tags']);
        await client.exec('ALTER TABLE things ADD COLUMN note text');
        expect(Object.keys((await reusing.query<object>(text, [1])).rows[0] ?? {})).toEqual(['id', 'name', 'at', 'tags', 'note']);
    });

    it('refuses with the database error and its code, and goes on working', async () => {
        const insert = 'INSERT INTO things (name) VALUES ($1) RETURNING id';
        await expect(reusing.query(insert, ['one'])).rejects.toMatchObject({ code: '23505', constraint: 'things_name_key' });
        expect((await reusing.query<{ id: number }>(insert, ['three'])).rows).toHaveLength(1);
        expect((await reusing.query<{ n: number }>('SELECT count(*)::int AS n FROM things')).rows).toEqual([{ n: 3 }]);
    });

    it("waits for another caller's transaction instead of running inside it", async () => {
        let release: () => void = () => undefined;
        const held = new Promise<void>(resolve => (release = resolve));
        let inserted: () => void = () => undefined;
        const insertedYet = new Promise<void>(resolve => (inserted = resolve));
        const transaction = client.transaction(async tx => {
            await tx.query(`INSERT INTO things (name) VALUES ('in the transaction')`);
            inserted();
            await held;
            // Asked after the read below: a read not waiting for the transaction would run before
            // this, inside the open transaction, and count the uncommitted row.
            await tx.query('SELECT 1');
            await tx.rollback();
        });
        await insertedYet;
        const read = reusing.query<{ n: number }>(`SELECT count(*)::int AS n FROM things WHERE name = $1`, [
            'in the transaction',
        ]);
        release();
        await transaction;
        expect((await read).rows).toEqual([{ n: 0 }]);
    });
});
