/**
 * A checker's decision on a KYC submission: approve (with the corrections the checker confirmed),
 * reject, or send it back to the agent with a note (texted to them), each one write with its audit
 * event, on the submission as it stands (./submissions.ts reads it and says who may see it).
 *
 * A decision is one write on the locked submission row, as the approvals engine decides
 * (server/domain/approvals/index.ts): of parallel deciders one decides and the others get 409
 * `errors.request_decided`; the submitter may not decide (403 `errors.own_request`); the decider's
 * roles are read again under the group-roles lock.
 *
 * Sending back (`return`) is a decision under the same rules that leaves the customer's KYC as it
 * is: the submission becomes `returned` with the checker's note in `reason`, and its agent is told
 * by SMS. Their next submission for the customer reopens it (details.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
import { KYC_CORRECTABLE_FIELDS, type KycCorrections, type KycSubmission, type OcrFields } from '../../../contract/kyc';
import type { Transaction } from '../../db';
import { admins, customers, identityChecks, kycSubmissions, smsOutbox } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { Written } from '../../write';
import { rolesHeldNowShared } from '../security';
import { readSaId, registerAnswer } from './identity';
import { inReach, readSubmission, submissionNotFound } from './submissions';

type KycCorrectableField = (typeof KYC_CORRECTABLE_FIELDS)[number];

type Decision =
    | { id: number; decision: 'approve'; corrections?: KycCorrections | undefined }
    | { id: number; decision: 'reject'; reason: string }
    | { id: number; decision: 'return'; note: string };

/** What the agent reads on their phone when a submission is sent back: which customer, and why. */
export const returnedSms = (id: number, msisdn: string, note: string) =>
    `KYC submission #${id} for ${msisdn} was sent back to you: ${note} Correct it and submit it again.`;

/**
 * The checker's corrections that change something: each field whose value differs from what the
 * submission confirmed, with its value before and after. Sent unchanged, a field is no correction.
 */
const correctionsOf = (confirmed: OcrFields, corrections: KycCorrections | undefined) =>
    KYC_CORRECTABLE_FIELDS.flatMap(field => {
        const after = corrections?.[field];
        return after !== undefined && after !== confirmed[field] ? [{ field, before: confirmed[field], after }] : [];
    });

/** The customer's column each correctable field sets. */
const CUSTOMER_COLUMN = { first_name: 'firstName', last_name: 'lastName', gender: 'gender' } as const;

/**
 * A correction may not undo what the identity check stood on (contract/kyc.ts `kycCorrections`):
 * a national ID number carries its holder's gender, so a gender it contradicts is refused; and
 * corrected names are checked with the register again (identity.ts `registerAnswer`), as the
 * agent's names were, so a checker cannot approve a verified customer under another person's name.
 */
const checkCorrections = async (
    context: CallContext,
    tx: Transaction,
    submission: typeof kycSubmissions.$inferSelect,
    corrected: ReturnType<typeof correctionsOf>,
) => {
    const after = (field: KycCorrectableField) => corrected.find(one => one.field === field)?.after;
    const gender = after('gender');
    if (gender !== undefined && submission.idType === 'national_id') {
        const reading = readSaId(submission.idNumber, context.now());
        if (reading.valid && reading.gender !== gender) {
            throw new HttpError(
                400,
                'errors.correction_contradicts_id',
                `The ID number says the holder is ${reading.gender}`,
                'corrections.gender',
            );
        }
    }
    const firstName = after('first_name');
    const lastName = after('last_name');
    if (firstName === undefined && lastName === undefined) return;
    const [check] = await tx
        .select({ dateOfBirth: identityChecks.dateOfBirth })
        .from(identityChecks)
        .where(eq(identityChecks.id, submission.identityCheckId));
    // The register knows the names of whoever else holds this ID number (the customer themself
    // carries the names being corrected).
    const [known] = await tx
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(
            and(
                eq(customers.idType, submission.idType),
                eq(customers.idNumber, submission.idNumber),
                ne(customers.id, submission.customerId),
            ),
        );
    const mismatch = registerAnswer(
        {
            idType: submission.idType,
            idNumber: submission.idNumber,
            firstName: firstName ?? submission.confirmed.first_name ?? '',
            lastName: lastName ?? submission.confirmed.last_name ?? '',
            dateOfBirth: check?.dateOfBirth ?? '',
        },
        known ?? null,
        context.now(),
    );
    if (mismatch === 'name_mismatch') {
        throw new HttpError(
            400,
            'errors.correction_contradicts_id',
            'The identity register knows this ID number under other names',
            firstName !== undefined ? 'corrections.first_name' : 'corrections.last_name',
        );
    }
};

export const decide = async (context: CallContext, body: Decision): Promise<KycSubmission> => {
    const me = context.session?.admin.id ?? 0;
    return context.write(async tx => {
        const [submission] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, body.id)).for('update');
        if (!submission || !inReach(context, submission.storeId)) throw submissionNotFound();
        if (submission.status !== 'pending') {
            throw new HttpError(409, 'errors.request_decided', `This submission was already ${submission.status}`, 'id');
        }
        if (submission.submittedByAdminId === me) {
            throw new HttpError(403, 'errors.own_request', 'You made this submission: another person must verify it', 'id');
        }
        const held = await rolesHeldNowShared(tx, me);
        if (!held.has('APPROVE_CUSTOMER_OCR')) {
            throw new HttpError(403, 'errors.forbidden', 'Verifying a KYC submission needs APPROVE_CUSTOMER_OCR');
        }
        if (body.decision === 'return') return sendBack(context, tx, submission, body.note);
        const approved = body.decision === 'approve';
        // Corrections go with an approval only: the confirmed fields and the customer take them, and
        // each is audited with what it was (a misread name is not silently overwritten).
        const corrected = body.decision === 'approve' ? correctionsOf(submission.confirmed, body.corrections) : [];
        await checkCorrections(context, tx, submission, corrected);
        if (corrected.length) {
            const confirmed = { ...submission.confirmed };
            const columns: Partial<Record<(typeof CUSTOMER_COLUMN)[KycCorrectableField], string>> = {};
            for (const { field, after } of corrected) {
                Object.assign(confirmed, { [field]: after });
                columns[CUSTOMER_COLUMN[field]] = after;
            }
            await tx.update(kycSubmissions).set({ confirmed }).where(eq(kycSubmissions.id, submission.id));
            await tx
                .update(customers)
                .set(columns as Partial<typeof customers.$inferInsert>)
                .where(eq(customers.id, submission.customerId));
        }
        const status = approved ? 'approved' : 'rejected';
        const reason = body.decision === 'reject' ? body.reason : null;
        const kycStatus = approved ? 'verified' : 'rejected';
        await tx
            .update(kycSubmissions)
            .set({ status, decidedByAdminId: me, decidedAt: context.now(), reason })
            .where(eq(kycSubmissions.id, submission.id));
        const [customer] = await tx
            .update(customers)
            .set({ kycStatus })
            .where(eq(customers.id, submission.customerId))
            .returning({ id: customers.id, msisdn: customers.msisdn });
        return {
            result: await readSubmission(tx, submission.id),
            audit: [
                {
                    action: `kyc_submissions.${body.decision}`,
                    entity: 'kyc_submissions',
                    entityId: submission.id,
                    before: { status: submission.status },
                    after: { status, reason },
                },
                ...corrected.map(({ field, before, after }) => ({
                    action: 'kyc_submissions.correct' as const,
                    entity: 'kyc_submissions',
                    entityId: submission.id,
                    before: { field, value: before },
                    after: { field, value: after, customer_id: submission.customerId },
                })),
                {
                    action: 'customers.kyc_status',
                    entity: 'customers',
                    entityId: submission.customerId,
                    after: { msisdn: customer?.msisdn ?? null, kyc_status: kycStatus },
                },
            ],
        };
    });
};

/**
 * Sends a pending submission back to its agent: `returned` with the note, decided by the checker;
 * the customer's KYC stays as it is (pending until the agent submits again). The agent is told
 * through the SMS outbox, in the same transaction as the decision.
 */
const sendBack = async (
    context: CallContext,
    tx: Transaction,
    submission: typeof kycSubmissions.$inferSelect,
    note: string,
): Promise<Written<KycSubmission>> => {
    const me = context.session?.admin.id ?? 0;
    const now = context.now();
    await tx
        .update(kycSubmissions)
        .set({ status: 'returned', decidedByAdminId: me, decidedAt: now, reason: note })
        .where(eq(kycSubmissions.id, submission.id));
    const result = await readSubmission(tx, submission.id);
    const [agent] = await tx.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.id, submission.submittedByAdminId));
    if (agent) {
        await tx.insert(smsOutbox).values({
            msisdn: agent.msisdn,
            text: returnedSms(submission.id, result.customer.msisdn, note),
            purpose: 'notice',
            createdAt: now,
        });
    }
    return {
        result,
        audit: [
            {
                action: 'kyc_submissions.return',
                entity: 'kyc_submissions',
                entityId: submission.id,
                before: { status: submission.status },
                after: { status: 'returned', note, agent_id: submission.submittedByAdminId },
            },
        ],
    };
};
