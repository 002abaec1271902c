/**
 * The customer screens (spec §2) and who may open each, taken from the contract's calls so a gate
 * moves with its call. They are not lists of records, so they declare their gates only; screens
 * ask `canAccess({ resource, action })` (`<CanAccess>`), never the roles themselves.
 *
 * The four lookup screens are each their own resource (`find`): the field-agent screens are
 * narrower than their shared call. The customer view's sections and customer-wide actions are
 * `customer`'s, the actions on one of the customer's loans and its device `customer-loans`'s: a
 * section or an action appears only to the holders of the role its call requires.
 */
import {
    awardCustomerData,
    convertCustomer,
    customerLimits,
    customerLoans,
    customerMessages,
    depositTransactions,
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
import { requestImeiChange, requestLoanDeactivation, requestLoanTransfer } from '../../../contract/approvals';
import { cancelLoan } from '../../../contract/origination';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    customers: defineResource({ actions: { find: 'FIND_CUSTOMER' } }),
    'customers-assisted': defineResource({ actions: { find: 'FIND_DIGITAL_ASSISTED_CUSTOMER' } }),
    'fieldagent-customers': defineResource({ actions: { find: 'FIND_CUSTOMER_FIELDAGENT' } }),
    'fieldagent-shop-customers': defineResource({ actions: { find: 'FIND_CUSTOMER_FIELDAGENT_STORE' } }),
    /** The customer view's sections and the customer-wide actions. */
    customer: defineResource({
        actions: {
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
    }),
    /** The actions on one of the customer's loans and its device. */
    'customer-loans': defineResource({
        actions: {
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
    }),
} satisfies Record<string, ResourceDeclaration>;
