/**
 * The add-loan wizard's five ways in (spec §2): one wizard (origination/AddLoan.tsx), five routes under
 * /dashboard, each saying who may open it (origination/calls.ts), which channel the sale is made through,
 * how the two codes are verified, how the deposit is confirmed, whether a liveness capture is
 * needed, and which customer view the sale belongs to (customerVariants.ts).
 *
 * The order of a sale is contract/origination/index.ts's header; the steps are STEPS below.
 */
import type { CUSTOMER_CHANNELS } from '../../contract/customers';
import type { RoleCode } from '../../contract/roles';
import { ROUTES } from '../routes';
import type { VariantKey } from './customerVariants';

export const ENTRY_KEYS = ['v1', 'v2', 'fieldagent', 'shop', 'assisted'] as const;
export type EntryKey = (typeof ENTRY_KEYS)[number];

/**
 * How the customer's and the agent's codes are verified:
 * - `each`: customer_otp then agent_otp, each with its own field and button;
 * - `both`: verify-otp-v2, both at once ('Please enter both OTP codes' when one is empty);
 * - `assisted`: digital_assisted/verify-otp, whichever codes the remote customer has read out.
 */
export type OtpStyle = 'each' | 'both' | 'assisted';

/**
 * How the deposit is confirmed: `shop`, confirm_customer_initial_deposit with the payment's
 * reference, amount and channel; `assisted`, digital_assisted/confirm-deposit-payment with the
 * reference only (the remote customer paid by mobile money).
 */
export type DepositStyle = 'shop' | 'assisted';

/**
 * Whether the seller names the store the phone comes from. The server takes the device from the
 * caller's shop; a caller without one (a field agent, head-office staff) names the store
 * (contract/origination/index.ts), so every entry asks exactly then.
 */
export type StoreChoice = 'when_no_shop';

export interface Entry {
    key: EntryKey;
    /** Under /dashboard (the table of routes, src/routes.ts). */
    path: string;
    /** The role that finds customers this way; the gate also wants ADD_LOAN and the qualified phones' role (origination/calls.ts). */
    findRole: RoleCode;
    channel: (typeof CUSTOMER_CHANNELS)[number];
    otp: OtpStyle;
    deposit: DepositStyle;
    /** Digitally assisted sales also need a live capture of the customer's face. */
    liveness: boolean;
    store: StoreChoice;
    /** The customer lookup variant: its view is where "view customer" leads, its kept customer starts a sale. */
    variant: VariantKey;
    /** Translation key of the wizard's title. */
    title: string;
}

export const ENTRIES: Readonly<Record<EntryKey, Entry>> = {
    v1: {
        key: 'v1',
        path: ROUTES.add_loan.path,
        findRole: 'FIND_CUSTOMER',
        channel: 'shop',
        otp: 'each',
        deposit: 'shop',
        liveness: false,
        store: 'when_no_shop',
        variant: 'staff',
        title: 'loans.wizard.titles.v1',
    },
    v2: {
        key: 'v2',
        path: ROUTES.add_loan_v2.path,
        findRole: 'FIND_CUSTOMER',
        channel: 'shop',
        otp: 'both',
        deposit: 'shop',
        liveness: false,
        store: 'when_no_shop',
        variant: 'staff',
        title: 'loans.wizard.titles.v2',
    },
    fieldagent: {
        key: 'fieldagent',
        path: ROUTES.add_loan_fieldagent.path,
        findRole: 'FIND_CUSTOMER_FIELDAGENT',
        channel: 'field_agent',
        otp: 'both',
        deposit: 'shop',
        liveness: false,
        store: 'when_no_shop',
        variant: 'fieldagent',
        title: 'loans.wizard.titles.fieldagent',
    },
    shop: {
        key: 'shop',
        path: ROUTES.add_loan_shop.path,
        findRole: 'FIND_CUSTOMER_FIELDAGENT_STORE',
        channel: 'field_agent',
        otp: 'both',
        deposit: 'shop',
        liveness: false,
        store: 'when_no_shop',
        variant: 'shop',
        title: 'loans.wizard.titles.shop',
    },
    assisted: {
        key: 'assisted',
        path: ROUTES.add_loan_assisted.path,
        findRole: 'FIND_DIGITAL_ASSISTED_CUSTOMER',
        channel: 'digital_assisted',
        otp: 'assisted',
        deposit: 'assisted',
        liveness: true,
        store: 'when_no_shop',
        variant: 'assisted',
        title: 'loans.wizard.titles.assisted',
    },
};

/**
 * The entry a customer view's "Add loan" button and a lookup screen's "New sale" lead to. The
 * staff view has two entries; it leads to the first (customers/add-loan), the v2 route is opened
 * by its address.
 */
export const ENTRY_OF_VARIANT: Readonly<Record<VariantKey, EntryKey>> = {
    staff: 'v1',
    assisted: 'assisted',
    fieldagent: 'fieldagent',
    shop: 'shop',
};

/** The wizard's steps, in order. The server names where a loan stands (`loan_progress`); `stepOfProgress` maps it. */
export const STEPS = ['customer', 'documents', 'identity', 'phone', 'terms', 'deposit', 'lock', 'done'] as const;
export type Step = (typeof STEPS)[number];

export const stepIndex = (step: Step) => STEPS.indexOf(step);

/** The steps before a loan exists: the kept step is only a hint for these (the server is the truth after). */
export const STEPS_BEFORE_LOAN: readonly Step[] = ['customer', 'documents', 'identity', 'phone', 'terms'];

/** The react-admin resource whose actions are the entries' gates (origination/calls.ts declares them). */
export const ADD_LOAN_RESOURCE = 'add-loan';

/**
 * What a link passes to start a sale: for the customer in hand (the customer view's "Add loan"), or
 * for a number a lookup found no customer with (the customer step opens with it typed in).
 */
export type StartSaleState = { fromCustomer: true } | { msisdn: string };

/** A sale can be cancelled from any step before the lock (contract/origination/cancel.ts: until the deposit is paid). */
export const cancellableAt = (step: Step) => stepIndex(step) < stepIndex('lock');
