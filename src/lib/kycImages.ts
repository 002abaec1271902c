/**
 * The KYC calls (contract/kyc.ts) the portal makes that are neither a list nor a write of the
 * `kyc-submissions` resource (resources/kyc/calls.ts, writes.ts): uploading a document or liveness capture (the
 * add-loan wizard and /verify_liveness), and reading one image for the checker.
 */
import { HttpError } from 'ra-core';
import type { CallResponse } from '../../contract/define';
import { kycImageContent, MAX_UPLOAD_BYTES, uploadImage, type KycImageKind } from '../../contract/kyc';
import { LIVENESS_MIN_SIDE, readImage } from '../../contract/imageFormat';
import { callApi, uploadCall } from './portalApi';

const bytesOf = (file: Blob): Promise<ArrayBuffer> =>
    typeof file.arrayBuffer === 'function'
        ? file.arrayBuffer()
        : new Promise((resolve, reject) => {
              const reader = new FileReader();
              reader.onload = () => resolve(reader.result as ArrayBuffer);
              reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
              reader.readAsArrayBuffer(file);
          });

/**
 * Why the server would refuse this picture, judged here by the same rule (contract/imageFormat.ts)
 * while the customer is still there: the catalog key of the refusal, or null when it may be sent.
 * A selfie or live capture too small to hold a face for the liveness check is refused now, not
 * passed with a tick.
 */
export const imageProblemOf = async (kind: KycImageKind, file: Blob): Promise<string | null> => {
    const reading = readImage(new Uint8Array(await bytesOf(file)));
    if (!reading.ok) {
        if (reading.problem === 'type') return 'errors.unsupported_media_type';
        return reading.problem === 'structure' ? 'errors.image_malformed' : 'errors.image_dimensions';
    }
    const faces = kind === 'selfie' || kind === 'liveness';
    return faces && Math.min(reading.width, reading.height) < LIVENESS_MIN_SIDE ? 'errors.liveness_too_small' : null;
};

/**
 * Uploads one KYC image. A file over 5 MB, or one the server would refuse for what it is
 * (imageProblemOf), is refused before anything is sent: the promise rejects
 * with an HttpError whose message is the key (`validation.max_file_size`: 'Maximum file size is
 * 5MB', or the problem's), as every failure of src/lib/portalApi.ts carries a catalog key (`notify(error.message)`
 * translates it). `onProgress` hears the fraction sent, 0 to 1.
 */
export const uploadKycImage = async (
    kind: KycImageKind,
    file: File,
    onProgress?: (fraction: number) => void,
): Promise<CallResponse<typeof uploadImage>> => {
    if (file.size > MAX_UPLOAD_BYTES) throw new HttpError('validation.max_file_size', 413, null);
    const problem = await imageProblemOf(kind, file);
    if (problem) throw new HttpError(problem, 400, null);
    return uploadCall(uploadImage, { body: { kind } }, file, { fileName: file.name, onProgress });
};

/** One image's content, fetched once: it never changes (a new capture is a new image). */
export const imageKey = (id: string) => ['kyc-image', id] as const;

export const fetchImage = (id: string, signal: AbortSignal) => callApi(kycImageContent, { params: { id } }, { signal });
