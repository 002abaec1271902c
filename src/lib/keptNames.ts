/**
 * The names under which secure storage keeps what belongs to the signed-in user's work: the
 * customer in hand (customerStore.ts) and the sale in progress (loanStore.ts). Here alone, so the
 * session (session.ts) clears them when it ends, signed out or expired, without loading the stores.
 * The outbox (offlineQueue.ts) is not among them: an expired session keeps its user's unsent forms.
 */
export const KEPT_CUSTOMER = 'customer';
export const KEPT_CUSTOMER_TYPE = 'customer-type';
export const KEPT_LOAN_STEP = 'loan-step';
export const KEPT_PHONE = 'selected-phone';
export const KEPT_SALE = 'loan-sale';
export const KEPT_DEVICE = 'loan-device';

export const KEPT_FOR_THE_USER = [KEPT_CUSTOMER, KEPT_CUSTOMER_TYPE, KEPT_LOAN_STEP, KEPT_PHONE, KEPT_SALE, KEPT_DEVICE] as const;
