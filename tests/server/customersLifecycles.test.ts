/**
 * The loan's status and the device lock's state move only along their lifecycles: every pair is
 * walked, the legal moves are exactly those written here (from docs/domain.md, not from the code),
 * and every other is refused with a 409 that names the reason.
 */
import { describe, expect, it } from 'vitest';
import { DEVICE_STATES, type DeviceState } from '../../contract/devices';
import { LOAN_STATUSES, type LoanStatus } from '../../contract/customers';
import {
    DEVICE_ANSWERS,
    DEVICE_COMMANDS,
    moveLoan,
    nextDeviceState,
    type DeviceEvent,
} from '../../server/domain/records/lifecycles';
import { HttpError } from '../../server/http';

const LEGAL_LOAN_MOVES: readonly (readonly [LoanStatus, LoanStatus])[] = [
    ['draft', 'awaiting_deposit'],
    ['awaiting_deposit', 'awaiting_lock'],
    ['awaiting_lock', 'active'],
    ['active', 'completed'],
    ['draft', 'cancelled'],
    ['awaiting_deposit', 'cancelled'],
    ['active', 'deactivated'],
];

const refusal = (work: () => unknown) => {
    try {
        work();
    } catch (error) {
        return error instanceof HttpError ? { status: error.status, key: error.key } : { thrown: String(error) };
    }
    return null;
};

describe('the loan lifecycle', () => {
    const pairs = LOAN_STATUSES.flatMap(from => LOAN_STATUSES.map(to => [from, to] as const));
    const legal = (from: LoanStatus, to: LoanStatus) => LEGAL_LOAN_MOVES.some(([a, b]) => a === from && b === to);

    it.each(pairs.filter(([from, to]) => legal(from, to)))('%s → %s is allowed', (from, to) => {
        expect(moveLoan(from, to)).toBe(to);
    });

    it(`refuses every other move (${pairs.length - LEGAL_LOAN_MOVES.length} of them) with 409 errors.loan_state`, () => {
        const wrong = pairs
            .filter(([from, to]) => !legal(from, to))
            .map(([from, to]) => ({ from, to, refusal: refusal(() => moveLoan(from, to)) }))
            .filter(({ refusal: answer }) => answer?.status !== 409 || answer.key !== 'errors.loan_state');
        expect(wrong).toEqual([]);
    });

    it('ends in completed, cancelled or deactivated, which go nowhere', () => {
        for (const end of ['completed', 'cancelled', 'deactivated'] as const) {
            for (const to of LOAN_STATUSES) expect(refusal(() => moveLoan(end, to))?.status).toBe(409);
        }
    });
});

/** The device lifecycle of docs/domain.md: state + event → state, and nothing else. */
const LEGAL_DEVICE_MOVES: Readonly<Partial<Record<DeviceState, Partial<Record<DeviceEvent, DeviceState>>>>> = {
    pending: { activate: 'activating' },
    activating: { confirm: 'active', fail: 'failed' },
    active: { lock: 'locking', exchange: 'exchanging', complete: 'completing' },
    locking: { confirm: 'locked', fail: 'failed' },
    locked: { unlock: 'unlocking', complete: 'completing', offline_unlock: 'active' },
    unlocking: { confirm: 'active', fail: 'failed' },
    exchanging: { confirm: 'active', fail: 'failed' },
    completing: { confirm: 'released', fail: 'failed' },
};

const EVENTS: readonly DeviceEvent[] = [...DEVICE_COMMANDS, ...DEVICE_ANSWERS];
const CONFIRMED = ['pending', 'active', 'locked', 'released'] as const;

describe('the device lock lifecycle', () => {
    const pairs = DEVICE_STATES.filter(state => state !== 'failed').flatMap(state =>
        EVENTS.map(event => [state, event] as const),
    );

    it.each(pairs.filter(([state, event]) => LEGAL_DEVICE_MOVES[state]?.[event] !== undefined))(
        '%s on %s is allowed',
        (state, event) => {
            expect(nextDeviceState({ state, confirmedState: 'active' }, event)).toBe(LEGAL_DEVICE_MOVES[state]?.[event]);
        },
    );

    it('refuses every other state and event with 409 errors.device_state', () => {
        const wrong = pairs
            .filter(([state, event]) => LEGAL_DEVICE_MOVES[state]?.[event] === undefined)
            .map(([state, event]) => ({
                state,
                event,
                refusal: refusal(() => nextDeviceState({ state, confirmedState: 'active' }, event)),
            }))
            .filter(({ refusal: answer }) => answer?.status !== 409 || answer.key !== 'errors.device_state');
        expect(wrong).toEqual([]);
        expect(pairs.length).toBe(9 * 8);
    });

    it('a released device takes nothing more', () => {
        for (const event of EVENTS)
            expect(refusal(() => nextDeviceState({ state: 'released', confirmedState: 'released' }, event))?.status).toBe(409);
    });

    it('after a failure, a command is judged from the state the provider last confirmed, and answers are refused', () => {
        for (const confirmed of CONFIRMED) {
            for (const event of EVENTS) {
                const expected = event === 'confirm' || event === 'fail' ? undefined : LEGAL_DEVICE_MOVES[confirmed]?.[event];
                const answer = refusal(() => nextDeviceState({ state: 'failed', confirmedState: confirmed }, event));
                if (expected === undefined) expect([confirmed, event, answer?.status]).toEqual([confirmed, event, 409]);
                else expect(nextDeviceState({ state: 'failed', confirmedState: confirmed }, event)).toBe(expected);
            }
        }
    });
});
