/**
 * The customer view's writes (src/dataProvider/defineWrite.ts): the device commands, the loan
 * requests a maker raises, cancelling a sale, rating a call, converting the customer and giving
 * data. Each refreshes `customer`: every answer about a customer is cached under
 * `['customer', msisdn, …]` (lib/customerQuery.ts `customerKey`), so the view shows the new state. A
 * loan request also lands in its own queue, the maker-checker queue and the menu's counts.
 */
import type { CallDefinition, CallInput } from '../../../contract/define';
import { awardCustomerData, convertCustomer, rateCall } from '../../../contract/customers';
import {
    confirmLockActivation,
    deviceLockCommand,
    offlineUnlockPin,
    releaseDevice,
    sendVivoAuthCode,
    verifyVivoAuthCode,
} from '../../../contract/devices';
import type { ApprovalKind } from '../../../contract/approvals';
import { requestImeiChange, requestLoanDeactivation, requestLoanTransfer } from '../../../contract/approvals';
import { cancelLoan } from '../../../contract/origination';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { CUSTOMER } from '../../lib/customerQuery';
import { callApi } from '../../lib/portalApi';
import { outbox } from '../../lib/offlineQueue';
import { QUEUES, type QueueName } from '../../lib/approvalQueues';

const callWrite = <C extends CallDefinition>(call: C, refreshes: readonly string[] = [CUSTOMER]) =>
    defineWrite({ refreshes, run: (input: CallInput<C>) => callApi(call, input) });

/**
 * A request waits in every queue holding its kind (its own and the maker-checker queue of all loan
 * requests, lib/approvalQueues.ts `QUEUES`) and counts in the menu's badge.
 */
const raised = (kind: ApprovalKind) => [
    CUSTOMER,
    ...(Object.keys(QUEUES) as QueueName[]).filter(queue => QUEUES[queue].kinds.includes(kind)),
    'approval-counts',
];

const writes = {
    customerDeviceLock: callWrite(deviceLockCommand),
    customerDeviceRelease: callWrite(releaseDevice),
    customerDeviceOfflinePin: callWrite(offlineUnlockPin),
    customerDeviceVivoSend: callWrite(sendVivoAuthCode),
    customerDeviceVivoVerify: callWrite(verifyVivoAuthCode),
    customerDeviceActivate: callWrite(confirmLockActivation),
    customerLoanDeactivate: callWrite(requestLoanDeactivation, raised('deregistration')),
    customerLoanImeiChange: callWrite(requestImeiChange, raised('imei_change')),
    customerLoanTransfer: callWrite(requestLoanTransfer, raised('loan_transfer')),
    // The sale's phone goes back in stock: the devices and the catalogue's stock counts change too.
    customerLoanCancel: callWrite(cancelLoan, [CUSTOMER, 'inventory', 'phone-models']),
    // A rating may wait on the phone while offline (lib/offlineQueue.ts): the answer says which.
    customerRateCall: defineWrite({
        refreshes: [CUSTOMER],
        run: ({ body }: CallInput<typeof rateCall>) => outbox.submit('rateCall', body, body.msisdn),
    }),
    customerConvert: callWrite(convertCustomer),
    customerAwardData: callWrite(awardCustomerData),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        customers: typeof writes;
    }
}
