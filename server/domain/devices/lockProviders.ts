/**
 * The lock providers: one adapter per lock solution behind one interface. The real providers
 * (Trustonic, Samsung Knox, …) are proprietary services this server cannot reach, so every
 * solution is served by the simulator below; a real adapter replaces one entry of LOCK_PROVIDERS.
 *
 * A command is sent at once and answered later. Nothing runs on a timer: a command's answer is
 * read when a device is next looked at (./commands.ts, `refreshDevices`), so
 * tests drive it with the injected clock and no timer races them.
 */
import { randomUUID } from 'node:crypto';
import { LOCK_SOLUTIONS, type LockSolution } from '../../../contract/devices';
import type { DeviceCommand } from '../records';

export type ProviderAnswer = { kind: 'waiting' } | { kind: 'confirmed' } | { kind: 'failed'; reason: string };

export interface CommandInFlight {
    imei: string;
    command: DeviceCommand;
    ref: string;
    answerDueAt: Date;
}

export interface LockProvider {
    solution: LockSolution;
    /** A real adapter is 'live'; the system check says which solutions are only simulated. */
    mode: 'live' | 'simulator';
    /** Sends a command for a phone; answers the provider's reference and when to ask for its answer. */
    send(command: DeviceCommand, imei: string, now: Date): { ref: string; answerDueAt: Date };
    /** The provider's answer about a command in flight, as of `now`. */
    answer(command: CommandInFlight, now: Date): ProviderAnswer;
}

/**
 * The simulator's rule for failures, so a demo and a test can show one: every command for a phone
 * whose type allocation code (the IMEI's first 8 digits) is this one fails.
 */
export const SIMULATED_FAILURE_TAC = '01000000';

/** How long each simulated provider takes to answer, in milliseconds. */
export const SIMULATED_DELAY_MS: Readonly<Record<LockSolution, number>> = {
    trustonic: 5_000,
    think_adams: 8_000,
    samsung: 5_000,
    oguard: 10_000,
    rguard: 10_000,
    zte: 8_000,
    vivo: 3_000,
    own: 2_000,
};

const simulator = (solution: LockSolution): LockProvider => ({
    solution,
    mode: 'simulator',
    send: (_command, _imei, now) => ({
        ref: `${solution}-${randomUUID()}`,
        answerDueAt: new Date(now.getTime() + SIMULATED_DELAY_MS[solution]),
    }),
    answer: (command, now) => {
        if (now < command.answerDueAt) return { kind: 'waiting' };
        if (command.imei.startsWith(SIMULATED_FAILURE_TAC)) {
            return { kind: 'failed', reason: `The ${solution} service refused the ${command.command} command for this device` };
        }
        return { kind: 'confirmed' };
    },
});

export const LOCK_PROVIDERS: Readonly<Record<LockSolution, LockProvider>> = Object.fromEntries(
    LOCK_SOLUTIONS.map(solution => [solution, simulator(solution)]),
) as Record<LockSolution, LockProvider>;
