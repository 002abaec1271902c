import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The shop screens' words and their menu entries', in English: found by their place and merged
 * into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        shop: 'Shop',
        shop_agents: 'Shop agents',
    },
    shops: {
        title: 'Shops',
        agents_title: 'Shop agents',
        page_size: 'Shops per page',
        all: 'All',
        count: '%{smart_count} shop |||| %{smart_count} shops',
        shown: '%{from}–%{to} of %{count}',
        go_first: 'First page',
        go_last: 'Last page',
        go_next: 'Next page',
        go_previous: 'Previous page',
        shop: 'Shop',
        all_shops: 'All shops',
        no_shop_selected: 'No shop selected',
        agents_count: '%{smart_count} agent |||| %{smart_count} agents',
        fetch_agents_failed: 'Failed to fetch agents. Please try again later.',
        transfer_failed: 'Failed to transfer agent. Please try again later.',
        transfer: 'Transfer',
        transfer_of: 'Transfer %{name}',
        transfer_title: 'Transfer %{name}',
        transfer_help: '%{name} works in %{store} now. Choose the store to move them to.',
        transfer_to: 'Move to store',
        no_other_store: 'There is no other store to move this agent to.',
        confirm_title: 'Transfer this agent?',
        confirm_content: '%{name} will move from %{from} to %{to}.',
        transferred: '%{name} now works in %{store}',
    },
} satisfies CatalogPart;

export default en;
