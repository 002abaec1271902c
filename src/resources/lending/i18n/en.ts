import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The collections list's and the lock policy's words and their menu entries', in English: found by
 * their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        collections: 'Collections',
        lock_policy: 'Lock policy',
    },
    // Collections: the loans in arrears (src/resources/lending/CollectionsList.tsx)
    lock_policy: {
        title: 'Lock policy',
        intro: 'For each lock solution: how many days a payment may be overdue before the phone is locked, and whether customers get a text the day before an instalment is due and the day after one is missed. The phone is unlocked as soon as the arrears are paid, whoever records the payment.',
        read_only: 'You can read the policy; changing it needs the role to edit the lock policy.',
        lock_after_days: 'Days overdue before a lock',
        lock_after_days_help: 'From 1 to 90 days.',
        reminders: 'Text reminders',
        reminders_help: 'The day before a due date and the day after a miss.',
        save: 'Save',
        saved: 'The %{solution} lock policy is saved.',
        defaults: 'The defaults: nobody has changed them.',
        changed: 'Changed by %{name} on %{when}.',
    },
    collections: {
        search: 'Loan, name or phone',
        any_bucket: 'Any days overdue',
        any_lock_state: 'Any lock state',
        buckets: { days_1_7: '1–7 days', days_8_30: '8–30 days', days_31_60: '31–60 days', over_60: 'Over 60 days' },
        fields: {
            customer: 'Customer',
            loan_reference: 'Loan',
            msisdn: 'Phone',
            days_overdue: 'Days overdue',
            bucket: 'Overdue for',
            oldest_unpaid_due: 'Oldest unpaid due date',
            amount_overdue: 'Amount overdue',
            lock_state: 'Lock state',
            shop: 'Shop',
            agent: 'Agent',
            last_payment: 'Last payment',
            last_paid_at: 'Last payment date',
            last_paid_amount: 'Last payment amount',
            last_message: 'Last message',
        },
        days: '%{smart_count} day overdue |||| %{smart_count} days overdue',
        due_since: 'Due %{day}',
        open_customer: 'Open %{name} (loan %{loan})',
        no_device: 'No device',
        never_paid: 'No payment yet',
        no_message: 'None sent',
        count: '%{smart_count} loan in arrears |||| %{smart_count} loans in arrears',
        empty: 'No loan is in arrears.',
    },
} satisfies CatalogPart;

export default en;
