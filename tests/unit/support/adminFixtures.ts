/** The portal users the component tests show and edit: one record, so every screen's test agrees on it. */
import type { Admin } from '../../../contract/users';
import { buildAdmin } from '../../builders';

/** The demo maker (README "Demo accounts"), as the users list and the edit screen read it. */
export const sipho: Admin = buildAdmin({
    id: 2,
    username: 'maker',
    first_name: 'Sipho',
    last_name: 'Ndlovu',
    msisdn: '27820000002',
    group_id: 2,
    group_name: 'Portal Staff',
});
