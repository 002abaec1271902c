/**
 * Statement reuse on the embedded database. PGlite's `query` speaks the extended protocol in six
 * exchanges with its WebAssembly backend (parse, describe, bind, describe, execute, sync), parsing
 * and planning the text every time: on an indexed call that was about 38% of the server's time
 * (bench/profile.ts --db=pglite). Here a query outside a transaction is parsed once as a named
 * statement and then run in one exchange (bind, describe, execute, sync), with the same locks
 * PGlite's own `query` takes, so it never runs inside another caller's transaction. Queries inside
 * a transaction go through PGlite's transaction object, unchanged.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Statements kept per database; the least recently used is closed past it. */
export const PGLITE_STATEMENTS = 200;

/** The errors after which a kept statement is parsed again: its plan or its tables changed (DDL). */
const STALE_STATEMENT = new Set(['0A000', '26000', '42P01']);

const joined = (parts: Uint8Array[]): Uint8Array => {
    const all = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let at = 0;
    for (const part of parts) {
        all.set(part, at);
        at += part.length;
    }
    return all;
};

interface Statement {
    name: string;
    parameterTypes: number[];
}

const codeOf = (error: unknown): string | undefined =>
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/**
 * The client with a `query` that reuses statements (what drizzle calls outside transactions); every
 * other property is the client's own.
 */
export const withStatementReuse = (client: PGlite, size = PGLITE_STATEMENTS): PGlite => {
    const statements = new Map<string, Statement>();
    let counter = 0;
    /**
     * PGlite merges a query's parsers into its hundreds of defaults on every query: 18% of an
     * indexed call's time. Drizzle passes the same parsers object on every run of a prepared read,
     * so the merge is kept per object (and made again if PGlite's own parsers change).
     */
    const merges = new WeakMap<NonNullable<QueryOptions['parsers']>, { base: PGlite['parsers']; merged: PGlite['parsers'] }>();
    const parsersFor = (parsers: QueryOptions['parsers']): PGlite['parsers'] => {
        if (!parsers) return client.parsers;
        const kept = merges.get(parsers);
        if (kept?.base === client.parsers) return kept.merged;
        const merged = { ...client.parsers, ...parsers };
        merges.set(parsers, { base: client.parsers, merged });
        return merged;
    };

    const prepared = async (text: string, options: QueryOptions | undefined): Promise<Statement> => {
        const kept = statements.get(text);
        if (kept) {
            // Most recently used last.
            statements.delete(text);
            statements.set(text, kept);
            return kept;
        }
        const name = `portal_${++counter}`;
        const parts = [
            protocol.serialize.parse({ name, text, types: options?.paramTypes }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
        ];
        const oldest = statements.size >= size ? statements.entries().next().value : undefined;
        if (oldest) {
            statements.delete(oldest[0]);
            parts.unshift(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
        }
        const { messages } = await client.execProtocol(joined(parts), { syncToFs: false });
        const description = messages.find(message => message.name === 'parameterDescription');
        const statement = {
            name,
            parameterTypes: description && 'dataTypeIDs' in description ? (description.dataTypeIDs as number[]) : [],
        };
        statements.set(text, statement);
        return statement;
    };

    const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
        const statement = await prepared(text, options);
        const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const type = statement.parameterTypes[index] ?? 0;
            const serializer = options?.serializers?.[type] ?? client.serializers[type];
            return serializer ? serializer(value) : String(value as string);
        });
        const { messages } = await client.execProtocol(
            joined([
                protocol.serialize.bind({ statement: statement.name, values }),
                protocol.serialize.describe({ type: 'P' }),
                protocol.serialize.execute({}),
                protocol.serialize.sync(),
            ]),
            { syncToFs: false },
        );
        const [result] = parse.parseResults(
            messages,
            parsersFor(options?.parsers),
            options?.parsers ? { ...options, parsers: undefined } : options,
        );
        if (!result) throw new Error('The database answered no result');
        return result as Results<T>;
    };

    const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
        // A blob (COPY … '/dev/blob') needs PGlite's own handling.
        if (options?.blob) return client.query<T>(text, params, options);
        await client._checkReady();
        return client._runExclusiveTransaction(() =>
            client._runExclusiveQuery(async () => {
                let result: Results<T>;
                try {
                    result = await run<T>(text, params, options);
                } catch (error) {
                    if (!STALE_STATEMENT.has(codeOf(error) ?? '') || !statements.has(text)) throw error;
                    // Parsed before a schema change: parse it again, once.
                    statements.delete(text);
                    result = await run<T>(text, params, options);
                }
                // As PGlite's own query does outside a transaction.
                await client.syncToFs();
                return result;
            }),
        );
    };

    return new Proxy(client, {
        get(target, property) {
            if (property === 'query') return query;
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
    });
};
