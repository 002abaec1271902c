/**
 * Roles in the reader's words: the server describes roles in English only, so
 * the portal says each by its code from its catalogs, and keeps the server's text for a code it
 * does not know.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GroupRole } from '../../contract/auth';
import { ROLE_CODES } from '../../contract/roles';
import { getAdminGroup, listAdminGroups, listAdminRoles, listGroupRoles } from '../../contract/security';
import { listAdmins } from '../../contract/users';
import { createI18nProvider } from '../../src/i18n';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { buildAdminGroup } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const page = <T,>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const group = buildAdminGroup({ id: 7, name: 'Auditors', description: 'Reads users', role_count: 2 });
const held: GroupRole[] = [
    { id: 70, group_id: 7, role_id: 1, admin_role: { id: 1, code: 'VIEW_USERS', name: 'View portal users' } },
    // A code this portal does not know yet (a newer server): the server's words stand.
    { id: 71, group_id: 7, role_id: 99, admin_role: { id: 99, code: 'PLAN_ROUTES', name: 'Plan field routes' } },
];
contractServer(
    answer(listAdminGroups, page([group])),
    answer(getAdminGroup, group),
    answer(listAdminRoles, page([{ id: 2, code: 'VIEW_SECURITY', name: 'View security groups and roles', description: '' }])),
    answer(listGroupRoles, page(held)),
    answer(listAdmins, page([])),
);

type Tree = { roles: Record<string, string> };

describe('role descriptions', () => {
    it.each([
        ['English', en],
        ['Swahili', sw],
        ['Portuguese', pt],
    ])('are in the %s catalog for exactly the role codes of the contract', (_name, catalog) => {
        const texts = (catalog as unknown as Tree).roles;
        expect(Object.keys(texts).sort()).toEqual([...ROLE_CODES].sort());
        for (const code of ROLE_CODES) expect([code, texts[code]?.trim()]).toEqual([code, expect.any(String)]);
    });

    it.each([
        ['sw', sw, 'Kuona watumiaji wa lango', 'Kuona vikundi vya usalama na majukumu'],
        ['pt', pt, 'Ver os utilizadores do portal', 'Ver os grupos de segurança e as funções'],
    ] as const)(
        "say a group's roles in the reader's language (%s), the server's words for a code unknown",
        async (locale, catalog, held, offered) => {
            signedInAs(['VIEW_SECURITY', 'EDIT_ROLES']);
            const user = userEvent.setup();
            renderPortal('/dashboard/security/7/show', createI18nProvider(locale, catalog));
            expect(await screen.findByText(held, {}, FIRST)).toBeTruthy();
            expect(screen.getByText('VIEW_USERS')).toBeTruthy();
            expect(screen.getByText('Plan field routes')).toBeTruthy();
            expect(screen.queryByText('View portal users')).toBeNull();
            // The roles offered to add, too.
            const [picker] = screen.getAllByRole('combobox');
            await user.click(picker!);
            expect(await screen.findByRole('option', { name: `${offered} (VIEW_SECURITY)` })).toBeTruthy();
        },
    );

    it("say the user's own roles in their language on the profile, each code in its tooltip", async () => {
        signedInAs(['VIEW_USERS', 'FIND_CUSTOMER']);
        renderPortal('/dashboard/profile', createI18nProvider('pt', pt));
        const chip = await screen.findByText('Ver os utilizadores do portal', {}, FIRST);
        expect(chip.closest('[title]')?.getAttribute('title')).toBe('VIEW_USERS');
        expect(within(chip.closest('[title]')!.parentElement!).getByText('Pesquisar clientes')).toBeTruthy();
    });
});
