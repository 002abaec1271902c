/** Signing in and out, the second factor, the mobile-operator sign-in, and the user's own roles. */
import { z } from 'zod';
import { defineCall } from './define';
import { newPassword, otpCode } from './fields';

export const sessionUser = z.object({
    token: z.string(),
    username: z.string(),
    name: z.string(),
    group: z.object({ id: z.number().int(), name: z.string() }),
    shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** When the session ends, in milliseconds since the epoch. */
    exp: z.number().int(),
    /**
     * An administrator reset the password: until the user chooses a new one (`changeOwnPassword`)
     * the session may do nothing else, and every other call answers 403
     * `errors.password_change_required`. The server always says; absent (a session stored before
     * the field existed) reads as false.
     */
    must_change_password: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

const signedIn = z.object({ user: sessionUser });
const otpRequired = z.object({
    otp_required: z.literal(true),
    auth_id: z.string(),
    /** The last digits of the phone the code went to, for the screen to say where to look. */
    sent_to: z.string(),
});

export const passwordSignIn = z.object({
    username: z.string().trim().toLowerCase().min(1).max(64),
    password: z.string().min(1).max(200),
});
export const otpSignIn = z.object({ auth_id: z.string().min(1).max(64), otp: otpCode });
export const operatorSignIn = z.object({
    auth_id: z.string().min(1).max(64),
    provider: z.string().min(1).max(32),
    code: z.string().min(1).max(128),
});

const OPERATOR_PROVIDERS = ['mno'] as const;

export const login = defineCall({
    summary: 'Sign in with a password, complete it with the second factor, or with the mobile operator',
    method: 'POST',
    path: '/authentication',
    access: 'public',
    body: z.union([passwordSignIn, otpSignIn, operatorSignIn]),
    response: z.union([signedIn, otpRequired]),
});

export const resendOtp = defineCall({
    summary: 'Send a new second-factor code for a pending sign-in',
    method: 'POST',
    path: '/authentication/otp/resend',
    access: 'public',
    body: z.object({ auth_id: z.string().min(1).max(64) }),
    response: otpRequired,
});

export const startOperatorSignIn = defineCall({
    summary: "Start a sign-in through the mobile operator: answers the operator's page to open",
    method: 'POST',
    path: '/authentication/operator',
    access: 'public',
    body: z.object({ provider: z.enum(OPERATOR_PROVIDERS) }),
    response: z.object({ auth_id: z.string(), authorize_url: z.string() }),
});

export const logout = defineCall({
    summary: 'Sign out: the token is revoked',
    method: 'DELETE',
    path: '/authentication',
    access: 'signed-in',
    beforePasswordChange: true,
    response: z.object({ ok: z.literal(true) }),
});

export const changeOwnPassword = defineCall({
    summary:
        "Change one's own password (the current one proves it is the user; the new one must differ from it and meet the password rules: 12 characters or more, not a common password, not containing the username). Clears a reset's must-change mark, so this session becomes a normal one, and ends the user's other sessions. Wrong current passwords count towards the sign-in throttle.",
    method: 'POST',
    path: '/authentication/password',
    access: 'signed-in',
    beforePasswordChange: true,
    body: z.object({ current_password: z.string().min(1).max(200), new_password: newPassword }),
    /** `ended`: the user's other sessions that ended. */
    response: z.object({ ended: z.number().int() }),
});

export const adminRoleRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const groupRole = z.object({
    id: z.number().int(),
    group_id: z.number().int(),
    role_id: z.number().int(),
    admin_role: adminRoleRef,
});
export type GroupRole = z.infer<typeof groupRole>;

export const myRoles = defineCall({
    summary: "The signed-in user's group and its roles (the group id is the session's, 0 if none)",
    method: 'GET',
    path: '/authentication/roles',
    access: 'signed-in',
    response: z.object({ group_id: z.number().int(), data: z.array(groupRole) }),
});

export const health = defineCall({
    summary: 'Liveness and database check',
    method: 'GET',
    path: '/health',
    access: 'public',
    response: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const authCalls = { login, resendOtp, startOperatorSignIn, logout, changeOwnPassword, myRoles, health };
