/**
 * The KYC calls (contract/kyc.ts) the portal makes: uploading a document or liveness capture (the
 * add-loan wizard and /verify_liveness), and the verification queue and its decisions.
 */
import { HttpError } from 'ra-core';
import type { CallResponse } from '../../../contract/define';
import { MAX_UPLOAD_BYTES, uploadImage, type KycImageKind } from '../../../contract/kyc';
import { uploadCall } from '../../lib/portalApi';

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
