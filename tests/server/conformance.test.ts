/**
 * `npm run conformance` (tests/conformance/) against the reference server: every read-only call
 * answers in shape or refuses as the contract allows, for an administrator and for a stranger;
 * none of them changes anything (the audit trail does not grow); and a backend whose answer
 * leaves the contract is caught, with the path of the mismatch.
 */
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract';
import { auditEvents } from '../../server/db/schema';
import { isReadOnly, runConformance } from '../conformance/run';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let base: string;
beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server?.close());

const auditCount = async () => (await server.db.select({ n: count() }).from(auditEvents))[0]?.n ?? 0;

describe('the conformance check, against the reference server', () => {
    it('finds every read-only call answered in shape or refused as allowed, and changes nothing', async () => {
        const token = await server.signIn('admin');
        const before = await auditCount();
        const reports = await runConformance({ base, token });
        expect(reports.filter(report => report.verdict === 'outside')).toEqual([]);
        expect(reports.map(report => report.call).sort()).toEqual(
            Object.entries(calls)
                .filter(([, call]) => isReadOnly(call))
                .map(([name]) => name)
                .sort(),
        );
        expect(reports.filter(report => report.verdict === 'answered').length).toBeGreaterThan(30);
        expect(await auditCount()).toBe(before);
    }, 120_000);

    it('finds a stranger refused by every call but the public ones', async () => {
        const reports = await runConformance({ base });
        expect(reports.filter(report => report.verdict === 'outside')).toEqual([]);
        const answered = reports.filter(report => report.verdict === 'answered').map(report => report.call);
        expect(answered.every(name => calls[name as keyof typeof calls].access === 'public')).toBe(true);
        expect(reports.filter(report => report.verdict === 'refused').every(report => report.status === 401)).toBe(true);
    }, 120_000);

    it('catches an answer outside the contract, naming the call and the field', async () => {
        const token = await server.signIn('admin');
        // A backend whose users list forgets its total.
        const broken: typeof fetch = async (input, init) => {
            const response = await fetch(input, init);
            if (new URL(String(input)).pathname !== '/portal_api/prerequisites/admins') return response;
            const { total: _total, ...rest } = (await response.json()) as Record<string, unknown>;
            return new Response(JSON.stringify(rest), { status: response.status, headers: response.headers });
        };
        const reports = await runConformance({ base, token, fetch: broken });
        const outside = reports.filter(report => report.verdict === 'outside');
        expect(outside.map(report => report.call)).toEqual(['listAdmins']);
        expect(outside[0]?.detail).toContain('total');
    }, 120_000);
});
