import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roleAllows, type Access } from '../../contract/define';
import { ROLE_CODES } from '../../contract/roles';
import { listAdminGroups, listGroupRoles } from '../../contract/security';
import { createAdmin, listAdmins } from '../../contract/users';
import { PERMISSIONS, canAccessWith } from '../../src/authProvider/permissions';
import { DECLARED_RESOURCES } from '../../src/dataProvider/declarations';
import { defineResource, gatesOf, type PlainAction } from '../../src/dataProvider/defineResource';

const can = (roles: string[], resource: string, action = 'list') => canAccessWith(new Set(roles), { resource, action });

describe('the permissions map', () => {
    it('allows an action only with its role', () => {
        expect(can(['VIEW_USERS'], 'users')).toBe(true);
        expect(can(['VIEW_USERS'], 'users', 'create')).toBe(false);
        expect(can(['ADD_USER'], 'users', 'create')).toBe(true);
        expect(can([], 'users')).toBe(false);
    });

    it('refuses what it does not list', () => {
        expect(can(ROLE_CODES, 'nothing-here')).toBe(false);
        expect(can(ROLE_CODES, 'users', 'delete-everything')).toBe(false);
    });

    it('gates the successful insurance claims by their own role, not the suspense one', () => {
        expect(can(['VIEW_SUSPENSE_TRANSACTIONS'], 'tpi-successful')).toBe(false);
        expect(can(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE'], 'tpi-successful')).toBe(true);
    });

    it('opens analytics to any role whose code contains ANALYTICS', () => {
        expect(can(['VIEW_AGENT_ANALYTICS'], 'bi')).toBe(true);
        expect(can(['SOME_NEW_ANALYTICS_ROLE'], 'bi')).toBe(true);
        expect(can(['VIEW_USERS'], 'bi')).toBe(false);
    });

    it('names only role codes that exist', () => {
        const known = new Set<string>([...ROLE_CODES, 'signed-in', 'public']);
        for (const [resource, actions] of Object.entries(PERMISSIONS)) {
            for (const [action, rule] of Object.entries(actions)) {
                const codes = typeof rule === 'string' ? [rule] : Array.isArray(rule) ? rule : [];
                for (const code of codes) expect(known.has(code), `${resource}.${action}: ${code}`).toBe(true);
            }
        }
    });
});

describe('the gates of a resource declared by its calls', () => {
    it('come from the calls’ access: list, show (from list when there is no call for one), create, delete', () => {
        expect(PERMISSIONS.users).toEqual({
            list: 'VIEW_USERS',
            show: 'VIEW_USERS',
            create: 'ADD_USER',
            edit: 'EDIT_USER',
            status: 'EDIT_USER',
            end_sessions: 'EDIT_USER',
            release: 'EDIT_USER',
        });
        expect(PERMISSIONS['group-roles']).toEqual({
            list: 'VIEW_SECURITY',
            show: 'VIEW_SECURITY',
            create: 'EDIT_ROLES',
            delete: 'EDIT_ROLES',
        });
        expect(PERMISSIONS.groups).toEqual({ list: ['VIEW_SECURITY', 'VIEW_USERS', 'ADD_USER'] });
        expect(PERMISSIONS['store-options']).toEqual({ list: 'public' });
    });

    it('keep custom actions as declared, and a screen narrower than its call', () => {
        expect(PERMISSIONS.security).toEqual({
            list: 'VIEW_SECURITY',
            show: 'VIEW_SECURITY',
            create: 'ADD_SECURITY_GROUP',
            edit: 'ADD_SECURITY_GROUP',
            roles: 'EDIT_ROLES',
        });
        expect(can(['VIEW_USERS'], 'groups')).toBe(true);
        expect(can(['VIEW_USERS'], 'security')).toBe(false);
    });

    it('move with the contract: the list gate is the list call’s access', () => {
        expect(PERMISSIONS.users?.list).toBe(listAdmins.access);
        expect(PERMISSIONS['group-roles']?.list).toBe(listGroupRoles.access);
        expect(PERMISSIONS.groups?.list).toBe(listAdminGroups.access);
        const moved = defineResource({
            list: { ...listAdmins, access: 'VIEW_AGENTS' },
            create: { ...createAdmin, access: ['ADD_USER', 'ADD_REGION_LEAD'] },
        });
        expect(gatesOf(moved)).toEqual({ list: 'VIEW_AGENTS', show: 'VIEW_AGENTS', create: ['ADD_USER', 'ADD_REGION_LEAD'] });
    });

    it('never open a screen to a role its call would refuse', () => {
        for (const [resource, declaration] of Object.entries(DECLARED_RESOURCES)) {
            if (declaration.whole || !declaration.list) continue;
            const accessOf: Record<PlainAction, Access | undefined> = {
                list: declaration.list.access,
                show: (declaration.one ?? declaration.list).access,
                create: declaration.create?.access,
                edit: declaration.update?.access,
                delete: declaration.remove?.access,
            };
            for (const [action, access] of Object.entries(accessOf)) {
                // A custom action of that name (inventory's `create`, a write of its own) is its own call's gate.
                if (declaration.actions && action in declaration.actions) continue;
                for (const code of ROLE_CODES) {
                    if (can([code], resource, action))
                        expect(access && roleAllows(access, true, new Set([code])), `${resource}.${action}: ${code}`).toBe(true);
                }
            }
        }
    });
});

/**
 * Who each rule lets in, told by probing it: with no role, with every role, with each role alone,
 * and with every role but one (which names the roles a rule needs all of). Equal descriptions mean
 * the same roles allowed and refused for the sets a gate of this map can tell apart.
 */
const describeRule = (resource: string, action: string) => {
    const ask = (roles: readonly string[]) => canAccessWith(new Set(roles), { resource, action });
    return {
        none: ask([]),
        all: ask(ROLE_CODES),
        alone: ROLE_CODES.filter(code => ask([code])),
        needed: ROLE_CODES.filter(code => !ask(ROLE_CODES.filter(other => other !== code))),
    };
};

const describeMap = () =>
    Object.fromEntries(
        Object.entries(PERMISSIONS)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([resource, actions]) => [
                resource,
                Object.fromEntries(
                    Object.keys(actions)
                        .sort()
                        .map(action => [action, describeRule(resource, action)]),
                ),
            ]),
    );

/** Gated screens that became lists under a resource of another name: their gates moved with them. */
const RENAMED: Readonly<Record<string, string>> = { kyc: 'kyc-submissions', 'tpi-reversal': 'tpi-reversals' };

describe('the whole map', () => {
    // Taken before the gates moved from each folder's gates.ts into its calls.ts declarations:
    // every gate of that map still lets in exactly the same roles. A resource declared
    // since may add gates; none may change or disappear.
    it('keeps every gate it had, letting in the same roles', async () => {
        const before = (await import('./permissions.map.json')).default as Record<string, Record<string, unknown>>;
        // The roles of that time: the home page opens to any role, so its gate named each alone. A
        // role added since is judged by the gates it opens, not by the map of before.
        const known = new Set((before.dashboard?.list as { alone: string[] }).alone);
        const then = (rule: ReturnType<typeof describeRule> | undefined) =>
            rule && {
                ...rule,
                alone: rule.alone.filter(code => known.has(code)),
                needed: rule.needed.filter(code => known.has(code)),
            };
        const now = describeMap();
        for (const [resource, actions] of Object.entries(before)) {
            for (const [action, rule] of Object.entries(actions)) {
                const name = RENAMED[resource] ?? resource;
                expect(then(now[name]?.[action]), `${name}.${action}`).toEqual(rule);
            }
        }
    });
});

describe('who knows the resource folders', () => {
    // Gates travel with their calls (each folder's calls.ts, found by dataProvider/declarations.ts)
    // and the menu's badges come through the data provider: neither the permissions map nor the
    // layout imports a resource folder, so a folder can move or go without touching them.
    it.each(['authProvider', 'layout'])('src/%s imports no resource folder', folder => {
        const dir = join(__dirname, '../../src', folder);
        const imports = readdirSync(dir)
            .filter(name => /\.tsx?$/.test(name))
            .flatMap(name =>
                readFileSync(join(dir, name), 'utf8')
                    .split('\n')
                    .filter(line => /^\s*(import|export)\b.*from '\.\.\/resources\//.test(line))
                    .map(line => `${name}: ${line.trim()}`),
            );
        expect(imports).toEqual([]);
    });
});
