/**
 * Answers written by fast-json-stringify from the contract's response schemas (server/serializers.ts)
 * are the same text JSON.stringify writes. The whole server suite checks every answer it sees
 * (harness.ts builds its apps with `checkSerializers`); this file checks what the suite may not
 * reach: values generated from each call's response schema, odd text, and the calls that stay on
 * JSON.stringify.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer, jsonStringifyCalls, responseJsonSchema } from '../../server/serializers';
import { callEntries, everyCall } from './contractCases';
import { validArbitrary } from './zodArbitraries';

/** Unions of objects, a free-form `details` and the analytics' either-or figures: JSON.stringify writes them. */
const ON_JSON_STRINGIFY = [
    'POST /authentication',
    'GET /prerequisites/audit-events',
    'POST /api/digital_assisted/customer-identification',
    'POST /api/v1/field_agent_request',
    'POST /api/v1/lipa_pole_pole_loans',
    'POST /api/v1/create_loan',
    'POST /api/v1/loan_progress',
    'POST /api/v1/initiate_loan_cancellation',
    'POST /api/v1/view_customer_device_lock_type',
    'POST /api/v1/device_lock_command',
    'POST /api/v1/confirm_lock_activation',
    'POST /api/v1/verify_auth_code/vivo/device',
    'POST /api/v1/release/trustonic/device',
    'GET /api/v1/bi_analysis',
    'GET /api/v1/bi_dashboard',
];

const ODD_TEXT = [
    '\ud800',
    'a\udfff',
    '\u2028\u2029',
    '\u0000\u001f"\\/',
    '😀',
    `${'x'.repeat(100)}\ud800`,
    '\u007f\u0085',
    'é'.repeat(60),
];

describe('answers written from the response schemas', () => {
    it('leave only the calls whose schemas cannot be said faithfully on JSON.stringify', () => {
        const left = jsonStringifyCalls(everyCall).map(line => line.split(':')[0]);
        expect(left.sort()).toEqual([...ON_JSON_STRINGIFY].sort());
        // Most calls are written from their schema.
        expect(Object.keys(everyCall).length - left.length).toBeGreaterThan(100);
    });

    it('refuse what fast-json-stringify would write differently', () => {
        const refused = [
            z.object({ a: z.union([z.object({ b: z.string() }), z.object({ c: z.number() })]) }),
            z.object({ details: z.unknown() }),
            z.object({ at: z.date() }),
            z.object({ n: z.string().transform(Number) }),
            z.array(z.any()),
            z.record(z.string(), z.union([z.string(), z.number()])),
        ];
        for (const schema of refused) expect(responseJsonSchema(schema)).toBeNull();
        expect(responseJsonSchema(z.object({ a: z.string().nullable(), b: z.object({ c: z.number() }).nullable() }))).toEqual({
            type: 'object',
            properties: {
                a: { type: 'string', nullable: true },
                b: {
                    type: 'object',
                    properties: { c: { type: 'number' } },
                    required: ['c'],
                    additionalProperties: false,
                    nullable: true,
                },
            },
            required: ['a', 'b'],
            additionalProperties: false,
        });
    });

    it('with the check, an answer the schema would change fails instead of being sent changed', () => {
        const schema = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
        const checked = compileSerializer(schema, true, 'GET /example');
        expect(checked({ a: 2 })).toBe('{"a":2}');
        // Coerced and dropped without the check.
        expect(compileSerializer(schema, false, 'GET /example')({ a: 1.5, b: 1 })).not.toBe('{"a":1.5,"b":1}');
        expect(() => checked({ a: 1.5 })).toThrow(/GET \/example .* differs from JSON.stringify/);
        expect(() => checked({ a: 2, b: 1 })).toThrow(/differs/);
    });

    it.each(callEntries().filter(([, call]) => responseJsonSchema(call.response) !== null))(
        '%s: generated answers are written as JSON.stringify writes them',
        (_name, call) => {
            const schema = responseJsonSchema(call.response);
            if (!schema) throw new Error('no schema');
            const serialize = compileSerializer(schema, false, call.path);
            let compared = 0;
            fc.assert(
                fc.property(validArbitrary(call.response), value => {
                    const parsed = call.response.safeParse(value);
                    if (!parsed.success) return;
                    compared += 1;
                    expect(serialize(parsed.data)).toBe(JSON.stringify(parsed.data));
                }),
                { numRuns: 40, seed: 25 },
            );
            // Not every generated value passes the schema's checks, but some must, or nothing was compared.
            expect(compared).toBeGreaterThan(0);
        },
    );

    it('write odd text (lone surrogates, controls, line separators) as JSON.stringify does', () => {
        const serialize = compileSerializer(
            { type: 'object', properties: { s: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } } },
            false,
            'text',
        );
        for (const s of ODD_TEXT) {
            const value = { s, list: [s, ...ODD_TEXT] };
            expect(serialize(value)).toBe(JSON.stringify(value));
        }
    });
});
