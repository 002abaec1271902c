/**
 * Third-party insurance (contract/money/tpi.ts): the claims the insurer paid
 * or refused, and the reversal of a paid one, asked for by a maker and decided by someone else
 * (maker-checker, as server/domain/approvals/index.ts `decide`).
 *
 * One reversal waits per claim: asking locks the claim's row and looks for a pending one, and the
 * partial unique index `tpi_reversals_one_pending_key` keeps it so whatever happens at the same
 * time (409 `errors.request_pending`). A decision locks the reversal, so of parallel deciders one
 * decides and the others get 409 `errors.request_decided`; approving locks the claim and its loan,
 * records the `reversal` payment and raises the balance by the claim's amount, once.
 *
 * Reach (../reach.ts): a caller attached to a shop sees and acts on the claims of its shop's loans
 * and their reversals only; another shop's claim answers 404 `errors.claim_not_found`, its
 * reversal `errors.request_not_found`, before anything else is said about it.
 *
 * Here the five calls; the parts: ./lists.ts (the claim lists, the reversal queue), ./request.ts
 * (asking), ./decide.ts (deciding), over ./read.ts (claims and reversals as the contract shows
 * them) and ./refusals.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
    decideTpiReversal,
    failedTpiClaims,
    requestedTpiReversals,
    requestTpiReversal,
    successfulTpiClaims,
} from '../../../../contract/money';
import { mount } from '../../../http';
import { decideReversal } from './decide';
import { claimList, reversalList } from './lists';
import { requestReversal } from './request';

export { APPROVE_REVERSAL, reversalReference } from './decide';

export const registerTpiRoutes = (app: FastifyInstance): void => {
    mount(app, successfulTpiClaims, async ({ body }, context) => claimList(context, 'successful', body));
    mount(app, failedTpiClaims, async ({ body }, context) => claimList(context, 'failed', body));
    mount(app, requestedTpiReversals, async ({ body }, context) => reversalList(context, body));
    mount(app, requestTpiReversal, async ({ body }, context) => requestReversal(context, body));
    mount(app, decideTpiReversal, async ({ body }, context) => decideReversal(context, body));
};
