/** Saying why a KYC upload failed (kycImages.ts), kept apart so the upload can be stood in for in tests. */
import { apiErrorOf, errorKeyOf } from './apiErrors';
import { formatClock } from './format';

/**
 * What to say when an upload fails: the catalog key and its values. Past the hourly quota, when the
 * next photo can be sent, as a time of day (the answer's `retry_after` from now).
 */
export const uploadRefusalOf = (error: unknown, locale: string): { key: string; values?: Record<string, string> } => {
    const answer = apiErrorOf(error);
    if (answer?.key === 'errors.kyc_upload_quota' && answer.retry_after !== undefined) {
        return { key: 'kyc.upload_quota_until', values: { time: formatClock(Date.now() + answer.retry_after * 1000, locale) } };
    }
    return { key: errorKeyOf(error) };
};
