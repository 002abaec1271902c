/**
 * Security administration (spec §6, §7 "Auth and admin"): security groups, role codes, the roles
 * of a group, portal users (admins), and agent self-registration. Feathers conventions: lists take
 * `$limit`, `$skip`, `$sort` and field filters and answer `{ total, limit, skip, data }`.
 */
import { z } from 'zod';
import { defineCall, id, idText, page, paging } from './define';
import { adminRoleRef, groupRole } from './auth';
import { calendarMoment, email, msisdn, newPassword, personName, username } from './fields';

const adminGroup = z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    role_count: z.number().int(),
    user_count: z.number().int(),
    created_at: z.string(),
});
export type AdminGroup = z.infer<typeof adminGroup>;

export const listAdminGroups = defineCall({
    summary: 'List security groups (also for choosing and filtering users by group)',
    method: 'GET',
    path: '/prerequisites/admin-groups',
    access: ['VIEW_SECURITY', 'VIEW_USERS', 'ADD_USER'],
    query: z.object({ ...paging, name: z.string().max(80).optional(), q: z.string().max(80).optional() }),
    response: page(adminGroup),
});

export const getAdminGroup = defineCall({
    summary: 'One security group',
    method: 'GET',
    path: '/prerequisites/admin-groups/:id',
    access: 'VIEW_SECURITY',
    params: z.object({ id: idText }),
    response: adminGroup,
});

export const createAdminGroup = defineCall({
    summary: 'Add a security group',
    method: 'POST',
    path: '/prerequisites/admin-groups',
    access: 'ADD_SECURITY_GROUP',
    body: z.object({
        name: z.string().trim().min(2).max(80),
        description: z.string().trim().max(300).default(''),
    }),
    response: adminGroup,
});

const adminRole = adminRoleRef.extend({ description: z.string() });

export const listAdminRoles = defineCall({
    summary: 'List every role code',
    method: 'GET',
    path: '/prerequisites/admin-roles',
    access: 'VIEW_SECURITY',
    query: z.object({ ...paging, q: z.string().max(80).optional() }),
    response: page(adminRole),
});

export const listGroupRoles = defineCall({
    summary: 'List the roles of a group',
    method: 'GET',
    path: '/prerequisites/admin-group-roles',
    access: 'VIEW_SECURITY',
    query: z.object({ ...paging, group_id: idText.optional() }),
    response: page(groupRole),
});

export const addGroupRole = defineCall({
    summary: 'Give a group a role',
    method: 'POST',
    path: '/prerequisites/admin-group-roles',
    access: 'EDIT_ROLES',
    body: z.object({ group_id: id, role_id: id }),
    response: groupRole,
});

export const removeGroupRole = defineCall({
    summary: 'Take a role away from a group',
    method: 'DELETE',
    path: '/prerequisites/admin-group-roles/:id',
    access: 'EDIT_ROLES',
    params: z.object({ id: idText }),
    response: groupRole,
});

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

export const updateAdminGroup = defineCall({
    summary:
        'Rename or describe a security group (not the groups the portal knows by name: Super Admin, Sales Agent, Field Agent)',
    method: 'PATCH',
    path: '/prerequisites/admin-groups/:id',
    access: 'ADD_SECURITY_GROUP',
    params: z.object({ id: idText }),
    body: z.object({ name: z.string().trim().min(2).max(80), description: z.string().trim().max(300) }).partial(),
    response: adminGroup,
});

export const auditEvent = z.object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
    role_used: z.string().nullable(),
    /** One of contract/audit.ts's `AUDIT_ACTIONS`, or an older code kept as it was recorded. */
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    /**
     * What the entity is called now, for the entities people know by a name: a user's username, a
     * group's or shop's name, a loan's reference (also for its device lock and its maker-checker
     * requests; an agent registration's agent). Null for the others, or once the record is gone.
     */
    subject: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    coords: z.string().nullable(),
    at: z.string(),
});
export type AuditEventRecord = z.infer<typeof auditEvent>;

const momentText = calendarMoment;

export const listAuditEvents = defineCall({
    summary: 'The audit trail, newest first: who did what to which record, when, with which role, before and after',
    method: 'GET',
    path: '/prerequisites/audit-events',
    access: 'VIEW_AUDIT_TRAIL',
    query: z.object({
        ...paging,
        actor_id: idText.optional(),
        action: z.string().max(80).optional(),
        entity: z.string().max(80).optional(),
        entity_id: z.string().max(80).optional(),
        from: momentText.optional(),
        to: momentText.optional(),
    }),
    response: page(auditEvent),
});

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

export const securityCalls = {
    listAdminGroups,
    getAdminGroup,
    createAdminGroup,
    listAdminRoles,
    listGroupRoles,
    addGroupRole,
    removeGroupRole,
    updateAdminGroup,
    listAdmins,
    getAdmin,
    createAdmin,
    updateAdmin,
    setAdminStatus,
    endAdminSessions,
    releaseAdminThrottle,
    resetAdminPassword,
    listAuditEvents,
    registrationOptions,
    register,
    registerLiveness,
    registrationCapture,
};
