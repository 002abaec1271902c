/**
 * /verify_liveness: signed out, the page says to sign in first; signed in, a photo is
 * sent as a multipart upload (contract/kyc.ts `uploadImage`, kind `liveness`) and its result and
 * reference shown; a photo over 5 MB, a damaged one or one too small for the liveness check is
 * refused before anything is sent, saying why; a failure offers to send it again; past the hourly
 * quota, the page says when the next can be sent.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadImage } from '../../contract/kyc';
import { I18nContextProvider } from '../../src/i18n/context';
import { LivenessUpload } from '../../src/pages/auth/VerifyLivenessPage';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { englishI18n, renderPortal, signedInAs } from './support/portal';
import { png } from '../e2e/fixtures/kycImages';

vi.setConfig({ testTimeout: 30_000 });

const IMAGE_ID = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';
const sent: { kind: FormDataEntryValue | null; file: FormDataEntryValue | null }[] = [];
let failures = 0;
let quotaSpent = false;

contractServer(
    answer(uploadImage, async ({ request }) => {
        const form = await request.clone().formData();
        sent.push({ kind: form.get('kind'), file: form.get('file') });
        if (quotaSpent) {
            return errorAnswer(429, {
                code: 429,
                name: 'TooManyRequests',
                message: 'Quota',
                key: 'errors.kyc_upload_quota',
                field: 'file',
                retry_after: 600,
            });
        }
        if (failures > 0) {
            failures -= 1;
            return errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' });
        }
        return {
            id: IMAGE_ID,
            kind: 'liveness' as const,
            content_type: 'image/jpeg' as const,
            size: 1234,
            ocr: null,
            liveness: { passed: true, score: 0.87 },
            created_at: '2026-11-22T08:00:00.000Z',
        };
    }),
);

beforeEach(() => {
    sent.length = 0;
    failures = 0;
    quotaSpent = false;
});

/** A well-formed picture big enough for the liveness check, or `size` bytes of nothing. */
const photo = (size?: number) =>
    new File([size === undefined ? new Uint8Array(png(480, 640)) : new Uint8Array(size)], 'liveness.jpg', { type: 'image/jpeg' });

const renderUpload = (file: File) =>
    render(
        <I18nContextProvider i18n={englishI18n()}>
            <LivenessUpload file={file} />
        </I18nContextProvider>,
    );

describe('the liveness check page', () => {
    it('says to sign in first on a device where nobody is signed in', async () => {
        renderPortal('/verify_liveness');
        expect(await screen.findByRole('heading', { name: 'Liveness check' }, { timeout: 15_000 })).toBeTruthy();
        expect(screen.getByText(/Sign in on this device first/)).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    });

    it('does not ask a signed-in agent to sign in', async () => {
        signedInAs(['ADD_LOAN']);
        renderPortal('/verify_liveness');
        expect(await screen.findByRole('heading', { name: 'Liveness check' }, { timeout: 15_000 })).toBeTruthy();
        expect(screen.queryByText(/Sign in on this device first/)).toBeNull();
    });
});

describe('sending a liveness photo', () => {
    it('uploads it as a liveness image and shows the result and the reference', async () => {
        signedInAs(['ADD_LOAN']);
        renderUpload(photo());
        expect(await screen.findByText('Live face found (score 87%).')).toBeTruthy();
        expect(screen.getByText(`Image reference: ${IMAGE_ID}`)).toBeTruthy();
        expect(sent).toHaveLength(1);
        expect(sent[0]?.kind).toBe('liveness');
        // A file part (jsdom's File crosses into msw as another realm's, so only its kind is checked).
        expect(typeof sent[0]?.file).toBe('object');
        expect((sent[0]?.file as File | null)?.type).toBe('image/jpeg');
    });

    it('refuses a photo over 5 MB before sending anything', async () => {
        signedInAs(['ADD_LOAN']);
        renderUpload(photo(MAX_UPLOAD_BYTES + 1));
        expect((await screen.findByRole('alert')).textContent).toContain('Maximum file size is 5MB');
        expect(sent).toHaveLength(0);
    });

    it('refuses a capture too small for the liveness check before sending it, saying why', async () => {
        signedInAs(['ADD_LOAN']);
        renderUpload(new File([new Uint8Array(png(320, 200))], 'liveness.jpg', { type: 'image/jpeg' }));
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('too small to check for a live face');
        expect(alert.textContent).toContain('at least 240 pixels');
        expect(screen.queryByText(/Live face found/)).toBeNull();
        expect(sent).toHaveLength(0);
    });

    it('refuses a damaged picture before sending it', async () => {
        signedInAs(['ADD_LOAN']);
        const whole = png(480, 640);
        renderUpload(new File([new Uint8Array(whole.subarray(0, whole.length - 12))], 'liveness.png', { type: 'image/png' }));
        expect((await screen.findByRole('alert')).textContent).toContain('damaged or not a complete photo');
        expect(sent).toHaveLength(0);
    });

    it('past the hourly quota, says when the next photo can be sent', async () => {
        signedInAs(['ADD_LOAN']);
        quotaSpent = true;
        renderUpload(photo());
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toMatch(/The next can be sent at \d{1,2}:\d{2}/);
    });

    it('says why it failed and sends it again on request', async () => {
        signedInAs(['ADD_LOAN']);
        failures = 1;
        const user = userEvent.setup();
        renderUpload(photo());
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('The photo could not be sent.');
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('Live face found (score 87%).')).toBeTruthy();
        expect(sent).toHaveLength(2);
    });
});
