/** Rating a call with a customer (spec §7 "Call rating"), and the ratings the customer view shows. */
import { z } from 'zod';
import { defineCall } from '../define';
import { msisdn, person } from '../fields';
import { boundedText } from './customer';

export const CALL_RATINGS = [1, 2, 3, 4, 5] as const;

export const callRating = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    rated_by: person,
    created_at: z.string(),
});

export const rateCall = defineCall({
    summary: 'Rate a call with a customer, from 1 (poor) to 5 (excellent)',
    method: 'POST',
    idempotency: 'queue',
    status: 201,
    path: '/api/v1/customer_call_rating',
    access: 'RATE_CALL',
    body: z.object({
        msisdn,
        rating: z.number().int().min(1).max(5),
        comment: boundedText(500).optional(),
    }),
    response: callRating,
});

/** How many of a customer's latest call ratings the customer view shows. */
export const CALL_RATINGS_SHOWN = 5;

export const customerCallRatings = defineCall({
    summary:
        "A customer's latest call ratings, newest first (at most CALL_RATINGS_SHOWN), each with who rated and when, and how many there are in all: the trace a rating leaves on the customer view.",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/customer_call_ratings',
    access: 'RATE_CALL',
    body: z.object({ msisdn }),
    response: z.object({ ratings: z.array(callRating), total: z.number().int() }),
});

export const callRatingCalls = { rateCall, customerCallRatings };
