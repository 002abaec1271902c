/** `VIEW_USERS` or `pending_approval` → `View Users`, `Pending Approval` (spec §9). */
export const titleCase = (code: string): string =>
    code
        .toLowerCase()
        .split(/[_\s]+/)
        .filter(Boolean)
        .map(word => word[0]!.toUpperCase() + word.slice(1))
        .join(' ');

export const formatDateTime = (epochMs: number, locale: string): string =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
