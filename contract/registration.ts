/**
 * Agent self-registration: the shops one may register with, the details (step 1) and the live
 * photo (step 2), and the photo as its checker sees it.
 */
import { z } from 'zod';
import { defineCall, id, idText } from './define';
import { email, msisdn, newPassword, personName, username } from './fields';

export const registrationOptions = defineCall({
    summary: 'The shops an agent may register with',
    method: 'GET',
    path: '/prerequisites/register',
    access: 'public',
    response: z.object({ stores: z.array(z.object({ id: z.number().int(), name: z.string(), town: z.string() })) }),
});

/** Photos one registration's liveness step takes (the first and two retakes), and how long it stays open. */
export const REGISTRATION_CAPTURES = 3;
export const REGISTRATION_LIVENESS_MINUTES = 30;

/** A registration's liveness token: 32 random bytes, base64url. */
const registrationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a registration token');

export const register = defineCall({
    summary:
        'Agent self-registration, step 1 of 2: creates a sales agent awaiting approval and answers the token of its liveness step (`registerLiveness`), good for REGISTRATION_LIVENESS_MINUTES. The answer is the same whether or not the phone number is already registered (its owner is told by SMS), so it reveals no numbers.',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/prerequisites/register',
    access: 'public',
    body: z.object({
        username,
        first_name: personName,
        last_name: personName,
        msisdn,
        email: email.optional(),
        store_id: id,
        password: newPassword,
    }),
    response: z.object({
        username: z.string(),
        status: z.literal('pending_approval'),
        registration_token: z.string(),
        liveness_until: z.string(),
    }),
});

const livenessResult = z.object({ passed: z.boolean(), score: z.number() });

export const registerLiveness = defineCall({
    summary:
        "Agent self-registration, step 2 of 2 (`/verify_liveness`): the registrant's live photo (multipart: `registration_token` and `file`), bound to the registration that issued the token and shown to its checker. A JPEG, PNG or WebP judged by its content, big enough to hold a face; each photo replaces the last, at most REGISTRATION_CAPTURES while the step is open. A token that is unknown, expired, spent or of a decided registration: 409 `errors.registration_step_closed`, checked before any of the file is read (the token must come before it: 400 naming `registration_token` otherwise). Past REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR from one source: 429 with Retry-After; while the server reads as many public uploads as it takes at once: 503 `errors.unavailable` with Retry-After.",
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/prerequisites/register/liveness',
    access: 'public',
    upload: true,
    body: z.object({ registration_token: registrationToken }),
    response: z.object({ liveness: livenessResult, captured_at: z.string(), captures_left: z.number().int() }),
});

export const registrationCapture = defineCall({
    summary:
        "The live photo an agent's self-registration took (`registerLiveness`), for the checker who decides it: the latest capture with its liveness result, or null when the registrant took none. 404 `errors.request_not_found` for a request that is no registration or out of the caller's reach.",
    method: 'GET',
    path: '/prerequisites/service-transactions/:id/liveness',
    access: 'VIEW_MAKER_CHECKER_REQUESTS',
    params: z.object({ id: idText }),
    response: z.object({
        capture: z
            .object({
                content_type: z.string(),
                data_url: z.string(),
                liveness: livenessResult,
                captured_at: z.string(),
            })
            .nullable(),
    }),
});

export const registrationCalls = {
    registrationOptions,
    register,
    registerLiveness,
    registrationCapture,
};
