/**
 * What a new password must be (OWASP ASVS 5.0 level 2): at least PASSWORD_MIN_LENGTH characters,
 * at most the contract's maximum, no composition rules (no demand for digits or capitals), not on
 * the list of common and breached passwords, and not containing the username. Each refusal has its
 * own key, so the form says why. Checked wherever a password is chosen (one's own change, a new
 * user, a self-registration) and on every successful password sign-in: a password chosen under
 * older rules still signs in, but the account is then asked to change it before anything else.
 */
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { ErrorKey } from '../../../contract/errors';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import type { Transaction } from '../../db';
import { admins } from '../../db/schema';
import { HttpError } from '../../http';
import type { AuditEntry, Written } from '../../write';

/**
 * The list (common-passwords.txt, lower-cased, with its source and licence in its header), read
 * once when the server starts: a Set, so each check is one lookup.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
        .split(/\r?\n/)
        .filter(line => line !== '' && line !== '#' && !line.startsWith('# ')),
);

export type PasswordProblem = 'too_short' | 'common' | 'contains_username';

const PROBLEM_ERRORS: Record<PasswordProblem, { key: ErrorKey; message: string }> = {
    too_short: {
        key: 'errors.password_too_short',
        message: `The password must have at least ${PASSWORD_MIN_LENGTH} characters`,
    },
    common: { key: 'errors.password_common', message: 'This password is too common; choose another' },
    contains_username: { key: 'errors.password_contains_username', message: 'The password must not contain the username' },
};

/**
 * Why a password breaks the rules, the first reason only (the one a form can also check comes
 * first), or null. Characters are Unicode code points, as a person counts them; the list and the
 * username are compared without regard to case.
 */
export const passwordProblem = (password: string, username: string): PasswordProblem | null => {
    if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
    const folded = password.toLowerCase();
    if (COMMON_PASSWORDS.has(folded)) return 'common';
    if (username !== '' && folded.includes(username.toLowerCase())) return 'contains_username';
    return null;
};

/** Refuses (400 naming `field`) a new password that breaks the rules. Cheap: before any hash. */
export const checkNewPassword = (password: string, username: string, field: string): void => {
    const problem = passwordProblem(password, username);
    if (problem) throw new HttpError(400, PROBLEM_ERRORS[problem].key, PROBLEM_ERRORS[problem].message, field);
};

/**
 * After a successful password sign-in (the password typed was right): when it breaks today's
 * rules, the account must change it before anything else, the same mark an administrator's reset
 * leaves (the session opened now or after the second factor carries it). Answers the audit event
 * to record with the sign-in, none when the password is fine or the mark was already there.
 */
export const requireChangeOfWeakPassword = async (
    tx: Transaction,
    adminId: number,
    username: string,
    password: string,
): Promise<AuditEntry[]> => {
    const problem = passwordProblem(password, username);
    if (!problem) return [];
    const marked = await tx
        .update(admins)
        .set({ mustChangePassword: true })
        .where(and(eq(admins.id, adminId), eq(admins.mustChangePassword, false)))
        .returning({ id: admins.id });
    if (marked.length === 0) return [];
    return [
        {
            actorAdminId: adminId,
            action: 'admins.password_change_required',
            entity: 'admins',
            entityId: adminId,
            before: { must_change_password: false },
            after: { must_change_password: true, reason: problem },
        },
    ];
};

/** A write's answer with more audit events after its own. */
export const alsoAudited = <T>(written: Written<T>, more: readonly AuditEntry[]): Written<T> => {
    if (more.length === 0) return written;
    const [first, ...rest] = Array.isArray(written.audit) ? written.audit : [written.audit as AuditEntry];
    if (!first) return written;
    return { result: written.result, audit: [first, ...rest, ...more] };
};
