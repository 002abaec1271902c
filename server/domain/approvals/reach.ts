/**
 * Which requests a caller may see: a caller without a shop sees every request; one attached to a
 * shop sees the requests on loans sold there and the registrations to it, and no price change (the
 * catalogue is every shop's, so its requests have no shop). A request out of reach answers 404
 * like one that does not exist.
 */
import { eq, type SQL } from 'drizzle-orm';
import { approvalRequests } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';

export const requestNotFound = () =>
    new HttpError(404, 'errors.request_not_found', 'This request was not found, or it is not one you may see', 'request_id');

/** The requests a caller may see, as a condition on approval_requests (undefined: every one). */
export const reachOf = (context: Pick<CallContext, 'session'>): SQL | undefined => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null ? undefined : eq(approvalRequests.storeId, shop);
};

export const inReach = (context: Pick<CallContext, 'session'>, storeId: number | null) => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null || storeId === shop;
};
