/**
 * Which calls are safe to retry and which may wait offline (contract/define.ts `idempotency`):
 * every call that creates something takes a key, and nothing that needs the server's answer at the
 * time (money, approvals, price changes, device commands) is ever queued.
 */
import { describe, expect, it } from 'vitest';
import { callsByDomain } from '../../contract';
import type { CallDefinition } from '../../contract/define';
import { QUEUED_CALLS } from '../../src/lib/offlineQueue';

const all = Object.entries(callsByDomain).flatMap(([domain, calls]) =>
    Object.entries(calls as Record<string, CallDefinition>).map(([name, call]) => ({ domain, name, call })),
);

describe('the calls that take an Idempotency-Key', () => {
    it('include every call that creates something', () => {
        const creating = all.filter(({ call }) => call.status === 201).map(({ name }) => name);
        expect(creating.filter(name => !all.find(found => found.name === name)?.call.idempotency)).toEqual([]);
    });

    it('are never read-only calls', () => {
        expect(
            all.filter(({ call }) => call.idempotency && (call.method === 'GET' || call.readOnly)).map(({ name }) => name),
        ).toEqual([]);
    });

    it('queue offline only where the answer is not needed at the time: never money, approvals, prices or devices', () => {
        const queued = all.filter(({ call }) => call.idempotency === 'queue');
        expect(queued.map(({ name }) => name).sort()).toEqual([
            'fieldAgentRequest',
            'identityValidation',
            'kycDetails',
            'rateCall',
            'uploadImage',
        ]);
        // The portal's outbox keeps exactly these.
        expect(Object.keys(QUEUED_CALLS).sort()).toEqual(queued.map(({ name }) => name).sort());
        for (const { domain, name } of queued) {
            expect(['money', 'approvals', 'devices', 'inventory', 'lending'], name).not.toContain(domain);
        }
    });
});
