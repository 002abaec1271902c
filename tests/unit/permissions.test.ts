import { describe, expect, it } from 'vitest';
import { ROLE_CODES } from '../../contract/roles';
import { PERMISSIONS, canAccessWith } from '../../src/authProvider/permissions';

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
        const known = new Set<string>(ROLE_CODES);
        for (const actions of Object.values(PERMISSIONS)) {
            for (const rule of Object.values(actions)) {
                if (typeof rule === 'string' && rule !== 'signed-in' && rule !== 'public') expect(known.has(rule), rule).toBe(true);
            }
        }
    });
});
