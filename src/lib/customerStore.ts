/**
 * The customer being looked at, kept in secure storage (spec §3 "Customer slice", §4 "Customer
 * lookup") so a reload keeps the view: the customer found, the lookup it came from, the order in
 * progress for a digitally assisted customer, and the selected customer type. Clearing removes the
 * customer and the selected type together.
 *
 * Each value is read back through the contract's schema, and belongs to the user who found it: a
 * customer kept by one staff member is never shown to the next one who signs in on the browser.
 */
import { z } from 'zod';
import { CUSTOMER_TYPES, customer, existingOrder } from '../../contract/customers';
import { KEPT_CUSTOMER, KEPT_CUSTOMER_TYPE } from './keptNames';
import { secureStorage } from './secureStorage';
import { session } from './session';
import { VARIANT_KEYS, type VariantKey } from './customerVariants';

const CUSTOMER = KEPT_CUSTOMER;
const CUSTOMER_TYPE = KEPT_CUSTOMER_TYPE;

const kept = z.object({
    owner: z.string(),
    variant: z.enum(VARIANT_KEYS),
    customer,
    order: existingOrder.nullable(),
});
export type KeptCustomer = z.infer<typeof kept>;

const keptType = z.object({ owner: z.string(), type: z.enum(CUSTOMER_TYPES) });
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

const owner = () => session.user()?.username ?? null;

export const customerStore = {
    /** The customer kept for this lookup variant by the signed-in user, or null. */
    read(variant: VariantKey): KeptCustomer | null {
        const parsed = kept.safeParse(secureStorage.get(CUSTOMER));
        if (!parsed.success || parsed.data.owner !== owner()) return null;
        return parsed.data.variant === variant ? parsed.data : null;
    },

    save(variant: VariantKey, found: Pick<KeptCustomer, 'customer' | 'order'>): void {
        const me = owner();
        if (!me) return;
        secureStorage.set(CUSTOMER, { owner: me, variant, ...found });
        secureStorage.set(CUSTOMER_TYPE, { owner: me, type: found.customer.customer_type });
    },

    /** The customer type chosen for the customer in hand ('' when none, spec §3). */
    selectedType(): CustomerType | '' {
        const parsed = keptType.safeParse(secureStorage.get(CUSTOMER_TYPE));
        return parsed.success && parsed.data.owner === owner() ? parsed.data.type : '';
    },

    setSelectedType(type: CustomerType): void {
        const me = owner();
        if (me) secureStorage.set(CUSTOMER_TYPE, { owner: me, type });
    },

    /** The add-loan wizard's sale is over: the type chosen for it goes (loanStore.ts). */
    clearSelectedType(): void {
        secureStorage.remove(CUSTOMER_TYPE);
    },

    /** A customer changed by an action (converted): kept as it now is. */
    update(variant: VariantKey, changed: KeptCustomer['customer']): void {
        const current = customerStore.read(variant);
        if (current) customerStore.save(variant, { customer: changed, order: current.order });
    },

    /** Spec §4: clearing the customer also clears the selected customer type. */
    clear(): void {
        secureStorage.remove(CUSTOMER);
        secureStorage.remove(CUSTOMER_TYPE);
    },
};
