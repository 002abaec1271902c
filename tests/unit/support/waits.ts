/**
 * How long the unit tests wait. The signed-in screens load on demand: on a busy machine the first
 * one takes over findBy's default second, and a whole journey over the default five, which failed
 * tests that were right; setup.ts gives every file the usual waits. A file whose tests open the
 * customer view (its first render on a machine busy with other test files took over 15 s) takes
 * the longer ones for its run, and gives the usual back after it.
 */
import { configure } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

interface Waits {
    /** findBy…/waitFor's limit. */
    asyncUtilTimeout: number;
    /** One test's limit. */
    testTimeout: number;
}

const USUAL: Waits = { asyncUtilTimeout: 5000, testTimeout: 20_000 };
const LONGER: Waits = { asyncUtilTimeout: 30_000, testTimeout: 60_000 };

const waitUpTo = ({ asyncUtilTimeout, testTimeout }: Waits) => {
    configure({ asyncUtilTimeout });
    vi.setConfig({ testTimeout });
};

/** The usual waits (setup.ts, for every file). */
export const waitAsUsual = () => waitUpTo(USUAL);

/** The longer waits for this file's tests, the usual back after them. */
export const waitLongerInThisFile = () => {
    beforeAll(() => waitUpTo(LONGER));
    afterAll(() => waitUpTo(USUAL));
};
