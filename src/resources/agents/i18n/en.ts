import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The agents list's words and its menu entry's, in English: found by their place and merged into
 * the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        agents: 'Agents',
    },
    agents: {
        title: 'Agents',
        count: '%{smart_count} agent |||| %{smart_count} agents',
        no_location: 'Not set',
        fields: {
            name: 'Name',
            username: 'Username',
            msisdn: 'Phone number',
            group: 'Group',
            store: 'Store',
            tier: 'Tier',
            location: 'Location',
            actions: 'Actions',
            q: 'Search',
        },
        awaiting_approval_note: 'Available once the registration is approved',
        set_tier: 'Set tier',
        set_tier_of: 'Set tier: %{name}',
        tier_saved: '%{name}: %{tier}',
    },
} satisfies CatalogPart;

export default en;
