/**
 * Reach in money (contract/money/index.ts header): which payments and claims a caller sees and acts on,
 * as server/domain/approvals/index.ts `reachOf` does for requests.
 *
 * Staff without a shop reach every payment and claim. A caller attached to a shop
 * (`admins.store_id`) reaches the payments and insurance claims of loans sold by that shop
 * (`loans.store_id`), and nothing else: a payment in suspense matched no loan, so it belongs to no
 * shop and is back-office work (their suspense queue is empty). Out of reach answers like what does
 * not exist: 404 with the call's own "not found" key, never 403, so nobody learns what another shop
 * holds. Every money call takes its conditions from `reachOf`, so the rule lives here alone: the
 * loan picker's candidates and the loan a payment is assigned to are held to `loans` too, should
 * suspense ever be opened to shops.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { loans, transactions } from '../../db/schema';
import type { CallContext } from '../../http';

export interface MoneyReach {
    /** The caller's shop; null for staff, who reach every shop. */
    shop: number | null;
    /** The loans in reach, as a condition on `loans` (undefined: every loan). */
    loans: SQL | undefined;
    /** The payments in reach, as a condition on `transactions` alone: those on a loan in reach. */
    payments: SQL | undefined;
    /** The suspense payments in reach, as a condition on `transactions` alone (undefined: all). */
    suspense: SQL | undefined;
    /** Whether a loan sold by `storeId` (a row already read) is in reach. */
    loan: (storeId: number | null) => boolean;
}

const EVERYTHING: MoneyReach = {
    shop: null,
    loans: undefined,
    payments: undefined,
    suspense: undefined,
    loan: () => true,
};

export const reachOf = (context: Pick<CallContext, 'session'>): MoneyReach => {
    const shop = context.session?.admin.storeId ?? null;
    if (shop === null) return EVERYTHING;
    return {
        shop,
        loans: eq(loans.storeId, shop),
        // On `loans_store_idx`; a payment in suspense (no loan) is never IN the list.
        payments: sql`${transactions.loanId} IN (SELECT ${loans.id} FROM ${loans} WHERE ${loans.storeId} = ${shop})`,
        suspense: sql`false`,
        loan: storeId => storeId === shop,
    };
};
