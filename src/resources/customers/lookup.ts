/**
 * Finding a customer in each variant (spec §4 "Customer lookup"): the call each makes, and how its
 * answer gives the customer (the first match; for a digitally assisted one, the order in progress
 * when there is one). What was typed is checked first, as the server would.
 */
import { HttpError } from 'ra-core';
import { digitalAssistedIdentification, findCustomer, findFieldAgentCustomer } from '../../../contract/customers';
import { customerLookup, internationalMsisdn, isMsisdn } from '../../../contract/fields';
import { callApi } from '../../lib/portalApi';
import type { KeptCustomer } from '../../lib/customerStore';
import type { VariantKey } from '../../lib/customerVariants';

/** Typed like a phone number: digits, with a leading + and spaces or dashes between groups. */
const PHONE_LIKE = /^\+?[0-9][0-9 -]*$/;

/**
 * What to send for what was typed, or the translation key of what is wrong with it. A number must
 * be a valid phone number (spaces, dashes and a leading + dropped); anything else a username, id number or IMEI.
 */
export const lookupTerm = (typed: string): { term: string } | { problem: string } => {
    const value = typed.trim();
    if (!value) return { problem: 'ra.validation.required' };
    if (PHONE_LIKE.test(value)) {
        const phone = value.replace(/[ -]/g, '');
        // Sent as the server keeps numbers (contract/fields.ts `msisdn`): 0821234567 finds 27821234567.
        return isMsisdn(phone) ? { term: internationalMsisdn(phone) } : { problem: 'validation.phone' };
    }
    return customerLookup.safeParse(value).success ? { term: value } : { problem: 'customers.find.invalid_lookup' };
};

/** No match: 'User not found!' (spec §8), as an error the screen shows like the server's. */
export const USER_NOT_FOUND = 'customers.find.user_not_found';
const userNotFound = () => new HttpError(USER_NOT_FOUND, 404, null);

export type Found = Pick<KeptCustomer, 'customer' | 'order'>;

const firstOf = (users: readonly Found['customer'][]): Found => {
    const [first] = users;
    if (!first) throw userNotFound();
    return { customer: first, order: null };
};

export const findFor = async (variant: VariantKey, username: string, storeId?: number): Promise<Found> => {
    switch (variant) {
        case 'staff':
            return firstOf((await callApi(findCustomer, { body: { username } })).users);
        case 'assisted': {
            const { data } = await callApi(digitalAssistedIdentification, { body: { username } });
            return data.is_existing_order ? { customer: data.customer, order: data } : firstOf(data.users);
        }
        case 'fieldagent':
            return firstOf((await callApi(findFieldAgentCustomer, { query: { find: 'fieldagent' }, body: { username } })).users);
        case 'shop':
            return firstOf(
                (await callApi(findFieldAgentCustomer, { query: { find: 'shop' }, body: { username, store_id: storeId } })).users,
            );
    }
};
