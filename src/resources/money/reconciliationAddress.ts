/**
 * The reconciliation screen's address for one upload: its rows list's filter in react-admin's own
 * form (`?filter={"upload_id":12}`), so the outcome, page and size chosen join it there and a
 * reload or a copied address shows the same rows. The older form `?upload=12` still opens it.
 */
import { uploadIdOf } from './reconciliationCalls';

export const RECONCILIATION_PATH = '/dashboard/reconciliation';

export const uploadAddress = (uploadId: number) =>
    `${RECONCILIATION_PATH}?${new URLSearchParams({ filter: JSON.stringify({ upload_id: uploadId }) }).toString()}`;

/** The upload an address shows: its rows filter's `upload_id`, else the older `upload`; null for none. */
export const chosenUpload = (search: URLSearchParams): number | null => {
    let filter: unknown = null;
    try {
        filter = JSON.parse(search.get('filter') ?? 'null');
    } catch {
        filter = null;
    }
    const fromFilter = filter !== null && typeof filter === 'object' ? (filter as { upload_id?: unknown }).upload_id : undefined;
    const id = uploadIdOf(fromFilter ?? search.get('upload'));
    return id > 0 ? id : null;
};
