/**
 * Who may open each way into the add-loan wizard (lib/saleEntries.ts): ADD_LOAN, which every call of a sale
 * needs (contract/origination/index.ts), and the role that finds customers that way, both; and the
 * role of the phones the customer qualifies for (customer-qualified-devices), the one call of the
 * wizard that ADD_LOAN does not open, so the screen is never wider than a call it makes (a seller
 * without it would be stopped at the phone step, after the customer's KYC was submitted). The
 * wizard is not a list, so it declares its gates only; the routes, the customer view's "Add loan"
 * and the lookup screens' "New sale" ask `canAccess({ resource: 'add-loan', action: <entry key> })`.
 */
import { qualifiedDevices } from '../../../contract/customers';
import { roleAllows, type Access } from '../../../contract/define';
import { createLoan } from '../../../contract/origination';
import { defineResource, type ResourceDeclaration, type RolesRule } from '../../dataProvider/defineResource';
import { ADD_LOAN_RESOURCE, ENTRIES, ENTRY_KEYS, type EntryKey } from '../../lib/saleEntries';

/** Every one of these gates at once. */
const allOf =
    (...gates: readonly Access[]): RolesRule =>
    roles =>
        gates.every(gate => roleAllows(gate, true, roles));

export default {
    [ADD_LOAN_RESOURCE]: defineResource({
        actions: Object.fromEntries(
            ENTRY_KEYS.map(key => [key, allOf(createLoan.access, qualifiedDevices.access, ENTRIES[key].findRole)]),
        ) as Record<EntryKey, RolesRule>,
    }),
} satisfies Record<string, ResourceDeclaration>;
