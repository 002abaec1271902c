/**
 * The contract as an OpenAPI 3.1 document (contract/openapi/): every call once, under its name and
 * domain, at its true success status, with the role it needs; rules JSON Schema cannot say are
 * written out where they apply, and a rule without words stops the build.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, callsByDomain } from '../../contract';
import { defineCall, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, type CallDefinition } from '../../contract/define';
import { openApiDocument, UnlistedRules, type JsonSchema, type Operation } from '../../contract/openapi/document';

const OPTIONS = { title: 'portal_api', version: 'test', serverUrl: '/portal_api' };
const { document, unexpressed } = openApiDocument(callsByDomain, OPTIONS);

const operations = Object.values(document.paths).flatMap(methods => Object.values(methods));
const operation = (name: string): Operation => {
    const found = operations.find(candidate => candidate.operationId === name);
    if (!found) throw new Error(`No operation ${name}`);
    return found;
};
const bodySchema = (name: string) =>
    ((operation(name).requestBody?.content as Record<string, { schema: JsonSchema }>)['application/json']?.schema ?? {}) as {
        properties: Record<string, JsonSchema>;
    };

describe('the OpenAPI document of the contract', () => {
    it('holds every call once, named by the call and tagged by its domain', () => {
        expect(operations.map(found => found.operationId).sort()).toEqual(Object.keys(calls).sort());
        for (const [domain, domainCalls] of Object.entries(callsByDomain)) {
            for (const name of Object.keys(domainCalls)) expect(operation(name).tags).toEqual([domain]);
        }
        expect(document.openapi).toBe('3.1.0');
    });

    it('answers each call at the status the server answers it: 201 where it creates', () => {
        for (const [name, call] of Object.entries(calls)) {
            const success = Object.keys(operation(name).responses).filter(status => status < '300');
            expect(success, name).toEqual([String('status' in call ? call.status : 200)]);
        }
        expect(Object.keys(operation('createAdmin').responses)).toContain('201');
        expect(Object.keys(operation('listAdmins').responses)).toContain('200');
    });

    it('lists the optional Idempotency-Key with its pattern, the 422 and the replay header on the calls marked idempotency only', () => {
        for (const [name, call] of Object.entries(calls) as [string, CallDefinition][]) {
            const found = operation(name);
            const header = found.parameters?.find(parameter => parameter.in === 'header');
            if (!call.idempotency) {
                expect([header, found.responses['422']], name).toEqual([undefined, undefined]);
                continue;
            }
            expect(header, name).toMatchObject({
                name: IDEMPOTENCY_KEY_HEADER,
                required: false,
                schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
            });
            expect(found.responses['422'], name).toEqual({ $ref: '#/components/responses/KeyReused' });
            expect(found.responses[String(call.status ?? 200)]?.headers, name).toHaveProperty(IDEMPOTENT_REPLAYED_HEADER);
        }
        expect(document.components.responses.KeyReused).toBeDefined();
    });

    it('says the role a call needs, and opens public calls to anyone', () => {
        expect(operation('listAdmins')['x-required-role']).toBe('VIEW_USERS');
        expect(operation('listAdmins').description).toContain('Needs the role VIEW_USERS.');
        expect(operation('login').security).toEqual([]);
        expect(document.components.securitySchemes).toHaveProperty('accessToken.name', 'access-token');
    });

    it('writes out what JSON Schema cannot say, where it applies and in the description', () => {
        const imei = bodySchema('createLoan').properties.imei ?? {};
        expect(imei.pattern).toBe('^[0-9]{15}$');
        expect(imei['x-rules']).toContain('The 15th digit is the Luhn check digit of the first 14.');
        expect(imei['x-rules']).toContain('Spaces at either end are removed before it is checked.');
        expect(operation('createLoan').description).toContain('`body.imei`: The 15th digit is the Luhn check digit');
        // A number written in the query: the digits, then the number they make.
        const limit = operation('listAdmins').parameters?.find(parameter => parameter.name === '$limit');
        expect(limit?.schema).toMatchObject({ 'x-then': { type: 'integer', minimum: 0, maximum: 1000 } });
        expect(limit?.schema).toMatchObject({
            anyOf: [{ 'x-rules': ['Digits are read as the number they write.'] }, { type: 'number' }],
        });
        // A phone number: how what was typed is converted, then the form it must then have.
        const msisdn = bodySchema('createAdmin').properties.msisdn ?? {};
        expect(msisdn['x-rules']).toEqual(
            expect.arrayContaining([
                expect.stringMatching(/^The number is read in international form: .*0821234567 → 27821234567/),
            ]),
        );
        expect(msisdn['x-then']).toEqual({ type: 'string', pattern: '^[1-9][0-9]{8,14}$' });
        // A superRefine says its rule through its description.
        expect(unexpressed.some(rule => rule.operationId === 'biAnalysis' && rule.rule.includes('at most 1096 days'))).toBe(true);
    });

    it('describes uploads as multipart forms with their file', () => {
        const upload = operation('uploadImage').requestBody ?? {};
        expect(upload).toHaveProperty(['content', 'multipart/form-data', 'schema', 'required'], ['kind', 'file']);
        expect(upload['x-max-file-bytes']).toBe(5 * 1024 * 1024);
    });

    it('refuses to build when a rule has no words, naming the call and the field', () => {
        const unworded = defineCall({
            summary: 'A call with a rule nobody described.',
            method: 'POST',
            path: '/scratch',
            access: 'signed-in',
            body: z.object({ even: z.number().refine(value => value % 2 === 0, 'an even number') }),
            response: z.object({}),
        });
        expect(() => openApiDocument({ scratch: { unworded } }, OPTIONS)).toThrow(UnlistedRules);
        expect(() => openApiDocument({ scratch: { unworded } }, OPTIONS)).toThrow('unworded body.even: unlisted: an even number');
    });

    it('refuses to build when a conversion has no words', () => {
        const unworded = defineCall({
            summary: 'A call converting its input in a way nobody described.',
            method: 'POST',
            path: '/scratch',
            access: 'signed-in',
            body: z.object({
                shout: z
                    .string()
                    .transform(text => `${text}!`)
                    .pipe(z.string().max(10)),
            }),
            response: z.object({}),
        });
        expect(() => openApiDocument({ scratch: { unworded } }, OPTIONS)).toThrow('unworded body.shout: unlisted: a conversion');
    });
});
