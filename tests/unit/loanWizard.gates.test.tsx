/**
 * Who may open each of the add-loan wizard's five routes (src/lib/saleEntries.ts,
 * gates.ts): ADD_LOAN, the role that finds customers that way and the qualified phones' role, all
 * of them; and the ways into it: "Add loan" on the customer view (the customer's number filled in)
 * and "New sale" on a lookup screen, shown only to the holders of the entry's gate.
 */
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLimits, fieldAgentRequest, qualifiedDevices } from '../../contract/customers';
import { ROLE_CODES } from '../../contract/roles';
import { canAccessWith, PERMISSIONS } from '../../src/authProvider/permissions';
import { customerStore } from '../../src/lib/customerStore';
import { ENTRIES, ENTRY_KEYS, type EntryKey } from '../../src/lib/saleEntries';
import { answer, contractServer } from './support/contractHandlers';
import { limits, noPhones, thandi } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';

const SELLER = ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];

/** Spec §2: each route, and the role that finds customers that way. */
const TABLE: [EntryKey, string, string][] = [
    ['v1', '/dashboard/customers/add-loan', 'FIND_CUSTOMER'],
    ['v2', '/dashboard/customers/add-loan-v2', 'FIND_CUSTOMER'],
    ['fieldagent', '/dashboard/fieldagent/customers/add-loan', 'FIND_CUSTOMER_FIELDAGENT'],
    ['shop', '/dashboard/fieldagent/shop/customers/add-loan', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    ['assisted', '/dashboard/customers/digital-assisted-add-loan', 'FIND_DIGITAL_ASSISTED_CUSTOMER'],
];

const can = (roles: readonly string[], entry: EntryKey) => canAccessWith(new Set(roles), { resource: 'add-loan', action: entry });

contractServer(
    answer(customerLimits, { ...limits }),
    answer(qualifiedDevices, noPhones),
    answer(fieldAgentRequest, { action: 'fetch', data: [], total_items: 0 }),
);

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('the gate table', () => {
    it('names the five routes of spec §2 with their channel, codes, deposit and liveness', () => {
        expect(ENTRY_KEYS.map(key => [key, `/dashboard/${ENTRIES[key].path}`, ENTRIES[key].findRole])).toEqual(TABLE);
        expect(
            ENTRY_KEYS.map(key => [key, ENTRIES[key].channel, ENTRIES[key].otp, ENTRIES[key].deposit, ENTRIES[key].liveness]),
        ).toEqual([
            ['v1', 'shop', 'each', 'shop', false],
            ['v2', 'shop', 'both', 'shop', false],
            ['fieldagent', 'field_agent', 'both', 'shop', false],
            ['shop', 'field_agent', 'both', 'shop', false],
            ['assisted', 'digital_assisted', 'assisted', 'assisted', true],
        ]);
    });

    it.each(TABLE)(
        '%s (%s) opens to ADD_LOAN with %s and the qualified phones, and to nobody short of one',
        (entry, _path, findRole) => {
            expect(can([...SELLER, findRole], entry)).toBe(true);
            for (const missing of [...SELLER, findRole]) {
                expect(
                    can(
                        [...SELLER, findRole].filter(role => role !== missing),
                        entry,
                    ),
                    `without ${missing}`,
                ).toBe(false);
            }
            // Every other role there is does not stand in for the finding role.
            expect(
                can(
                    ROLE_CODES.filter(role => role !== findRole),
                    entry,
                ),
            ).toBe(false);
        },
    );

    it('moved the add-loan gate out of the hand-written customers lines', () => {
        expect(PERMISSIONS.customers).toEqual({ find: 'FIND_CUSTOMER' });
    });
});

describe('the routes', { timeout: 60_000 }, () => {
    it.each(TABLE)('%s: %s opens with its roles, and is refused without ADD_LOAN', async (entry, path, findRole) => {
        signedInAs([...SELLER, findRole]);
        renderPortal(path);
        expect(await screen.findByRole('heading', { level: 1, name: en(ENTRIES[entry].title) })).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Who is buying?' })).toBeTruthy();
        cleanup();
        signedInAs([findRole, 'VIEW_CUSTOMERS_QUALIFIED_PHONES']);
        renderPortal(path);
        expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    });
});

describe('the ways in', { timeout: 60_000 }, () => {
    it('"Add loan" on the customer view starts a sale with the customer’s number', async () => {
        signedInAs([...SELLER, 'FIND_CUSTOMER']);
        customerStore.save('staff', { customer: thandi, order: null });
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/view');
        await user.click(await screen.findByRole('link', { name: 'Add loan' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Add loan' })).toBeTruthy();
        expect(((await screen.findByRole('textbox', { name: /phone number/ })) as HTMLInputElement).value).toBe(thandi.msisdn);
    });

    it('"Add loan" is not on the view of a user without ADD_LOAN', async () => {
        signedInAs(['FIND_CUSTOMER', 'VIEW_CUSTOMERS_QUALIFIED_PHONES']);
        customerStore.save('staff', { customer: thandi, order: null });
        renderPortal('/dashboard/customers/view');
        await screen.findByRole('heading', { level: 1, name: 'Thandi Mokoena' });
        expect(screen.queryByRole('link', { name: 'Add loan' })).toBeNull();
    });

    it('"New sale" on a lookup screen leads to its entry, for a customer not found yet', async () => {
        signedInAs([...SELLER, 'FIND_CUSTOMER_FIELDAGENT']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        await user.click(await screen.findByRole('link', { name: 'New sale' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Add loan (field agent)' })).toBeTruthy();
        expect(((await screen.findByRole('textbox', { name: /phone number/ })) as HTMLInputElement).value).toBe('');
    });
});

/** The English of a catalog key (the titles of the entries). */
function en(key: string): string {
    const titles: Record<string, string> = {
        'loans.wizard.titles.v1': 'Add loan',
        'loans.wizard.titles.v2': 'Add loan (v2)',
        'loans.wizard.titles.fieldagent': 'Add loan (field agent)',
        'loans.wizard.titles.shop': 'Add loan (field agent, by shop)',
        'loans.wizard.titles.assisted': 'Add digitally assisted loan',
    };
    return titles[key] ?? key;
}
