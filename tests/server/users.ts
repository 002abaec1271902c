/**
 * Portal users made for a test through the administration calls, as an administrator would: a new
 * group holding exactly the roles asked for, and a user in it, attached to a shop if one is given.
 */
import { expect } from 'vitest';
import { addGroupRole, createAdminGroup, listAdminRoles } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { nextSerial } from './customerFixtures';
import type { TestServer } from './harness';

export interface MadeUser {
    id: number;
    token: string;
}

/**
 * A new user in a new group holding exactly `roles`. `label` names the group and the user after
 * the test file that made them; `msisdnPrefix` keeps their phone numbers apart from other files'.
 */
export const userWithRoles = async (
    server: TestServer,
    adminToken: string | undefined,
    { roles, storeId, label, msisdnPrefix }: { roles: readonly string[]; storeId?: number; label: string; msisdnPrefix: string },
): Promise<MadeUser> => {
    const serial = nextSerial();
    const group = await server.call(createAdminGroup, {
        body: { name: `${label} test ${serial}`, description: `Made by the ${label.toLowerCase()} tests` },
        token: adminToken,
    });
    const catalog = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
    for (const code of roles) {
        const role = catalog.body.data.find(row => row.code === code);
        const added = await server.call(addGroupRole, {
            body: { group_id: group.body.id, role_id: role?.id ?? 0 },
            token: adminToken,
        });
        expect(added.status).toBe(201);
    }
    const username = `${label.toLowerCase()}.${serial}`;
    const created = await server.call(createAdmin, {
        body: {
            username,
            first_name: label,
            last_name: `Tester ${serial}`,
            msisdn: `${msisdnPrefix}${serial}`,
            group_id: group.body.id,
            store_id: storeId,
            password: 'a-long-password-1',
        },
        token: adminToken,
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, token: await server.signIn(username, 'a-long-password-1') };
};
