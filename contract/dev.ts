/**
 * Development stand-ins, mounted only when the server's DEV_TOOLS setting is on (the default
 * outside production). They stand where real outside services would: the SMS gateway (here, the
 * outbox is readable) and the mobile operator's sign-in page (served as HTML by the server at
 * /portal_api/dev/operator/authorize, not a JSON call, so it is not listed here).
 */
import { z } from 'zod';
import { defineCall, idText } from './define';
import { msisdn } from './fields';

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

export const devCalls = { devOutbox };
