/**
 * A write a folder declares (`src/resources/<domain>/writes.ts`): what it does, and the resources
 * whose lists and records it changes. Declarations hold calls only, never screens.
 */
export interface Write<P, R> {
    /** The react-admin resources (and counts) whose cached lists and records this write changes: they are refetched after it. */
    refreshes: readonly string[];
    run: (params: P) => Promise<R>;
}

export const defineWrite = <P, R>(write: Write<P, R>): Write<P, R> => write;

/** The writes of one folder, by the name the data provider gives them. */
export type WriteTable = Record<string, Write<never, unknown>>;
