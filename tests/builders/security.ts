/** Security groups (contract/security.ts) as the group calls answer them. */
import type { AdminGroup } from '../../contract/security';
import { nextId } from './ids';

/** A security group: the demo's Portal Staff (server/seed/accounts.ts), under a new id. */
export const buildAdminGroup = (overrides: Partial<AdminGroup> = {}): AdminGroup => ({
    id: nextId(),
    name: 'Portal Staff',
    description: 'Back-office staff: find, view and request changes (makers)',
    role_count: 0,
    user_count: 0,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
});
