/**
 * Every answer the server tests receive, checked against the published OpenAPI document
 * (contract/openapi/): its status must be one the document gives the operation, and its body
 * must match the schema the document gives that status. The document cannot drift from the
 * server while the server tests pass. Calls outside the contract (the development stand-ins of
 * contract/dev.ts) are not in the document and are not checked.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { calls, callsByDomain } from '../../contract';
import type { CallDefinition } from '../../contract/define';
import { openApiDocument, type JsonSchema, type OpenApiDocument } from '../../contract/openapi/document';

const { document } = openApiDocument(callsByDomain, { title: 'portal_api', version: 'test', serverUrl: '/portal_api' });

const ajv = new Ajv2020({ allErrors: false, strict: true });
addFormats(ajv);
// The document's own keywords: words and the value's second check, for readers, not for validators.
ajv.addKeyword('x-rules');
ajv.addKeyword('x-then');

const names = new Map<CallDefinition, string>(Object.entries(calls).map(([name, call]) => [call as CallDefinition, name]));
const operations = new Map(
    Object.values(document.paths)
        .flatMap(methods => Object.values(methods))
        .map(operation => [operation.operationId, operation]),
);

const validators = new Map<string, ValidateFunction>();

/** A response of the document, followed through `#/components/responses/…`. */
const responseOf = (response: JsonSchema): JsonSchema => {
    const target = typeof response.$ref === 'string' ? response.$ref.replace('#/components/responses/', '') : undefined;
    return target ? ((document.components.responses[target] ?? {}) as JsonSchema) : response;
};

const schemaOf = (response: JsonSchema): JsonSchema | undefined =>
    ((response.content as Record<string, { schema?: JsonSchema }> | undefined)?.['application/json']?.schema ?? undefined) as
        JsonSchema | undefined;

/** The schema with its references into the document's shared schemas (the error answer) put in place. */
const inlined = (schema: JsonSchema): JsonSchema => {
    const target = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
    return target ? (document.components.schemas[target] ?? schema) : schema;
};

/**
 * Why an answer is outside the document, or undefined when it is inside: its status is not one
 * the document gives the call, or its body does not match that status's schema.
 */
export const outsideDocument = (definition: CallDefinition, status: number, body: unknown): string | undefined => {
    const name = names.get(definition);
    if (!name) return undefined;
    const operation = operations.get(name);
    if (!operation) return `${name} is not in the document`;
    const response = operation.responses[String(status)];
    if (!response)
        return `${name} answered ${status}, which the document does not give it (${Object.keys(operation.responses).join(', ')})`;
    const schema = schemaOf(responseOf(response));
    if (!schema) return undefined;
    const key = `${name} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
        validate = ajv.compile(inlined(schema));
        validators.set(key, validate);
    }
    if (validate(body)) return undefined;
    const [first] = validate.errors ?? [];
    return `${name} answered ${status} outside the document: ${first?.instancePath || '(the body)'} ${first?.message ?? ''}`;
};

export type { OpenApiDocument };
