/**
 * Portal users (admins): staff accounts, their status, sessions, sign-in throttle and password
 * resets. Who may act on whom is the security groups' rule (contract/security.ts).
 */
import { z } from 'zod';
import { defineCall, id, idText, page, paging } from './define';
import { email, msisdn, newPassword, personName, username } from './fields';

export const ADMIN_STATUSES = ['pending_approval', 'active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const admin = z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    msisdn: z.string(),
    email: z.string().nullable(),
    group_id: z.number().int(),
    group_name: z.string(),
    store_id: z.number().int().nullable(),
    store_name: z.string().nullable(),
    status: z.enum(ADMIN_STATUSES),
    otp_enabled: z.boolean(),
    created_at: z.string(),
});
export type Admin = z.infer<typeof admin>;

export const listAdmins = defineCall({
    summary: 'List portal users',
    method: 'GET',
    path: '/prerequisites/admins',
    access: 'VIEW_USERS',
    query: z.object({
        ...paging,
        q: z.string().max(80).optional(),
        group_id: idText.optional(),
        store_id: idText.optional(),
        status: z.enum(ADMIN_STATUSES).optional(),
    }),
    response: page(admin),
});

export const createAdmin = defineCall({
    summary: 'Add a portal user',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/prerequisites/admins',
    access: 'ADD_USER',
    body: z.object({
        username,
        first_name: personName,
        last_name: personName,
        msisdn,
        email: email.optional(),
        group_id: id,
        store_id: id.nullable().optional(),
        password: newPassword,
        otp_enabled: z.boolean().default(false),
    }),
    response: admin,
});

export const getAdmin = defineCall({
    summary: 'One portal user',
    method: 'GET',
    path: '/prerequisites/admins/:id',
    access: 'VIEW_USERS',
    params: z.object({ id: idText }),
    response: admin,
});

/**
 * Changing a user, their status or their sessions is for someone who holds every role of the
 * user's group (nobody acts on a more powerful account) and, when attached to a shop, only on
 * users of that shop. Nobody changes their own group, shop or status.
 */
export const updateAdmin = defineCall({
    summary:
        "Change a user's name, contact, group or shop (a new group only one whose roles the editor all holds). An empty change answers the user as they are. On one's own account, a new phone number or turning two-factor off needs `current_password` (re-authentication).",
    method: 'PATCH',
    path: '/prerequisites/admins/:id',
    access: 'EDIT_USER',
    params: z.object({ id: idText }),
    body: z
        .object({
            first_name: personName,
            last_name: personName,
            msisdn,
            email: email.nullable(),
            group_id: id,
            store_id: id.nullable(),
            otp_enabled: z.boolean(),
            /**
             * On one's own account, a new phone number or turning two-factor off needs the current
             * password again (400 errors.current_password_required without it; a wrong one is
             * errors.wrong_current_password and counts towards the sign-in throttle). Ignored otherwise.
             */
            current_password: z.string().min(1).max(200),
        })
        .partial(),
    response: admin,
});

export const setAdminStatus = defineCall({
    summary: 'Disable a user (their sessions end at once) or enable them again',
    method: 'POST',
    path: '/prerequisites/admins/:id/status',
    access: 'EDIT_USER',
    params: z.object({ id: idText }),
    body: z.object({ status: z.enum(['active', 'disabled']) }),
    response: admin,
});

export const endAdminSessions = defineCall({
    summary: 'End every session of a user: they must sign in again',
    method: 'POST',
    path: '/prerequisites/admins/:id/sessions/end',
    access: 'EDIT_USER',
    params: z.object({ id: idText }),
    response: z.object({ ended: z.number().int() }),
});

export const releaseAdminThrottle = defineCall({
    summary: "Forgive a user's recent failed sign-ins, so a throttled account may sign in again at once",
    method: 'POST',
    path: '/prerequisites/admins/:id/release',
    access: 'EDIT_USER',
    params: z.object({ id: idText }),
    response: z.object({ released: z.number().int() }),
});

export const resetAdminPassword = defineCall({
    summary:
        "Reset a user's password to a temporary one the server makes (answered once, never stored in clear): every session of the user ends at once, any sign-in throttle is released, the user is told by SMS, and must choose a new password at their next sign-in. Not on one's own account.",
    method: 'POST',
    path: '/prerequisites/admins/:id/password',
    access: 'EDIT_USER',
    params: z.object({ id: idText }),
    response: z.object({ temporary_password: z.string(), user: admin }),
});

export const userCalls = {
    listAdmins,
    getAdmin,
    createAdmin,
    updateAdmin,
    setAdminStatus,
    endAdminSessions,
    releaseAdminThrottle,
    resetAdminPassword,
};
