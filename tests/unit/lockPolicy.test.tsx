/**
 * The lock policy's screen (src/resources/lending/LockPolicy.tsx) through the portal against
 * contract-checked msw fixtures: every lock solution with its days and reminders and who changed
 * it; a change sends only the field changed and says it is saved; a value out of bounds is refused
 * on its field before anything is sent; read-only without EDIT_LOCK_POLICY; no screen without a
 * role that reads it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOCK_SOLUTIONS } from '../../contract/customers';
import { lockPolicies, updateLockPolicy, type LockPolicyRecord } from '../../contract/lending';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

let policies: LockPolicyRecord[] = [];
const sent: { id: string; body: unknown }[] = [];

const reset = () => {
    sent.length = 0;
    policies = LOCK_SOLUTIONS.map(solution => ({
        id: solution,
        lock_solution: solution,
        lock_after_days: 3,
        reminders: true,
        updated_at: null,
        updated_by: null,
    }));
    const zte = policies.find(policy => policy.id === 'zte');
    if (zte) Object.assign(zte, { lock_after_days: 5, updated_at: '2026-11-20T08:30:00.000Z', updated_by: 'admin' });
};

contractServer(
    answer(lockPolicies, () => ({ data: policies, total: policies.length })),
    answer(updateLockPolicy, async ({ request, params }) => {
        const body = (await request.clone().json()) as Partial<LockPolicyRecord>;
        const id = String(params.id);
        sent.push({ id, body });
        const policy = policies.find(row => row.id === id);
        if (!policy) throw new Error('unknown solution');
        Object.assign(policy, body, { updated_at: '2026-11-26T07:00:00.000Z', updated_by: 'admin' });
        return policy;
    }),
);

const sectionOf = (name: string) => screen.getByRole('region', { name });

describe('Lock policy', () => {
    it('shows each lock solution, saves only what changed and says so', async () => {
        reset();
        signedInAs(['EDIT_LOCK_POLICY']);
        renderPortal('/dashboard/lock-policy');
        expect(await screen.findByRole('heading', { name: 'Lock policy', level: 1 }, FIRST)).toBeTruthy();
        const trustonic = await screen.findByRole('region', { name: 'Trustonic' }, FIRST);
        expect(screen.getAllByRole('region')).toHaveLength(LOCK_SOLUTIONS.length);
        expect(within(trustonic).getByText('The defaults: nobody has changed them.')).toBeTruthy();
        expect(within(sectionOf('ZTE')).getByText(/Changed by admin on/)).toBeTruthy();
        expect((within(sectionOf('ZTE')).getByLabelText(/Days overdue before a lock/) as HTMLInputElement).value).toBe('5');

        const days = within(trustonic).getByLabelText(/Days overdue before a lock/) as HTMLInputElement;
        expect(days.value).toBe('3');
        await userEvent.clear(days);
        await userEvent.type(days, '7');
        await userEvent.click(within(trustonic).getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(sent).toEqual([{ id: 'trustonic', body: { lock_after_days: 7 } }]));
        expect(await screen.findByText('The Trustonic lock policy is saved.')).toBeTruthy();
        expect(await within(sectionOf('Trustonic')).findByText(/Changed by admin on/)).toBeTruthy();

        const reminders = within(sectionOf('Vivo')).getByLabelText(/Text reminders/) as HTMLInputElement;
        expect(reminders.checked).toBe(true);
        await userEvent.click(reminders);
        await userEvent.click(within(sectionOf('Vivo')).getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(sent.at(-1)).toEqual({ id: 'vivo', body: { reminders: false } }));
    });

    it('refuses days out of bounds on the field, sending nothing', async () => {
        reset();
        signedInAs(['EDIT_LOCK_POLICY']);
        renderPortal('/dashboard/lock-policy');
        const samsung = await screen.findByRole('region', { name: 'Samsung' }, FIRST);
        const days = within(samsung).getByLabelText(/Days overdue before a lock/);
        await userEvent.clear(days);
        await userEvent.type(days, '120');
        await userEvent.click(within(samsung).getByRole('button', { name: 'Save' }));
        expect(await within(samsung).findByText('Must be 90 or less')).toBeTruthy();
        expect(sent).toEqual([]);
    });

    it('is read-only for those who may only read it', async () => {
        reset();
        signedInAs(['LOCK_CUSTOMER_DEVICE']);
        renderPortal('/dashboard/lock-policy');
        const oguard = await screen.findByRole('region', { name: 'Oguard' }, FIRST);
        expect(screen.getByText(/You can read the policy/)).toBeTruthy();
        expect((within(oguard).getByLabelText(/Days overdue before a lock/) as HTMLInputElement).disabled).toBe(true);
        expect(within(oguard).queryByRole('button', { name: 'Save' })).toBeNull();
    });

    it('is not open to a role that does not read it', async () => {
        reset();
        signedInAs(['FIND_CUSTOMER']);
        renderPortal('/dashboard/lock-policy');
        expect(await screen.findByText('Access denied', {}, FIRST)).toBeTruthy();
        expect(screen.queryByRole('region', { name: 'Trustonic' })).toBeNull();
    });
});
