/**
 * The KYC calls (contract/kyc.ts) the portal makes: uploading a document or liveness capture (the
 * add-loan wizard and /verify_liveness), and the verification queue, one submission, its images
 * and the checker's decision.
 */
import { HttpError } from 'ra-core';
import type { CallResponse } from '../../../contract/define';
import {
    approveKycVerification,
    kycImageContent,
    MAX_UPLOAD_BYTES,
    pendingKycVerifications,
    uploadImage,
    type KycImageKind,
    type KycSubmission,
} from '../../../contract/kyc';
import { callApi, uploadCall } from '../../lib/portalApi';
import type { PageAnswer } from '../stores/pagedList';

/**
 * Uploads one KYC image. A file over 5 MB is refused before anything is sent: the promise rejects
 * with an HttpError whose message is the key `validation.max_file_size` ('Maximum file size is
 * 5MB'), as every failure of src/lib/portalApi.ts carries a catalog key (`notify(error.message)`
 * translates it). `onProgress` hears the fraction sent, 0 to 1.
 */
export const uploadKycImage = async (
    kind: KycImageKind,
    file: File,
    onProgress?: (fraction: number) => void,
): Promise<CallResponse<typeof uploadImage>> => {
    if (file.size > MAX_UPLOAD_BYTES) throw new HttpError('validation.max_file_size', 413, null);
    return uploadCall(uploadImage, { body: { kind } }, file, { fileName: file.name, onProgress });
};

/** Everything cached about KYC sits under this key: a decision refreshes all of it at once. */
export const kycKey = ['kyc'] as const;
export const queueKey = [...kycKey, 'queue'] as const;
export const submissionKey = (id: number) => [...kycKey, 'submission', id] as const;
export const imageKey = (id: string) => [...kycKey, 'image', id] as const;

export type SubmissionStatus = KycSubmission['status'];

export interface QueueFilter {
    status?: SubmissionStatus;
    q?: string;
}

export const fetchQueuePage = async (
    filter: QueueFilter,
    page: number,
    perPage: number,
    signal: AbortSignal,
): Promise<PageAnswer<KycSubmission>> => {
    const answer = await callApi(
        pendingKycVerifications,
        { body: { status: filter.status ?? 'pending', q: filter.q?.trim() || undefined, page_number: page, page_size: perPage } },
        { signal },
    );
    return { data: answer.data, total: answer.total_items };
};

/** One submission, or null when there is none the caller may see. */
export const fetchSubmission = async (id: number, signal: AbortSignal): Promise<KycSubmission | null> => {
    const answer = await callApi(pendingKycVerifications, { body: { id } }, { signal });
    return answer.data[0] ?? null;
};

export const fetchImage = (id: string, signal: AbortSignal) => callApi(kycImageContent, { params: { id } }, { signal });

export type KycDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

export const decideSubmission = (id: number, decision: KycDecision) =>
    callApi(approveKycVerification, { body: { id, ...decision } });
