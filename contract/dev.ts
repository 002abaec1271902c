/**
 * Development stand-ins, mounted only when the server's DEV_TOOLS setting is on (the default
 * outside production). They stand where real outside services would: the SMS gateway (here, the
 * outbox is readable) and the mobile operator's sign-in page (served as HTML by the server at
 * /portal_api/dev/operator/authorize, not a JSON call, so it is not listed here).
 */
import { z } from 'zod';
import { defineCall, idText } from './define';
import { DEVICE_STATES } from './devices';
import { imei, msisdn } from './fields';

const outboxMessage = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    text: z.string(),
    purpose: z.enum(['otp', 'notice']),
    created_at: z.string(),
});

export const devOutbox = defineCall({
    summary: 'Development only: the latest SMS messages sent to a phone number',
    method: 'GET',
    path: '/dev/outbox',
    access: 'public',
    query: z.object({ msisdn, $limit: idText.pipe(z.number().max(50)).default(5) }),
    response: z.object({ data: z.array(outboxMessage) }),
});

/** What a financed phone's screen shows: its lock state and, when locked, the challenge for an offline PIN. */
const phoneScreen = z.object({ imei: z.string(), state: z.enum(DEVICE_STATES), challenge: z.string().nullable() });

export const devPhoneScreen = defineCall({
    summary:
        "Development only: what a financed phone shows (the lock provider's app): its lock state and, when locked, its challenge",
    method: 'GET',
    path: '/dev/phone',
    access: 'public',
    query: z.object({ imei }),
    response: phoneScreen,
});

export const OFFLINE_UNLOCK_OUTCOMES = ['unlocked', 'wrong', 'expired', 'used', 'not_locked'] as const;

export const devPhoneOfflineUnlock = defineCall({
    summary:
        'Development only: the customer types an offline unlock PIN on the locked phone. The phone answers what it did: `unlocked` (the PIN is spent and the phone shows a new challenge), or why not.',
    method: 'POST',
    path: '/dev/phone/offline-unlock',
    access: 'public',
    body: z.object({
        imei,
        pin: z
            .string()
            .trim()
            .regex(/^[0-9]{8}$/, 'valid PIN required (8 digits)'),
    }),
    response: phoneScreen.extend({ outcome: z.enum(OFFLINE_UNLOCK_OUTCOMES) }),
});

export const devCalls = { devOutbox, devPhoneScreen, devPhoneOfflineUnlock };
