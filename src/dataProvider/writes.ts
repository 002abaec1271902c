/**
 * The writes that are not a record's plain create, update or delete: approve, bulk decide, assign,
 * upload, lock… Each folder declares its own in `src/resources/<domain>/writes.ts` with the
 * resources it changes (`refreshes`), and the data provider exposes them as its methods, so a
 * screen calls `useWrite('decideRequest')` (useWrite.ts) and the lists and counts it changed are
 * refetched through their react-admin cache keys, never by a key of the screen's own.
 */
import agents from '../resources/agents/writes';
import approvals from '../resources/approvals/writes';
import customers from '../resources/customers/writes';
import inventory from '../resources/inventory/writes';
import kyc from '../resources/kyc/writes';
import money from '../resources/money/writes';
import shops from '../resources/shops/writes';
import stores from '../resources/stores/writes';
import users from '../resources/users/writes';
import type { Write } from './defineWrite';

export const WRITES = {
    ...agents,
    ...approvals,
    ...customers,
    ...inventory,
    ...kyc,
    ...money,
    ...shops,
    ...stores,
    ...users,
} satisfies Record<string, Write<never, unknown>>;

export type Writes = typeof WRITES;
export type WriteName = keyof Writes;
export type WriteParams<K extends WriteName> = Parameters<Writes[K]['run']>[0];
export type WriteResult<K extends WriteName> = Awaited<ReturnType<Writes[K]['run']>>;
/** The writes as the data provider's methods. */
export type WriteMethods = { [K in WriteName]: Writes[K]['run'] };
