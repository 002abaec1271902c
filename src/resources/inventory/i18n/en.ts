import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The inventory screens' words (stock, adding devices, prices) and their menu entry's, in English:
 * found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        inventory: 'Inventory',
    },
    inventory: {
        title: 'Inventory',
        add_title: 'Add devices',
        update_title: 'Update phone prices',
        add: 'Add devices',
        update_prices: 'Update prices',
        open_customer: 'Open the customer who bought %{imei}',
        back: 'Inventory',
        count: '%{smart_count} device |||| %{smart_count} devices',
        fields: {
            imei: 'IMEI',
            sku: 'SKU',
            model: 'Phone model',
            store: 'Store',
            status: 'Status',
            cash_price: 'Cash price',
            deposit: 'Deposit',
            instalment_amount: 'Instalment',
            created_at: 'Added',
            q: 'Search',
        },
        statuses: { any: 'All statuses', in_stock: 'In stock', reserved: 'Reserved', sold: 'Sold', returned: 'Returned' },
        one: {
            title: 'One device',
            help: 'Scan or type the 15-digit IMEI.',
            submit: 'Add device',
            added: 'Device %{imei} added to %{store}',
            store_help: 'Leave empty for your own shop',
        },
        bulk: {
            title: 'Many devices from a CSV file',
            help: 'The first line names the columns: sku, imei and, if you wish, store_id. Then one device per line. Sending the same file again adds nothing twice.',
            choose: 'Choose a CSV file',
            file: 'File: %{name} (%{smart_count} line) |||| File: %{name} (%{smart_count} lines)',
            send: 'Add these devices',
            no_rows: 'The file has no device lines.',
            missing_columns: 'The first line of the file must name the columns sku and imei.',
            unreadable: 'The file could not be read.',
            progress: 'Sent %{done} of %{total} lines',
            done: 'Done: %{accepted} added, %{duplicates} already in stock or repeated, %{invalid} not valid',
            stopped: 'Sending stopped: %{reason} The lines sent so far are kept; send the rest when you can.',
            resume: 'Send the rest',
            only_problems: 'Only lines that were not added',
            row: 'Line',
            result: 'Result',
            reason: 'Why',
            results: { accepted: 'Added', duplicate: 'Duplicate', invalid: 'Not valid' },
            bad_store_id: 'store_id must be a whole number',
            store_not_allowed: 'This store is not one of yours.',
            too_long: 'This value is too long',
            results_title: 'Result of each line',
        },
        prices: {
            choose_model: 'Phone model',
            now: 'Now: %{amount}',
            was: 'Before',
            will_be: 'After',
            add_change: 'Add to the changes',
            changes_title: 'Changes to make',
            none: 'No changes yet: choose a model and type its new prices.',
            remove: 'Remove the change to %{sku}',
            submit: 'Update prices',
            confirm_title: 'Update these prices?',
            confirm_content:
                'The prices of %{smart_count} model change at once, for every new sale. |||| The prices of %{smart_count} models change at once, for every new sale.',
            updated: 'Prices updated for %{smart_count} model |||| Prices updated for %{smart_count} models',
            amount_invalid: 'An amount above 0 with at most 2 decimals',
            deposit_above_cash: 'The deposit must not exceed the cash price',
            result_title: 'Prices now',
            preview: 'Preview the changes',
            preview_title: 'What the update will do',
            applies: 'Applies',
            at_once: 'At once',
            needs_checker: 'Needs a checker',
            reference: 'Highest in the last 24 hours: %{amount}',
            needs_checker_note:
                'A price more than 20% below its highest of the last 24 hours waits for a checker: %{smart_count} model keeps its price until someone else approves it. |||| A price more than 20% below its highest of the last 24 hours waits for a checker: %{smart_count} models keep their prices until someone else approves them.',
            confirm_content_checker:
                '%{at_once} model(s) change at once, for every new sale; %{smart_count} cut goes to a checker first. |||| %{at_once} model(s) change at once, for every new sale; %{smart_count} cuts go to a checker first.',
            updated_requested:
                'Prices updated for %{smart_count} model; %{requested} cut(s) sent to a checker |||| Prices updated for %{smart_count} models; %{requested} cut(s) sent to a checker',
        },
    },
} satisfies CatalogPart;

export default en;
