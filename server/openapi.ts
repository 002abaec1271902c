/**
 * The published description of the API: `GET /portal_api/openapi.json` answers the contract as an
 * OpenAPI 3.1 document (contract/openapi/), for backend teams, client generators and gateways.
 * Served when API_DOCS is on (server/settings.ts): by default outside production. Built once, on
 * the first request, from the same contract the routes are mounted from, so it cannot differ
 * from what this server does.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE, callsByDomain, PORTAL_VERSION } from '../contract';
import { openApiDocument } from '../contract/openapi/document';

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/** The document as the server publishes it. */
export const publishedDocument = () =>
    openApiDocument(callsByDomain, { title: 'portal_api', version: PORTAL_VERSION, serverUrl: API_BASE }).document;

export const registerOpenApiRoute = (app: FastifyInstance): void => {
    let text: string | undefined;
    app.get(OPENAPI_PATH, async (_request, reply) => {
        text ??= JSON.stringify(publishedDocument());
        return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
    });
};
