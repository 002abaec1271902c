/**
 * The live photo of a registration for the checker who decides it (`registrationCapture`): the
 * latest capture with its liveness result, under the approvals' reach (a caller attached to a shop
 * sees that shop's registrations only; any other answers as a request that does not exist).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sniffImageType } from '../../../contract/imageFormat';
import { registrationCapture } from '../../../contract/registration';
import { approvalRequests, registrationLiveness } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';
import type { ImageStore } from '../kyc/imageStore';

const requestNotFound = () =>
    new HttpError(404, 'errors.request_not_found', 'This request was not found, or it is not one you may see', 'id');

export const registerCaptureRoute = (app: FastifyInstance, store: ImageStore): void => {
    mount(app, registrationCapture, async ({ params }, context) => {
        const id = Number(params.id);
        const [request] = await context.db
            .select({ storeId: approvalRequests.storeId, agentId: approvalRequests.subjectAdminId })
            .from(approvalRequests)
            .where(and(eq(approvalRequests.id, id), eq(approvalRequests.kind, 'agent_registration')));
        const shop = context.session?.admin.storeId ?? null;
        if (!request || request.agentId === null || (shop !== null && request.storeId !== shop)) throw requestNotFound();
        const [photo] = await context.db
            .select()
            .from(registrationLiveness)
            .where(and(eq(registrationLiveness.adminId, request.agentId), isNotNull(registrationLiveness.storedAs)))
            .orderBy(desc(registrationLiveness.capturedAt))
            .limit(1);
        if (!photo?.storedAs || !photo.capturedAt) return { capture: null };
        // A file lost from the store (a volume not shared, restored without it) is no photo to show, not a failure.
        const bytes = await store.get(photo.storedAs).catch((error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return null;
            throw error;
        });
        if (!bytes) return { capture: null };
        const contentType = sniffImageType(bytes) ?? 'image/jpeg';
        return {
            capture: {
                content_type: contentType,
                data_url: `data:${contentType};base64,${bytes.toString('base64')}`,
                liveness: { passed: photo.livenessPassed ?? false, score: photo.livenessScore ?? 0 },
                captured_at: iso(photo.capturedAt),
            },
        };
    });
};
