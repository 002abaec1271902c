/** Portal users (contract/users.ts) as the users calls answer them. */
import type { Admin } from '../../contract/users';
import { nextId } from './ids';

/** A portal user: the demo maker, Sipho Ndlovu of Portal Staff (README "Demo accounts"), under a new id. */
export const buildAdmin = (overrides: Partial<Admin> = {}): Admin => ({
    id: nextId(),
    username: 'maker',
    first_name: 'Sipho',
    last_name: 'Ndlovu',
    msisdn: '27820000002',
    email: null,
    group_id: 2,
    group_name: 'Portal Staff',
    store_id: null,
    store_name: null,
    status: 'active',
    otp_enabled: false,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
});
