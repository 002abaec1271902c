/**
 * Knowing the customer (spec §7 "Customers" KYC, "Loan" identity checks; §5 'Maximum file size is
 * 5MB', 'kyc_files_required: …'; docs/domain.md "KYC submission"): the identity checks the add-loan
 * wizard runs, the documents it uploads (with OCR pre-fill and a liveness result), the submission
 * that registers or updates the customer, and the back-office queue that verifies submissions.
 *
 * A submission is `pending` until someone holding APPROVE_CUSTOMER_OCR other than its submitter
 * approves it (the customer's KYC becomes `verified`) or rejects it with a reason (`rejected`); a
 * second decision is 409 `errors.request_decided`. The checker may instead send it back to its agent
 * with a note (`returned`); the agent's next submission for the customer reopens it. A sale may start on a pending submission; a
 * rejected customer cannot buy until a new submission is made.
 */
import { z } from 'zod';
import { customer, CUSTOMER_CHANNELS, CUSTOMER_TYPES, GENDERS, ID_TYPES, INDUSTRY_VERTICALS, TURNOVER_BANDS } from './customers';
import { defineCall, estimatedTotal, id } from './define';
import { calendarDay, email, msisdn, personName } from './fields';

/** Spec §9: the largest file the portal takes, checked on the client and again on the server (413). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What a KYC image may be: checked by the file's first bytes, whatever its name says. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The documents of a submission. `liveness` is the live capture of `/verify_liveness`. */
export const KYC_IMAGE_KINDS = ['id_front', 'id_back', 'selfie', 'liveness'] as const;
export type KycImageKind = (typeof KYC_IMAGE_KINDS)[number];
/** Every submission needs these three ('kyc_files_required'); digitally assisted ones also `liveness`. */
export const REQUIRED_KYC_IMAGES = ['id_front', 'id_back', 'selfie'] as const satisfies readonly KycImageKind[];

/**
 * `returned`: the checker sent it back to its agent with a note (`reason`) to correct; a new
 * submission for the customer by kyc-details makes it `pending` again (docs/domain.md).
 */
export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected', 'returned'] as const;

/** A South African ID number: 13 digits, YYMMDD first, a Luhn check digit last. */
export const SA_ID_PATTERN = /^[0-9]{13}$/;
export const PASSPORT_PATTERN = /^[A-Z0-9]{6,20}$/;

export const idNumberInput = z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,20}$/, 'valid ID number required');

/** What OCR read from the ID's front, for the user to confirm or correct. Any field may be unread. */
export const ocrFields = z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    id_number: z.string().nullable(),
    /** YYYY-MM-DD. */
    date_of_birth: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
});
export type OcrFields = z.infer<typeof ocrFields>;

export const kycImage = z.object({
    /** A UUID: what a submission names the image by. */
    id: z.string(),
    kind: z.enum(KYC_IMAGE_KINDS),
    content_type: z.enum(IMAGE_TYPES),
    size: z.number().int(),
    /** Set for `id_front`: the fields read from it. */
    ocr: ocrFields.nullable(),
    /** Set for `liveness` (and `selfie`): whether a live face was found. */
    liveness: z.object({ passed: z.boolean(), score: z.number() }).nullable(),
    created_at: z.string(),
});

export const uploadImage = defineCall({
    summary:
        'Uploads one KYC image (multipart: a `kind` field and a `file` field). At most 5 MB (413 `errors.payload_too_large`), a JPEG, PNG or WebP by its content whatever its name (415 `errors.unsupported_media_type`), well formed (400 `errors.image_malformed`) with each side 16 to 10,000 px (400 `errors.image_dimensions`); a selfie or liveness capture at least 240 px on its shorter side (400 `errors.liveness_too_small`), all naming `file` (contract/imageFormat.ts). At most 60 images and 150 MB per uploader in any hour (429 `errors.kyc_upload_quota`, `Retry-After`). The front of an ID answers what OCR read from it; a liveness capture answers whether a live face was found. An image no submission names is deleted 24 h after its upload.',
    method: 'POST',
    idempotency: 'queue',
    status: 201,
    path: '/images',
    access: 'ADD_LOAN',
    upload: true,
    body: z.object({ kind: z.enum(KYC_IMAGE_KINDS) }),
    response: kycImage,
});

export const idValidationCheck = defineCall({
    summary:
        "Checks an ID number before it is used: a national ID must be 13 digits with a valid date and check digit (its date of birth and gender are answered for pre-fill); a passport 6–20 letters and digits. Registered to another customer than this phone number's: 409 `errors.id_number_taken`.",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/id/validation/check',
    access: 'ADD_LOAN',
    body: z.object({ id_type: z.enum(ID_TYPES), id_number: idNumberInput, msisdn }),
    response: z.object({
        id_type: z.enum(ID_TYPES),
        id_number: z.string(),
        date_of_birth: z.string().nullable(),
        gender: z.enum(GENDERS).nullable(),
    }),
});

export const IDENTITY_MISMATCHES = ['not_found', 'name_mismatch', 'date_of_birth_mismatch', 'deceased'] as const;

export const identityValidation = defineCall({
    summary:
        "Verifies the person against the identity register (Contactable): whether the ID number exists and its name and date of birth match. The answer's `reference` is what kyc-details names; a check is good for an hour.",
    method: 'POST',
    idempotency: 'queue',
    path: '/api/v1/contactable/kyc/validation/identity',
    access: 'ADD_LOAN',
    body: z.object({
        id_type: z.enum(ID_TYPES),
        id_number: idNumberInput,
        first_name: personName,
        last_name: personName,
        date_of_birth: calendarDay,
    }),
    response: z.object({
        reference: z.string(),
        verified: z.boolean(),
        mismatch: z.enum(IDENTITY_MISMATCHES).nullable(),
        checked_at: z.string(),
    }),
});

const text = (max: number) => z.string().trim().max(max);

const addressInput = z.object({
    unit_house_number: text(40).optional(),
    street: text(120).optional(),
    suburb: text(80).optional(),
    town: z.string().trim().min(2).max(80),
    province: text(80).optional(),
    postal_code: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z -]{2,10}$/, 'valid postal code required')
        .optional(),
});

export const businessInput = z.object({
    business_name: z.string().trim().min(2).max(120),
    employee_count: z.number().int().min(1).max(1_000_000),
    industry_vertical: z.enum(INDUSTRY_VERTICALS),
    turnover_band: z.enum(TURNOVER_BANDS),
    address: addressInput,
});

export const kycSubmission = z.object({
    id: z.number().int(),
    status: z.enum(KYC_SUBMISSION_STATUSES),
    customer: z.object({
        id: z.number().int(),
        msisdn: z.string(),
        name: z.string(),
        customer_type: z.enum(CUSTOMER_TYPES),
    }),
    id_type: z.enum(ID_TYPES),
    id_number: z.string(),
    /** What OCR read, and what the user confirmed (they differ where the user corrected it). */
    ocr: ocrFields.nullable(),
    confirmed: ocrFields,
    identity: z.object({ reference: z.string(), verified: z.boolean() }),
    liveness: z.object({ passed: z.boolean(), score: z.number() }).nullable(),
    images: z.array(z.object({ id: z.string(), kind: z.enum(KYC_IMAGE_KINDS) })),
    channel: z.enum(CUSTOMER_CHANNELS),
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    submitted_by: z.object({ id: z.number().int(), name: z.string() }),
    decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    decided_at: z.string().nullable(),
    reason: z.string().nullable(),
    created_at: z.string(),
});
export type KycSubmission = z.infer<typeof kycSubmission>;

export const kycDetails = defineCall({
    summary:
        'Registers a new customer (or updates one the caller sees, or one whose ID number matches) with the identity the user confirmed and their KYC documents, and opens a `pending` submission (replacing a pending one). Needs the three documents (400 `errors.kyc_files_required` on `images`), a passed identity check for this ID number from the last hour (409 `errors.identity_not_verified`), and for business customers the business details.',
    method: 'POST',
    idempotency: 'queue',
    status: 201,
    path: '/api/digital_assisted/kyc-details',
    access: 'ADD_LOAN',
    body: z.object({
        msisdn,
        customer_type: z.enum(CUSTOMER_TYPES),
        channel: z.enum(CUSTOMER_CHANNELS),
        first_name: personName,
        last_name: personName,
        id_type: z.enum(ID_TYPES),
        id_number: idNumberInput,
        date_of_birth: calendarDay,
        gender: z.enum(GENDERS).optional(),
        email: email.optional(),
        alternate_msisdn: msisdn.optional(),
        address: addressInput,
        business: businessInput.optional(),
        images: z.object({
            id_front: z.uuid().optional(),
            id_back: z.uuid().optional(),
            selfie: z.uuid().optional(),
            liveness: z.uuid().optional(),
        }),
        identity_reference: z.string().trim().min(1).max(64),
        store_id: id.optional(),
    }),
    response: z.object({ customer, kyc: kycSubmission }),
});

/**
 * The columns the KYC queue sorts by, each along an index (server/db/schema/kyc.ts): when it was
 * submitted, when it was decided.
 */
export const KYC_SORTS = ['created_at', 'decided_at'] as const;
export type KycSort = (typeof KYC_SORTS)[number];

export const pendingKycVerifications = defineCall({
    summary:
        'The KYC submissions to verify, oldest first (or decided ones, newest decided first) unless `sort`/`order` say otherwise, with a search on name, phone number or ID number; answers `data` and `total_items`. With `id`, that one submission whatever its status (the verification screen), or none when it is out of reach.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/all/pending/kyc-verifications',
    access: 'VIEW_CUSTOMER_OCR',
    body: z.object({
        id: id.optional(),
        status: z.enum(KYC_SUBMISSION_STATUSES).default('pending'),
        q: z.string().trim().max(64).optional(),
        /**
         * Without them the queue's own order: pending by `created_at` ascending (who waited
         * longest first), decided by `decided_at` descending. A default per status, so no schema
         * default: the same body without a sort keeps each status's order.
         */
        sort: z.enum(KYC_SORTS).optional(),
        order: z.enum(['asc', 'desc']).optional(),
        page_number: z.number().int().min(1).max(100_000).default(1),
        page_size: z.number().int().min(1).max(100).default(25),
    }),
    response: z.object({ data: z.array(kycSubmission), total_items: z.number().int(), estimated: estimatedTotal }),
});

export const kycImageContent = defineCall({
    summary: "One KYC image's content, for the checker reviewing a submission (a data URL).",
    method: 'GET',
    path: '/images/:id',
    access: ['VIEW_CUSTOMER_OCR', 'ADD_LOAN'],
    params: z.object({ id: z.uuid() }),
    response: z.object({
        id: z.string(),
        kind: z.enum(KYC_IMAGE_KINDS),
        content_type: z.enum(IMAGE_TYPES),
        data_url: z.string(),
    }),
});

/**
 * What a checker may correct before approving, where the document shows the agent (or OCR)
 * misread it: the names and gender. The ID number and date of birth are not among them: the
 * identity check was made against them, so a wrong one is a rejection and a new submission.
 */
export const KYC_CORRECTABLE_FIELDS = ['first_name', 'last_name', 'gender'] as const;
export const kycCorrections = z
    .object({ first_name: personName.optional(), last_name: personName.optional(), gender: z.enum(GENDERS).optional() })
    .strict();
export type KycCorrections = z.infer<typeof kycCorrections>;

export const approveKycVerification = defineCall({
    summary:
        "Approves (the customer's KYC becomes `verified`) or rejects with a reason (`rejected`) a pending submission. Approving may correct misread fields (`corrections`: the names, gender), set on the submission's confirmed fields and the customer, each correction audited with its before and after (`kyc_submissions.correct`). Or sends it back to its agent with a note (`return`: `returned`, the customer's KYC unchanged; the agent is told by SMS, and their next submission for the customer makes it `pending` again). Not by its submitter (403 `errors.own_request`); a decided one is 409 `errors.request_decided`.",
    method: 'POST',
    path: '/api/v1/approve/ocr/kyc-verification',
    access: 'APPROVE_CUSTOMER_OCR',
    body: z.discriminatedUnion('decision', [
        z.object({ id, decision: z.literal('approve'), corrections: kycCorrections.optional() }),
        z.object({ id, decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
        z.object({ id, decision: z.literal('return'), note: z.string().trim().min(3).max(500) }),
    ]),
    response: kycSubmission,
});

export const kycCalls = {
    uploadImage,
    idValidationCheck,
    identityValidation,
    kycDetails,
    pendingKycVerifications,
    kycImageContent,
    approveKycVerification,
};
