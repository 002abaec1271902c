/** The portal users the component tests show and edit: one record, so every screen's test agrees on it. */
import type { Admin } from '../../../contract/users';

/** The demo maker (README "Demo accounts"), as the users list and the edit screen read it. */
export const sipho: Admin = {
    id: 2,
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
};
