/**
 * A write a folder declares (`src/resources/<domain>/writes.ts`): what it does, and the resources
 * whose lists and records it changes. Declarations hold calls only, never screens.
 */
export interface Write<P, R> {
    /**
     * The react-admin resources (and counts) whose cached lists and records this write changes:
     * they are refetched after it. A function of the write's params where what it changes depends
     * on them (a decision on a deregistration changes other queues than one on a price cut).
     */
    refreshes: readonly string[] | ((params: P) => readonly string[]);
    run: (params: P) => Promise<R>;
}

export const defineWrite = <P, R>(write: Write<P, R>): Write<P, R> => write;

/** The resources a write with these params changes. */
export const refreshesOf = <P, R>(write: Write<P, R>, params: P): readonly string[] =>
    typeof write.refreshes === 'function' ? write.refreshes(params) : write.refreshes;

/** The writes of one folder, by the name the data provider gives them. */
export type WriteTable = Record<string, Write<never, unknown>>;
