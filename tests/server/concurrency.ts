/**
 * Parallel writers on one entity must leave exactly one effect. `race` fires the same request
 * `count` times at once and sorts the answers, so a domain's test states what the one winner and
 * the losers should see: `expect(outcome.statuses).toEqual({ 201: 1, 409: 49 })`.
 */
import type { CallDefinition } from '../../contract/define';
import type { CallOptions, CallResult, TestServer } from './harness';

export interface RaceOutcome<C extends CallDefinition> {
    /** How many answers had each status. */
    statuses: Record<number, number>;
    /** The successful answers. */
    winners: CallResult<C>[];
    /** The refused answers. */
    losers: CallResult<C>[];
}

export const race = async <C extends CallDefinition>(
    server: TestServer,
    call: C,
    count: number,
    options: CallOptions | ((index: number) => CallOptions),
): Promise<RaceOutcome<C>> => {
    const answers = await Promise.all(
        Array.from({ length: count }, (_, index) => server.call(call, typeof options === 'function' ? options(index) : options)),
    );
    const statuses: Record<number, number> = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    return {
        statuses,
        winners: answers.filter(answer => answer.status < 300),
        losers: answers.filter(answer => answer.status >= 300),
    };
};
