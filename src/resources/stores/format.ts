/** Amounts and times on the stores, shop, agent and inventory screens. */
import { formatDateTime } from '../../lib/format';

/** Spec §9: amounts carry the currency label ZAR. */
export const CURRENCY = 'ZAR';

export const formatAmount = (amount: number, locale: string) =>
    `${CURRENCY} ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

export const formatWhen = (iso: string | null, locale: string) => formatDateTime(iso, locale);

export const formatCoordinates = (latitude: number | null, longitude: number | null) =>
    latitude === null || longitude === null ? '' : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
