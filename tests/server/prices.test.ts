/**
 * Catalogue prices (contract/inventory.ts `previewPhonePrices`, `updatePhonePrices`; the
 * `price_change` kind of server/domain/approvals/kinds.ts) on a real database: the catalogue is
 * every shop's, so a caller attached to a shop changes nothing; staff without a shop change a
 * price at once, audited before and after; a cut of more than 20% waits for a checker other than
 * its maker, who approves it only while the prices still stand where the request found them.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalCounts, decideServiceTransaction, listServiceTransactions } from '../../contract/approvals';
import { previewPhonePrices, updatePhonePrices } from '../../contract/inventory';
import { admins, approvalRequests, auditEvents, phoneModels } from '../../server/db/schema';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { startTestServer, type TestServer } from './harness';
import { userWithRoles } from './users';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'shopowner']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

const modelRow = async (sku: string) => {
    const [row] = await server.db.select().from(phoneModels).where(eq(phoneModels.sku, sku));
    if (!row) throw new Error(`No phone model ${sku}`);
    return row;
};

/** Each test its own seeded model, so none sees another's prices. */
const current = async (sku: string) => {
    const row = await modelRow(sku);
    return { cash_price: row.cashPrice, deposit: row.deposit, instalment_amount: row.instalmentAmount };
};

const cut = (value: number, share: number) => Math.round(value * (1 - share) * 100) / 100;

/** A cut of every price by `share` of the model's current ones. */
const cutBy = async (sku: string, share: number) => {
    const now = await current(sku);
    return {
        sku,
        cash_price: cut(now.cash_price, share),
        deposit: cut(now.deposit, share),
        instalment_amount: cut(now.instalment_amount, share),
    };
};

/** A cut beyond the threshold, asked for by admin (staff without a shop): its request's id. */
const requestCut = async (sku: string) => {
    const asked = await server.call(updatePhonePrices, { body: { prices: [await cutBy(sku, 0.3)] }, token: token.admin });
    expect(asked.status).toBe(200);
    expect(asked.body.updated).toEqual([]);
    const [request] = asked.body.requested;
    if (!request) throw new Error('No price change request was made');
    return request.request_id;
};

describe('who may change the catalogue', () => {
    it('the demo shop owner does not hold the role: no shop prices the catalogue', async () => {
        const refused = await server.call(updatePhonePrices, {
            body: { prices: [{ sku: 'SAM-A15-128', cash_price: 1, deposit: 1, instalment_amount: 1 }] },
            token: token.shopowner,
        });
        expect(refused.status).toBe(403);
        expect(refused.error).toMatchObject({ key: 'errors.forbidden' });
    });

    it('a caller attached to a shop is refused even holding the role, and the phone keeps its price in every shop', async () => {
        const sku = 'SAM-A15-128';
        const before = await current(sku);
        const [soweto] = await server.db.select({ storeId: admins.storeId }).from(admins).where(eq(admins.username, 'shopowner'));
        const shopPricer = await userWithRoles(server, token.admin, {
            roles: ['VIEW_INVENTORY', 'UPDATE_PHONE_PRICES'],
            storeId: soweto?.storeId ?? undefined,
            label: 'Pricer',
            msisdnPrefix: '2782555',
        });
        const refused = await server.call(updatePhonePrices, {
            body: { prices: [{ sku, cash_price: 1, deposit: 1, instalment_amount: 1 }] },
            token: shopPricer.token,
        });
        expect(refused.status).toBe(403);
        expect(refused.error).toMatchObject({ key: 'errors.catalogue_staff_only' });
        expect(await current(sku)).toEqual(before);
        // A small change is refused just the same: the rule is who, not how much.
        const small = await server.call(updatePhonePrices, {
            body: { prices: [{ sku, ...before, cash_price: before.cash_price + 1 }] },
            token: shopPricer.token,
        });
        expect(small.error).toMatchObject({ key: 'errors.catalogue_staff_only' });
        const preview = await server.call(previewPhonePrices, {
            body: { prices: [{ sku, cash_price: 1, deposit: 1, instalment_amount: 1 }] },
            token: shopPricer.token,
        });
        expect(preview.error).toMatchObject({ key: 'errors.catalogue_staff_only' });
        expect(await current(sku)).toEqual(before);
    });
});

describe('previewing a price change', () => {
    it('answers each model before and after, the change in percent and whether a checker is needed, changing nothing', async () => {
        const small = 'SAM-A25-128';
        const deep = 'VIVO-Y17S-64';
        const [smallBefore, deepBefore] = [await current(small), await current(deep)];
        const proposed = [
            await cutBy(small, 0.1),
            { ...(await cutBy(deep, 0)), sku: deep, deposit: cut(deepBefore.deposit, 0.25) },
        ];
        const preview = await server.call(previewPhonePrices, { body: { prices: proposed }, token: token.admin });
        expect(preview.status).toBe(200);
        const [first, second] = preview.body.models;
        const { sku: _sku, ...smallAfter } = proposed[0]!;
        expect(first).toMatchObject({ sku: small, before: smallBefore, after: smallAfter, needs_approval: false });
        expect(first?.change_percent.cash_price).toBeCloseTo(-10, 0);
        expect(second).toMatchObject({ sku: deep, before: deepBefore, needs_approval: true });
        expect(second?.change_percent).toMatchObject({ cash_price: 0, instalment_amount: 0 });
        expect(second?.change_percent.deposit).toBeCloseTo(-25, 0);
        expect([await current(small), await current(deep)]).toEqual([smallBefore, deepBefore]);
        const pending = await server.db.select().from(approvalRequests).where(eq(approvalRequests.kind, 'price_change'));
        expect(pending).toEqual([]);
    });

    it('a cut of exactly 20% applies at once; a cent more needs a checker', async () => {
        const sku = 'SAM-A25-128';
        const now = await current(sku);
        const edge = Math.ceil((Math.round(now.cash_price * 100) * 4) / 5) / 100;
        const at = async (cash: number) =>
            (await server.call(previewPhonePrices, { body: { prices: [{ sku, ...now, cash_price: cash }] }, token: token.admin }))
                .body.models[0]?.needs_approval;
        expect(await at(edge)).toBe(false);
        expect(await at(Math.round((edge - 0.01) * 100) / 100)).toBe(true);
    });
});

describe('staff without a shop', () => {
    it('change a price within the threshold at once, audited with before and after', async () => {
        const sku = 'OPPO-A18-128';
        const before = await current(sku);
        const proposed = await cutBy(sku, 0.15);
        const updated = await server.call(updatePhonePrices, { body: { prices: [proposed] }, token: token.admin });
        expect(updated.status).toBe(200);
        expect(updated.body.requested).toEqual([]);
        expect(updated.body.updated[0]).toMatchObject({ sku, before, after: proposed });
        expect(await current(sku)).toEqual({
            cash_price: proposed.cash_price,
            deposit: proposed.deposit,
            instalment_amount: proposed.instalment_amount,
        });
        const model = await modelRow(sku);
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'phone_models.update_prices'), eq(auditEvents.entityId, String(model.id))))
            .orderBy(desc(auditEvents.id))
            .limit(1);
        expect(event?.before).toMatchObject(before);
        expect(event?.after).toMatchObject({ sku, cash_price: proposed.cash_price });
    });

    it('a cut of more than 20% becomes a pending request and changes nothing; a second one waits behind it', async () => {
        const sku = 'ZTE-BLADE-A75';
        const before = await current(sku);
        const id = await requestCut(sku);
        expect(await current(sku)).toEqual(before);
        const [request] = await server.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
        expect(request).toMatchObject({ kind: 'price_change', status: 'pending', storeId: null });
        expect(request?.change).toMatchObject({ sku, cash_price_before: before.cash_price.toFixed(2) });
        const again = await server.call(updatePhonePrices, { body: { prices: [await cutBy(sku, 0.5)] }, token: token.admin });
        expect(again.status).toBe(409);
        expect(again.error).toMatchObject({ key: 'errors.request_pending' });

        // The checker sees it in the v2 queue and in the badges; a shop-attached caller does not.
        const queue = await server.call(listServiceTransactions, { query: {}, token: token.checker });
        expect(queue.body.find(row => row.id === id)).toMatchObject({ kind: 'price_change', subject: expect.any(String) });
        const found = await server.call(listServiceTransactions, { query: { q: sku.toLowerCase() }, token: token.checker });
        expect(found.body.map(row => row.id)).toEqual([id]);
        const counts = await server.call(approvalCounts, { token: token.checker });
        expect(counts.body.price_change).toBeGreaterThanOrEqual(1);
    });
});

describe('two people at once', () => {
    it('of ten makers asking for the same cut at once, one request is made; the others hear it waits', async () => {
        const sku = 'SAM-A15-128';
        const before = await current(sku);
        const outcome = await race(server, updatePhonePrices, 10, {
            body: { prices: [await cutBy(sku, 0.4)] },
            token: token.admin,
        });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 9 });
        expect(outcome.losers.every(loser => loser.error?.key === 'errors.request_pending')).toBe(true);
        const [winner] = outcome.winners;
        const id = winner?.body.requested[0]?.request_id ?? 0;
        expect(await current(sku)).toEqual(before);

        // Of ten checkers deciding it at once, one approves; the others hear it was decided.
        const decided = await race(server, decideServiceTransaction, 10, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(decided.statuses).toEqual({ 200: 1, 409: 9 });
        expect((await current(sku)).cash_price).toBe(cut(before.cash_price, 0.4));
    });
});

describe('deciding a price change', () => {
    it('the maker cannot approve it, nor a checker without the approving role', async () => {
        const sku = 'TECNO-SPARK20';
        const before = await current(sku);
        const id = await requestCut(sku);
        const own = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'approve' },
            token: token.admin,
        });
        expect(own.status).toBe(403);
        expect(own.error).toMatchObject({ key: 'errors.own_request' });
        const lesser = await userWithRoles(server, token.admin, {
            roles: ['VIEW_MAKER_CHECKER_REQUESTS', 'APPROVE_MAKER_CHECKER_REQUESTS', 'APPROVE_AGENT_REGISTRATION'],
            label: 'Prices',
            msisdnPrefix: '27851',
        });
        const refused = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'approve' },
            token: lesser.token,
        });
        expect(refused.status).toBe(403);
        expect(refused.error).toMatchObject({ key: 'errors.forbidden' });
        expect(await current(sku)).toEqual(before);
    });

    it('a checker approves it and the price changes, audited with before and after', async () => {
        const sku = 'ITEL-A70-64';
        const before = await current(sku);
        const proposed = await cutBy(sku, 0.3);
        const id = await requestCut(sku);
        const approved = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        expect(approved.body.request).toMatchObject({ kind: 'price_change', status: 'approved' });
        expect(await current(sku)).toEqual({
            cash_price: proposed.cash_price,
            deposit: proposed.deposit,
            instalment_amount: proposed.instalment_amount,
        });
        const model = await modelRow(sku);
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'phone_models.update_prices'), eq(auditEvents.entityId, String(model.id))))
            .orderBy(desc(auditEvents.id))
            .limit(1);
        expect(event?.before).toMatchObject(before);
        expect(event?.after).toMatchObject({ cash_price: proposed.cash_price });
        const again = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(again.error).toMatchObject({ key: 'errors.request_decided' });
    });

    it('a rejected one changes nothing', async () => {
        const sku = 'APPLE-IP13-128';
        const before = await current(sku);
        const id = await requestCut(sku);
        const rejected = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'reject', note: 'Too deep a cut' },
            token: token.checker,
        });
        expect(rejected.body.request).toMatchObject({ status: 'rejected' });
        expect(await current(sku)).toEqual(before);
    });

    it('a stale request is refused when the prices moved since it was made, and stays pending', async () => {
        const sku = 'HONOR-X6B-128';
        const id = await requestCut(sku);
        const moved = await cutBy(sku, -0.05);
        const raised = await server.call(updatePhonePrices, { body: { prices: [moved] }, token: token.admin });
        expect(raised.body.updated).toHaveLength(1);
        const stale = await server.call(decideServiceTransaction, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(stale.status).toBe(409);
        expect(stale.error).toMatchObject({ key: 'errors.prices_changed' });
        expect((await current(sku)).cash_price).toBe(moved.cash_price);
        const [request] = await server.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
        expect(request?.status).toBe('pending');
    });
});

describe('small cuts one after another', () => {
    const HOUR = 60 * 60 * 1000;

    /** A model of its own, priced at round figures, so no other test's changes reach it. */
    const freshModel = async (sku: string) => {
        await server.db.insert(phoneModels).values({
            sku,
            brand: 'Test',
            model: sku,
            cashPrice: 1000,
            deposit: 200,
            instalmentAmount: 100,
            instalmentPeriod: 'weekly',
            term: 10,
            lockSolution: 'samsung',
        });
        return sku;
    };

    it('are judged against the highest price of the last 24 hours: a second 15% cut waits for a checker, and the preview says so', async () => {
        const sku = await freshModel('TEST-WALK-DOWN');
        const first = await cutBy(sku, 0.15);
        const applied = await server.call(updatePhonePrices, { body: { prices: [first] }, token: token.admin });
        expect(applied.status).toBe(200);
        expect(applied.body.requested).toEqual([]);
        expect(applied.body.updated).toHaveLength(1);

        server.clock.advance(HOUR);
        const second = await cutBy(sku, 0.15);
        // 850 -> 722.50 is 15% off the current price but 27.75% off the 1,000 of an hour ago.
        const preview = await server.call(previewPhonePrices, { body: { prices: [second] }, token: token.admin });
        expect(preview.status).toBe(200);
        const [previewed] = preview.body.models;
        expect(previewed).toMatchObject({
            sku,
            before: { cash_price: 850, deposit: 170, instalment_amount: 85 },
            reference: { cash_price: 1000, deposit: 200, instalment_amount: 100 },
            needs_approval: true,
        });
        expect(previewed?.change_percent.cash_price).toBeCloseTo(-15, 0);

        const asked = await server.call(updatePhonePrices, { body: { prices: [second] }, token: token.admin });
        expect(asked.status).toBe(200);
        expect(asked.body.updated).toEqual([]);
        expect(asked.body.requested).toHaveLength(1);
        expect(await current(sku)).toEqual({ cash_price: 850, deposit: 170, instalment_amount: 85 });
        const [request] = await server.db
            .select()
            .from(approvalRequests)
            .where(eq(approvalRequests.id, asked.body.requested[0]?.request_id ?? 0));
        expect(request).toMatchObject({ kind: 'price_change', status: 'pending' });
        expect(request?.change).toMatchObject({ cash_price_before: '850.00', cash_price_after: '722.50' });
        // Rejected, so the model has no request waiting when its next cut is asked for.
        const rejected = await server.call(decideServiceTransaction, {
            body: { request_id: request?.id ?? 0, decision: 'reject', note: 'Step by step is still a deep cut' },
            token: token.checker,
        });
        expect(rejected.body.request).toMatchObject({ status: 'rejected' });
    });

    it('after 24 hours the old price no longer counts: a 15% cut applies at once again', async () => {
        const sku = 'TEST-WALK-DOWN';
        const [applied] = await server.db
            .select({ at: auditEvents.at })
            .from(auditEvents)
            .where(
                and(
                    eq(auditEvents.action, 'phone_models.update_prices'),
                    eq(auditEvents.entityId, String((await modelRow(sku)).id)),
                ),
            )
            .orderBy(desc(auditEvents.id))
            .limit(1);
        // Exactly 24 hours after the first cut, the 1,000 it replaced is out of the window.
        server.clock.advance((applied?.at.getTime() ?? 0) + 24 * HOUR - server.clock.now().getTime());
        // Sessions do not outlive a day: sign in again (in every token later tests might use).
        for (const username of Object.keys(token)) token[username] = await server.signIn(username);
        const next = await cutBy(sku, 0.15);
        const preview = await server.call(previewPhonePrices, { body: { prices: [next] }, token: token.admin });
        expect(preview.body.models[0]).toMatchObject({
            reference: { cash_price: 850, deposit: 170, instalment_amount: 85 },
            needs_approval: false,
        });
        const updated = await server.call(updatePhonePrices, { body: { prices: [next] }, token: token.admin });
        expect(updated.status).toBe(200);
        expect(updated.body.requested).toEqual([]);
        expect(await current(sku)).toEqual({ cash_price: 722.5, deposit: 144.5, instalment_amount: 72.25 });
    });
});
