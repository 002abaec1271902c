/**
 * What the customer view shows and offers, and the role each needs: a section or an action
 * appears only to the holders of the role its call requires, taken from the contract so the
 * screen's gate moves with the call. Read by src/authProvider/permissions.ts; screens ask
 * `canAccess({ resource, action })` (`<CanAccess>`), never the roles themselves.
 *
 * The four lookup screens keep their gates in the permissions map (`find` of `customers`,
 * `customers-assisted`, `fieldagent-customers`, `fieldagent-shop-customers`): the field-agent
 * screens are narrower than their shared call.
 */
import type { Access } from '../../../contract/define';
import {
    awardCustomerData,
    convertCustomer,
    customerLimits,
    customerMessages,
    qualifiedDevices,
    rateCall,
} from '../../../contract/customers';
import {
    confirmLockActivation,
    deviceLockCommand,
    offlineUnlockPin,
    releaseDevice,
    sendVivoAuthCode,
} from '../../../contract/devices';
import {
    cancelLoan,
    customerLoans,
    depositTransactions,
    requestImeiChange,
    requestLoanDeactivation,
    requestLoanTransfer,
} from '../../../contract/loans';

export const CUSTOMER_GATES = {
    /** The customer view's sections and the customer-wide actions. */
    customer: {
        /** The phone numbers in full; without it they show masked. No call: the number is in every answer. */
        phone: 'VIEW_CUSTOMER_PHONE',
        limits: customerLimits.access,
        messages: customerMessages.access,
        loans: customerLoans.access,
        deposits: depositTransactions.access,
        qualified_phones: qualifiedDevices.access,
        rate_call: rateCall.access,
        award_data: awardCustomerData.access,
        convert: convertCustomer.access,
    },
    /** The actions on one of the customer's loans and its device. */
    'customer-loans': {
        lock: deviceLockCommand.access,
        offline_pin: offlineUnlockPin.access,
        release: releaseDevice.access,
        vivo: sendVivoAuthCode.access,
        activate: confirmLockActivation.access,
        cancel: cancelLoan.access,
        deactivate: requestLoanDeactivation.access,
        imei_change: requestImeiChange.access,
        transfer: requestLoanTransfer.access,
    },
} as const satisfies Record<string, Record<string, Access>>;
