import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The profile page's words, in English: found by their place and merged into the app part
 * (src/i18n/mergeCatalogs.ts).
 */
const en = {
    profile: {
        roles: 'What my security group allows',
        no_roles: 'Your security group holds no roles yet.',
    },
} satisfies CatalogPart;

export default en;
