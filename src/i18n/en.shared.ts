import type { CatalogPart } from './mergeCatalogs';

/**
 * The English catalog's shared words of the app part: those of the layout, lib, lists, dialogs and
 * parts, the menu's group labels, and the words several folders read. Each folder's own words are
 * in its `i18n/en.ts`; en.app.ts merges them with these.
 */
const enShared = {
    profile: {
        title: 'My profile',
    },
    // The outbox: forms kept on the phone until the connection is back (src/layout/Outbox.tsx, lib/offlineQueue.ts)
    outbox: {
        button: '%{smart_count} waiting to send |||| %{smart_count} waiting to send',
        title: 'Kept on this phone',
        intro: 'Each is sent once, in the order it was made, as soon as the connection allows.',
        offline_hint: 'You are offline. These will be sent when the connection is back.',
        queued: 'You are offline, so this is kept on this phone, waiting to send. It will be sent when the connection is back.',
        sent: 'Sent: %{what}',
        refused: 'Not accepted: %{what}. %{reason}',
        states: { waiting: 'Waiting to send', sent: 'Sent', refused: 'Refused' },
        kinds: { fieldAgentRequest: 'Customer request', rateCall: 'Call rating', kycDetails: 'KYC details' },
        send_now: 'Send now',
        clear_done: 'Clear the finished',
        sign_out_title: 'Sign out and lose what is waiting?',
        sign_out_content:
            'One thing kept on this phone has not been sent yet. Signing out deletes it for good. |||| %{smart_count} things kept on this phone have not been sent yet. Signing out deletes them for good.',
        kept_before: 'You are offline: this is what was kept on this phone from before, not what the server knows now.',
        kept_sale: {
            title: 'The sale in progress',
            reference: 'Loan reference',
            customer: 'Customer',
            phone: 'Phone',
        },
    },
    menu: {
        field_agent: 'Field agent',
        approvals: 'Approvals',
        kyc: 'KYC verification',
        suspense: 'Suspense and reconciliation',
        tpi: 'Third party insurance',
    },
    // The menu's badges on the approvals queues (src/layout/Menu.tsx)
    approvals: {
        badge: '%{smart_count} pending |||| %{smart_count} pending',
        badge_over: 'more than %{max} pending',
    },
    customers: {
        variants: {
            staff: 'Find customer',
            assisted: 'Find digital assisted customer',
            fieldagent: 'Find customer (field agent)',
            shop: 'Find customer by shop',
        },
        find: {
            sell_to_number: 'Start a sale for this number',
        },
    },
    loans: {
        // The add-loan wizard (src/resources/origination)
        wizard: {
            titles: {
                v1: 'Add loan',
                v2: 'Add loan (v2)',
                fieldagent: 'Add loan (field agent)',
                shop: 'Add loan (field agent, by shop)',
                assisted: 'Add digitally assisted loan',
            },
            start: { add_loan: 'Add loan', new_sale: 'New sale' },
        },
        price: 'Price',
        deposit: 'Deposit',
        instalment: 'Instalments',
        instalment_value: '%{amount} %{period}, %{term} times',
        statuses: {
            draft: 'Draft',
            awaiting_deposit: 'Awaiting deposit',
            awaiting_lock: 'Awaiting lock',
            active: 'Active',
            completed: 'Paid off',
            cancelled: 'Cancelled',
            deactivated: 'Deactivated',
        },
        periods: { weekly: 'weekly', monthly: 'monthly' },
        // The terms of a sale: the server's quote before acceptance, the loan's terms after.
        quote: {
            title: 'Terms accepted',
            cash_price: 'Cash price',
            amount_financed: 'Amount financed',
            cost_of_credit: 'Cost of credit',
            cost_share: '%{percent} of the amount financed',
            instalments: 'Instalments',
            instalments_value: '%{smart_count} × %{amount}, %{period}',
            first_due_date: 'First instalment due',
            first_due_after_deposit: {
                weekly: 'One week after the deposit is paid: this date if it is paid today',
                monthly: 'One month after the deposit is paid: this date if it is paid today',
            },
            total_payable: 'Total payable',
            valid_until: 'Quote valid until %{time}',
            loading: 'Getting the quote…',
            refresh: 'Get a new quote',
            changed:
                'The terms changed since the customer saw them. Go through the new quote with them: they must accept it again.',
        },
        continue_sale: 'Continue sale',
        exit_reasons: {
            system_issue: 'System issue',
            customer_just_browsing: 'Customer just browsing',
            customer_no_longer_present: 'Customer no longer present',
            customer_changed_mind: 'Customer changed mind',
            needs_more_time: 'Needs more time',
            price_concerns: 'Price concerns',
            other: 'Other',
            reservation_expired: 'Reservation expired',
        },
        actions: {
            cancel: {
                button: 'Cancel sale',
                title: 'Cancel this sale?',
                intro: 'The sale of loan %{reference} (%{model}) will be cancelled and the phone goes back in stock. This cannot be undone.',
                reason: 'Why is the sale not going ahead?',
                note: 'Note',
                note_help: 'Needed when the reason is Other',
                no_options: 'No options available',
                done: 'The sale was cancelled.',
            },
        },
    },
    devices: {
        lock_solution: 'Lock',
        solutions: {
            trustonic: 'Trustonic',
            think_adams: 'Think Adams',
            samsung: 'Samsung',
            oguard: 'Oguard',
            rguard: 'Rguard',
            zte: 'ZTE',
            vivo: 'Vivo',
            own: 'Own lock',
        },
    },
    agents: {
        tiers: { gold: 'Gold', silver: 'Silver', bronze: 'Bronze', none: 'No tier' },
        // An agent's status beside their name (src/lists/AgentStatusChip.tsx)
        status: { pending_approval: 'Awaiting approval', disabled: 'Disabled' },
    },
    inventory: {
        one: {
            imei_length: 'An IMEI has exactly 15 digits',
            imei_check: 'This is not a valid IMEI: its last digit does not check',
        },
    },
    system: {
        beta: {
            features: {
                compact_tables: {
                    name: 'Compact tables',
                    help: 'Rows closer together in every list, so a phone shows more of it without scrolling.',
                },
            },
        },
    },
} satisfies CatalogPart;

export default enShared;
