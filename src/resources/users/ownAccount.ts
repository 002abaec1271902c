import type { Admin } from '../../../contract/users';
import { session } from '../../lib/session';

/** The signed-in person's own account: nobody changes their own group, shop or status (errors.own_account). */
export const isOwnAccount = (user: Admin | undefined) => user !== undefined && user.username === session.user()?.username;
