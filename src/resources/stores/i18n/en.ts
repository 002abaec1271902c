import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The phone stores' words and their menu entry's, in English: found by their place and merged into
 * the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        stores: 'Phone store',
    },
    stores: {
        title: 'Phone stores',
        create_title: 'New phone store',
        show_title: 'Phone store',
        add: 'Add store',
        create: 'Create store',
        created: 'Store %{name} created',
        back: 'All stores',
        count: '%{smart_count} store |||| %{smart_count} stores',
        agent_count: '%{smart_count} agent |||| %{smart_count} agents',
        agents_title: 'Agents (%{smart_count})',
        no_agents: 'No agents work in this store yet.',
        region_lead_help: 'Optional: the portal user who leads this region',
        branded: {
            label: 'Branded store',
            help: "The operator's own shop. Leave it off for a dealer's shop.",
            field: 'Brand',
            yes: 'Branded',
            no: 'Unbranded',
        },
        region_lead: {
            change: 'Region lead',
            title: 'Region lead of %{store}',
            help: "Pick an active portal user to lead this store's region, or clear the field to leave it without one.",
            save: 'Save region lead',
            saved: '%{name} now leads the region of %{store}',
            cleared: '%{store} has no region lead now',
        },
        fields: {
            name: 'Store name',
            region: 'Region',
            town: 'Town',
            latitude: 'Latitude',
            longitude: 'Longitude',
            location: 'Location',
            owner: 'Owner',
            region_lead: 'Region lead',
            agent_count: 'Agents',
            created_at: 'Created',
        },
        location: {
            latitude_help: 'Decimal degrees, from -90 to 90',
            longitude_help: 'Decimal degrees, from -180 to 180',
            use_mine: 'Use my location',
            locating: 'Finding your location…',
            search: 'Search for a place',
            search_help: 'Type at least 2 letters; choosing a place fills the coordinates',
            searching: 'Searching…',
            no_places: 'No places found',
            denied: 'The browser may not share your location. Type the coordinates instead.',
            timeout: 'Finding your location took too long. Try again, or type the coordinates.',
            unavailable: 'Your location is not available. Type the coordinates instead.',
            move: 'Move agent’s location',
            move_of: 'Move agent’s location: %{name}',
            move_title: 'Move the location of %{name}',
            move_help: 'Type the coordinates of the new location, or use where you are now.',
            save: 'Save location',
            moved: 'The location of %{name} is saved',
        },
    },
} satisfies CatalogPart;

export default en;
