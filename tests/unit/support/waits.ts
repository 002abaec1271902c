/**
 * How long the unit tests wait. The signed-in screens load on demand: on a busy machine the first
 * one takes over findBy's default second, and a whole journey over the default five, which failed
 * tests that were right; setup.ts gives every file the usual waits. A file whose journeys pass the
 * customer view, the largest screen loaded on demand, takes long ones for its run; one whose first
 * render of it on a machine busy with other test files took over 15 s, the longer ones. Either
 * gives the usual back after its tests.
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
const LONG: Waits = { asyncUtilTimeout: 15_000, testTimeout: 45_000 };
const LONGER: Waits = { asyncUtilTimeout: 30_000, testTimeout: 60_000 };

const waitUpTo = ({ asyncUtilTimeout, testTimeout }: Waits) => {
    configure({ asyncUtilTimeout });
    vi.setConfig({ testTimeout });
};

/** The usual waits (setup.ts, for every file). */
export const waitAsUsual = () => waitUpTo(USUAL);

const waitInThisFile = (waits: Waits) => {
    beforeAll(() => waitUpTo(waits));
    afterAll(() => waitUpTo(USUAL));
};

/** The long waits (findBy 15 s, a test 45 s) for this file's tests, the usual back after them. */
export const waitLongInThisFile = () => waitInThisFile(LONG);

/** The longer waits (findBy 30 s, a test 60 s) for this file's tests, the usual back after them. */
export const waitLongerInThisFile = () => waitInThisFile(LONGER);
