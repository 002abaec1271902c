/** What the TPI calls refuse with, each naming the field at fault. */
import { HttpError } from '../../../http';

export const claimNotFound = () => new HttpError(404, 'errors.claim_not_found', 'There is no such insurance claim', 'claim_id');

export const claimNotReversible = (field: string) =>
    new HttpError(
        409,
        'errors.claim_not_reversible',
        'Only a successful claim that has not been reversed can be reversed',
        field,
    );

export const requestPending = () =>
    new HttpError(409, 'errors.request_pending', 'A reversal of this claim is already waiting for a checker', 'claim_id');

export const requestNotFound = () =>
    new HttpError(404, 'errors.request_not_found', 'There is no such reversal request', 'reversal_id');
