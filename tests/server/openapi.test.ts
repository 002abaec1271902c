/**
 * The published description of the API (server/openapi.ts): served as OpenAPI 3.1 that a
 * maintained validator accepts, holding every call of the contract at its true success status,
 * and a setting that is on outside production and a choice in production.
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract';
import type { OpenApiDocument } from '../../contract/openapi/document';
import { DOCS_PATH } from '../../server/apiDocs';
import { OPENAPI_PATH } from '../../server/openapi';
import { loadSettings } from '../../server/settings';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const served = async () => {
    const response = await server.app.inject({ method: 'GET', url: OPENAPI_PATH });
    return { response, document: response.json<OpenApiDocument>() };
};

describe('GET /portal_api/openapi.json', () => {
    it('is an OpenAPI 3.1 document a validator accepts, open to anyone', async () => {
        const { response, document } = await served();
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(document.openapi).toBe('3.1.0');
        const result = await validate(structuredClone(document) as never);
        expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    }, 60_000);

    it('holds every call of the contract, each at the status the server answers it with', async () => {
        const { document } = await served();
        const operations = Object.values(document.paths).flatMap(methods => Object.values(methods));
        expect(operations).toHaveLength(Object.keys(calls).length);
        const created = operations.filter(operation => '201' in operation.responses).map(operation => operation.operationId);
        expect(created.sort()).toEqual(
            Object.entries(calls)
                .filter(([, call]) => 'status' in call && call.status === 201)
                .map(([name]) => name)
                .sort(),
        );
    });

    it('is refused by the validator when broken, so the check above can fail', async () => {
        const { document } = await served();
        // A parameter placed nowhere OpenAPI knows.
        const broken = structuredClone(document);
        const operation = Object.values(broken.paths)
            .flatMap(methods => Object.values(methods))
            .find(candidate => (candidate.parameters ?? []).length > 0);
        const [parameter] = operation?.parameters ?? [];
        expect(parameter).toBeDefined();
        if (parameter) parameter.in = 'somewhere';
        const result = await validate(broken as never);
        expect(result.valid).toBe(false);
    }, 60_000);

    it('is not served when API_DOCS is off, nor its reference page', async () => {
        const app = await server.buildAnother({ apiDocs: false });
        try {
            expect((await app.inject({ method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(404);
            expect((await app.inject({ method: 'GET', url: DOCS_PATH })).statusCode).toBe(404);
            expect((await app.inject({ method: 'GET', url: `${DOCS_PATH}/swagger-ui-bundle.js` })).statusCode).toBe(404);
        } finally {
            await app.close();
        }
    });

    it('is on outside production, off in production unless asked for', () => {
        expect(loadSettings({}).apiDocs).toBe(true);
        expect(loadSettings({ NODE_ENV: 'production' }).apiDocs).toBe(false);
        expect(loadSettings({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
        expect(loadSettings({ API_DOCS: 'off' }).apiDocs).toBe(false);
        expect(() => loadSettings({ API_DOCS: 'maybe' })).toThrow('API_DOCS must be on or off');
    });
});

describe('GET /portal_api/docs, the reference page', () => {
    it('is a page of files from this server only, under the portal’s Content-Security-Policy', async () => {
        const page = await server.app.inject({ method: 'GET', url: DOCS_PATH });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
        // No inline script (the policy would refuse it) and nothing from another origin.
        expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
        const addresses = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, address]) => address ?? '');
        expect(addresses.filter(address => !address.startsWith('data:'))).toEqual(
            expect.arrayContaining([`${DOCS_PATH}/swagger-ui-bundle.js`, `${DOCS_PATH}/start.js`]),
        );
        for (const address of addresses.filter(address => !address.startsWith('data:'))) {
            expect(address.startsWith(`${DOCS_PATH}/`), address).toBe(true);
            const file = await server.app.inject({ method: 'GET', url: address });
            expect(file.statusCode, address).toBe(200);
            expect(file.headers['content-type'], address).toMatch(/^text\/(javascript|css)/);
        }
        const start = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/start.js` });
        expect(start.body).toContain(JSON.stringify(OPENAPI_PATH));
    });

    it('answers a file it does not serve with 404 in the error shape', async () => {
        for (const file of ['package.json', '..%2Fpackage.json', 'constructor', 'toString']) {
            const response = await server.app.inject({ method: 'GET', url: `${DOCS_PATH}/${file}` });
            expect(response.statusCode, file).toBe(404);
            expect(response.json(), file).toMatchObject({ code: 404, key: 'errors.not_found' });
        }
    });
});
