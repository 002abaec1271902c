/** Data awards (AWARD_DATA): a mobile-data bundle given to a customer, as goodwill or a reward. */
import { z } from 'zod';
import { defineCall } from '../define';
import { msisdn, person } from '../fields';
import { boundedText } from './customer';

/** The bundles staff may award, in MB, smallest first. */
export const DATA_BUNDLES_MB = [100, 500, 1024] as const;
/** A customer is awarded data at most once in this many days. */
export const DATA_AWARD_INTERVAL_DAYS = 30;

export const dataAward = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    bundle_mb: z.number().int(),
    reason: z.string(),
    awarded_by: person,
    created_at: z.string(),
});
export type DataAward = z.infer<typeof dataAward>;

export const customerDataAwards = defineCall({
    summary: "A customer's data awards, newest first, and when the next one may be given",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/customer_data_awards',
    access: 'AWARD_DATA',
    body: z.object({ msisdn }),
    response: z.object({
        data: z.array(dataAward),
        /** ISO time from which another award may be given; null when one may be given now. */
        next_award_at: z.string().nullable(),
    }),
});

export const awardCustomerData = defineCall({
    summary: `Award a customer a data bundle (${DATA_BUNDLES_MB.join(', ')} MB) with a reason; the customer is told by SMS. At most one award per customer in ${DATA_AWARD_INTERVAL_DAYS} days (409 errors.award_too_soon).`,
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/award_customer_data',
    access: 'AWARD_DATA',
    body: z.object({
        msisdn,
        bundle_mb: z.literal(DATA_BUNDLES_MB),
        reason: boundedText(500).pipe(z.string().min(3)),
    }),
    response: dataAward,
});

export const dataAwardCalls = { customerDataAwards, awardCustomerData };
