/**
 * A KYC capture judged in the portal before it is sent (src/lib/kycImages.ts `imageProblemOf`,
 * by contract/imageFormat.ts, the server's own rule): a selfie or live capture too small for the
 * liveness check is refused while the customer is still there, with the reason's key; damaged or
 * absurd pictures are refused for what they are; a good one goes.
 */
import { describe, expect, it } from 'vitest';
import { imageProblemOf } from '../../src/lib/kycImages';
import { png } from '../e2e/fixtures/kycImages';

const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)]);

describe('judging a capture before it is sent', () => {
    it('refuses a selfie or live capture whose shorter side is under 240 px, and takes the same picture as an ID side', async () => {
        expect(await imageProblemOf('selfie', blob(png(320, 239)))).toBe('errors.liveness_too_small');
        expect(await imageProblemOf('liveness', blob(png(64, 64)))).toBe('errors.liveness_too_small');
        expect(await imageProblemOf('id_back', blob(png(320, 200)))).toBeNull();
        expect(await imageProblemOf('selfie', blob(png(240, 320)))).toBeNull();
        expect(await imageProblemOf('liveness', blob(png(480, 640)))).toBeNull();
    });

    it('refuses a damaged picture, one of absurd size, and what is no picture at all', async () => {
        const whole = png(480, 640);
        expect(await imageProblemOf('liveness', blob(whole.subarray(0, whole.length - 12)))).toBe('errors.image_malformed');
        // The 45-byte header declaring 4294967295 × 4294967295 that once passed as a live face.
        const header = Buffer.concat([whole.subarray(0, 33), Buffer.alloc(12)]);
        header.writeUInt32BE(0xffffffff, 16);
        header.writeUInt32BE(0xffffffff, 20);
        expect(await imageProblemOf('liveness', blob(header))).toBe('errors.image_malformed');
        expect(await imageProblemOf('id_front', blob(png(12, 400)))).toBe('errors.image_dimensions');
        expect(await imageProblemOf('id_front', blob(new TextEncoder().encode('not a photo')))).toBe(
            'errors.unsupported_media_type',
        );
    });
});
