/** Signed-in sessions (contract/auth.ts) as the sign-in calls answer them. */
import type { SessionUser } from '../../contract/auth';

const HOUR_MS = 3_600_000;

/** The demo `admin`'s session (README "Demo accounts"), ending an hour after it is built. */
export const buildSessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
    token: 'test-token',
    username: 'admin',
    name: 'Thandi Mokoena',
    group: { id: 1, name: 'Super Admin' },
    shop: null,
    exp: Date.now() + HOUR_MS,
    ...overrides,
});
