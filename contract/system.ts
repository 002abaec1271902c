/**
 * The system check (`/dashboard/test`): what support staff read on a phone at a shop to tell a
 * broken portal from a broken network. The portal times its own calls to `health`; this call adds
 * what only the server knows: its version and clock, and the state of the outside services it
 * stands in front of (the lock providers and the SMS gateway).
 */
import { z } from 'zod';
import { defineCall } from './define';
import { LOCK_SOLUTIONS } from './devices';

/** How a service is reached: a real adapter, the built-in simulator, or the outbox a gateway would read. */
export const SERVICE_MODES = ['live', 'simulator', 'outbox'] as const;
/** One verdict per check, said in words and an icon on the page, never colour alone. */
export const CHECK_STATES = ['ok', 'warning', 'failed'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export const systemCheck = defineCall({
    summary: "The server's version and clock, and the state of the lock providers and the SMS gateway",
    method: 'GET',
    path: '/system/check',
    access: 'RUN_SYSTEM_CHECK',
    response: z.object({
        version: z.string(),
        /** The server's clock when it answered, ISO 8601: the portal compares it with the browser's. */
        server_time: z.string(),
        lock_providers: z.array(
            z.object({
                solution: z.enum(LOCK_SOLUTIONS),
                mode: z.enum(SERVICE_MODES),
                state: z.enum(CHECK_STATES),
                /** Commands sent and not answered yet. */
                waiting: z.number().int(),
                /** Devices whose last command this provider refused, in the last 24 hours. */
                failed_last_day: z.number().int(),
            }),
        ),
        sms: z.object({
            mode: z.enum(SERVICE_MODES),
            state: z.enum(CHECK_STATES),
            /** The last message handed to the gateway, ISO 8601, or null when none ever was. */
            last_message_at: z.string().nullable(),
            messages_last_hour: z.number().int(),
        }),
    }),
});
export type SystemCheck = z.output<typeof systemCheck.response>;

export const systemCalls = { systemCheck };
