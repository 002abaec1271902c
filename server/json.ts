/**
 * JSON bodies are judged by their shape before they are parsed. A stranger's body of a million
 * nested `[` or a hundred thousand keys costs nothing to send, but JSON.parse builds it, and every
 * walk over it afterwards (the forbidden-character check, the schema, the error's field path) pays
 * for its depth or its width; a recursive walk overflows its stack. One pass over the text, which
 * stops at the first level too deep or the first entry too many, refuses such a body for less than
 * parsing it would cost, whatever its size (at most the 1 MB body limit).
 */
import type { ConstructorAction, FastifyInstance, FastifyRequest, ProtoAction } from 'fastify';
import { invalidInput } from './http-error';

/**
 * The deepest a body may nest, the body object itself being level 1. No call needs more than a
 * handful (a list of objects in an object is 3); the margin is for calls yet to come.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The most entries a body may hold, counting each list or object and each comma-separated item
 * (an object of n keys counts n). The largest body a call takes, 500 inventory rows of four fields
 * (`addInventoryItems`), counts about 2,500.
 */
export const MAX_JSON_VALUES = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Why this JSON text is too deep or too wide to parse, or null. Brackets and commas inside strings
 * (escaped quotes included) do not count. Malformed text is left to the parser to refuse: an extra
 * closing bracket only lowers the count, it can never hide a level.
 */
export const jsonShapeProblem = (text: string): string | null => {
    let depth = 0;
    let entries = 0;
    const length = text.length;
    for (let index = 0; index < length; index += 1) {
        const code = text.charCodeAt(index);
        if (code === QUOTE) {
            // Skip to the closing quote: one not preceded by an odd run of backslashes.
            for (index += 1; index < length; index += 1) {
                const inner = text.charCodeAt(index);
                if (inner === BACKSLASH) index += 1;
                else if (inner === QUOTE) break;
            }
        } else if (code === OPEN_LIST || code === OPEN_OBJECT) {
            depth += 1;
            entries += 1;
            if (depth > MAX_JSON_DEPTH) return `the body nests deeper than ${MAX_JSON_DEPTH} levels`;
            if (entries > MAX_JSON_VALUES) return `the body holds more than ${MAX_JSON_VALUES} values`;
        } else if (code === CLOSE_LIST || code === CLOSE_OBJECT) {
            depth -= 1;
        } else if (code === COMMA) {
            entries += 1;
            if (entries > MAX_JSON_VALUES) return `the body holds more than ${MAX_JSON_VALUES} values`;
        }
    }
    return null;
};

/** How the app treats `__proto__` and `constructor.prototype` keys (Fastify's options of those names). */
export interface PoisoningActions {
    onProtoPoisoning: ProtoAction;
    onConstructorPoisoning: ConstructorAction;
}

/**
 * Fastify's own JSON parser (prototype poisoning handled as the app is configured), behind the
 * shape check: a body too deep or too wide is a 400 naming `body`, before JSON.parse sees it.
 */
export const registerJsonParser = (app: FastifyInstance, actions: PoisoningActions): void => {
    // Fastify's default parser is the callback kind.
    const parse = app.getDefaultJsonParser(actions.onProtoPoisoning, actions.onConstructorPoisoning) as (
        request: FastifyRequest,
        body: string,
        done: (error: Error | null, body?: unknown) => void,
    ) => void;
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        const problem = jsonShapeProblem(text);
        if (problem) {
            done(invalidInput([{ field: 'body', message: problem, key: 'errors.invalid_input' }]), undefined);
            return;
        }
        parse(request, text, done);
    });
};
