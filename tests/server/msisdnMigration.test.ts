/**
 * Migration 0028: phone numbers stored in the local form 0XXXXXXXXX before the one rule (27 and 9
 * digits) are rewritten, so lookups in the international form find them; a number stored in both
 * forms in one table stops the migration, naming it, rather than leaving one person twice.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCustomer } from '../../contract/customers';
import { admins, customers, smsOutbox } from '../../server/db/schema';
import type { Database } from '../../server/db';
import { signInAs } from './contractCases';
import { makeCustomer } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
    server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const migration = readFileSync(
    fileURLToPath(new URL('../../server/db/migrations/0028_msisdn_international.sql', import.meta.url)),
    'utf8',
);
const migrate = (db: Database) =>
    db.transaction(async tx => {
        for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
/** The local form of an international number: 27821234567 → 0821234567. */
const local = (msisdn: string) => `0${msisdn.slice(2)}`;

describe('migration 0028 (phone numbers in the international form)', () => {
    it('rewrites local numbers of customers, users and the SMS outbox, and leaves the rest alone', async () => {
        const stored = await makeCustomer(server.db);
        const international = await makeCustomer(server.db);
        await server.db
            .update(customers)
            .set({ msisdn: local(stored.msisdn), alternateMsisdn: local(international.msisdn) })
            .where(eq(customers.id, stored.id));
        const [agent] = await server.db.select().from(admins).where(eq(admins.username, 'agent'));
        if (!agent) throw new Error('No agent');
        await server.db
            .update(admins)
            .set({ msisdn: local(agent.msisdn) })
            .where(eq(admins.id, agent.id));
        const [sms] = await server.db
            .insert(smsOutbox)
            .values({ msisdn: local(stored.msisdn), text: 'Hello', purpose: 'notice', createdAt: server.clock.now() })
            .returning({ id: smsOutbox.id });

        await migrate(server.db);

        const rows = await server.db
            .select({ id: customers.id, msisdn: customers.msisdn, alternate: customers.alternateMsisdn })
            .from(customers)
            .where(inArray(customers.id, [stored.id, international.id]))
            .orderBy(customers.id);
        expect(rows).toEqual([
            { id: stored.id, msisdn: stored.msisdn, alternate: international.msisdn },
            { id: international.id, msisdn: international.msisdn, alternate: international.alternateMsisdn },
        ]);
        expect((await server.db.select().from(admins).where(eq(admins.id, agent.id)))[0]?.msisdn).toBe(agent.msisdn);
        expect(
            (
                await server.db
                    .select()
                    .from(smsOutbox)
                    .where(eq(smsOutbox.id, sms?.id ?? 0))
            )[0]?.msisdn,
        ).toBe(stored.msisdn);
        // Found again by the number as it is typed today.
        const token = await signInAs(server, 'maker');
        const found = await server.call(findCustomer, { body: { username: stored.msisdn }, token });
        expect(found.body.users.map(user => user.id)).toContain(stored.id);
    });

    it('fails naming a number stored in both forms, changing nothing', async () => {
        const first = await makeCustomer(server.db);
        const second = await makeCustomer(server.db);
        await server.db
            .update(customers)
            .set({ msisdn: local(first.msisdn) })
            .where(eq(customers.id, first.id));
        await server.db.update(customers).set({ msisdn: first.msisdn }).where(eq(customers.id, second.id));

        const failed = await migrate(server.db).then(
            () => undefined,
            (error: unknown) => error,
        );
        // The driver wraps the database's refusal; its cause carries the migration's own words.
        const cause = failed instanceof Error ? failed.cause : undefined;
        expect(cause instanceof Error ? cause.message : String(failed)).toContain(
            `${local(first.msisdn)} is also stored as ${first.msisdn}`,
        );
        const [row] = await server.db.select().from(customers).where(eq(customers.id, first.id));
        expect(row?.msisdn).toBe(local(first.msisdn));
    });
});
