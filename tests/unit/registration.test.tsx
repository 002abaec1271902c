/**
 * Agent self-registration in three steps: the details lead on to the live photo
 * (`/verify_liveness`) carrying the registration's token; each photo is sent with that token and
 * says whether a live face was found and how many retakes are left; "Finish" opens once a photo
 * is sent (or the step has closed), and "received" names the checker who approves: the role, the
 * shop or head office. The checker's side: the registration's request shows the live photo in the
 * page, opening full size.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listServiceTransactions } from '../../contract/approvals';
import { approvalCounts } from '../../contract/approvals';
import { register, registerLiveness, registrationCapture, registrationOptions } from '../../contract/registration';
import { I18nContextProvider } from '../../src/i18n/context';
import { RegisterPage } from '../../src/pages/auth/RegisterPage';
import { RegistrationPhotoUpload } from '../../src/pages/auth/RegistrationSteps';
import { VerifyLivenessPage } from '../../src/pages/auth/VerifyLivenessPage';
import { png } from '../e2e/fixtures/kycImages';
import { buildApprovalRequest } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { englishI18n, renderPortal, signedInAs } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const TOKEN = 'A'.repeat(43);
const registered: unknown[] = [];
const photos: { token: FormDataEntryValue | null; file: FormDataEntryValue | null }[] = [];
let stepClosed = false;

const server = contractServer(
    answer(registrationOptions, { stores: [{ id: 4, name: 'Soweto Mall', town: 'Soweto' }] }),
    answer(register, async ({ request }) => {
        registered.push(await request.clone().json());
        return {
            username: 'thandi.zulu',
            status: 'pending_approval' as const,
            registration_token: TOKEN,
            liveness_until: '2026-11-22T08:30:00.000Z',
        };
    }),
    answer(registerLiveness, async ({ request }) => {
        const form = await request.clone().formData();
        photos.push({ token: form.get('registration_token'), file: form.get('file') });
        if (stepClosed)
            return errorAnswer(409, {
                code: 409,
                name: 'Conflict',
                message: 'Closed',
                key: 'errors.registration_step_closed',
                field: 'registration_token',
            });
        return { liveness: { passed: true, score: 1 }, captured_at: '2026-11-22T08:05:00.000Z', captures_left: 2 };
    }),
);

beforeEach(() => {
    registered.length = 0;
    photos.length = 0;
    stepClosed = false;
});

const registrant = { name: 'Thandi', username: 'thandi.zulu', shop: 'Soweto Mall' };

/** The two signed-out pages of registration in a memory router, starting at `entry`. */
const renderSteps = (entry: { pathname: string; state?: unknown }) =>
    render(
        <I18nContextProvider i18n={englishI18n()}>
            <MemoryRouter initialEntries={[entry]}>
                <Routes>
                    <Route path="/register" element={<RegisterPage />} />
                    <Route path="/verify_liveness" element={<VerifyLivenessPage />} />
                </Routes>
            </MemoryRouter>
        </I18nContextProvider>,
    );

describe('self-registration', () => {
    it('goes from the details to the live photo, which cannot be skipped', async () => {
        const user = userEvent.setup();
        renderPortal('/register');
        expect(await screen.findByText('Your details', {}, FIRST)).toBeTruthy();
        await user.type(await screen.findByRole('textbox', { name: /First name/ }, FIRST), 'Thandi');
        await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Zulu');
        await user.type(screen.getByRole('textbox', { name: /Username/ }), 'thandi.zulu');
        await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '27821234567');
        await user.click(screen.getByRole('combobox', { name: /Shop/ }));
        await user.click(await screen.findByRole('option', { name: /Soweto Mall/ }));
        await user.type(screen.getByLabelText(/^Password/), 'a-long-password-1');
        await user.type(screen.getByLabelText(/^Confirm password/), 'a-long-password-1');
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByRole('heading', { name: 'Your live photo' }, FIRST)).toBeTruthy();
        expect(registered).toHaveLength(1);
        expect(screen.getByText('Live photo')).toBeTruthy();
        // No sign-in is asked for: the photo goes with the registration's token.
        expect(screen.queryByText(/Sign in on this device first/)).toBeNull();
        expect(screen.getByText('Take a photo to finish your registration.')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Finish registration' })).toHaveProperty('disabled', true);
    });

    it("sends each photo with the registration's token and says what the check found", async () => {
        const settled: boolean[] = [];
        const file = new File([new Uint8Array(png(480, 640))], 'liveness.jpg', { type: 'image/jpeg' });
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <RegistrationPhotoUpload file={file} token={TOKEN} onSettled={done => settled.push(done)} />
            </I18nContextProvider>,
        );
        expect(await screen.findByText('Your photo shows a live face. You can finish your registration.')).toBeTruthy();
        expect(screen.getByText('You can take 2 more photos.')).toBeTruthy();
        expect(photos).toHaveLength(1);
        expect(photos[0]?.token).toBe(TOKEN);
        expect(photos[0]?.file).toBeTruthy();
        expect(settled).toEqual([true]);
    });

    it('refuses a photo too small to hold a face before sending it, and the step stays open', async () => {
        const settled: boolean[] = [];
        const file = new File([new Uint8Array(png(120, 160))], 'liveness.jpg', { type: 'image/jpeg' });
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <RegistrationPhotoUpload file={file} token={TOKEN} onSettled={done => settled.push(done)} />
            </I18nContextProvider>,
        );
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('Your photo could not be sent.');
        expect(alert.textContent).toContain('240');
        expect(photos).toEqual([]);
        expect(settled).toEqual([false]);
    });

    it('says when the photo step has closed, and lets the registrant finish', async () => {
        stepClosed = true;
        const settled: boolean[] = [];
        const file = new File([new Uint8Array(png(480, 640))], 'liveness.jpg', { type: 'image/jpeg' });
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <RegistrationPhotoUpload file={file} token={TOKEN} onSettled={done => settled.push(done)} />
            </I18nContextProvider>,
        );
        expect((await screen.findByRole('alert')).textContent).toContain('The photo step of this registration is closed');
        expect(settled).toEqual([true]);
    });

    it('names who approves once received: the role, at the shop chosen or head office', async () => {
        renderSteps({ pathname: '/register', state: { received: registrant } });
        const status = await screen.findByRole('status', {}, FIRST);
        expect(status.textContent).toBe(
            'Thank you, Thandi. A checker holding the role “Approve agent registration” (at Soweto Mall, or at head office) reviews your details and your live photo. You are told by SMS when they decide, and you can sign in as thandi.zulu once it is approved.',
        );
        expect(screen.queryByText(/administrator/)).toBeNull();
    });
});

describe("a registration's checker", () => {
    // The registrant is the request's maker too.
    const registration = buildApprovalRequest({
        id: 31,
        kind: 'agent_registration',
        subject: 'Thandi Zulu',
        maker: { id: 50, name: 'Thandi Zulu' },
    });
    const counts = { deregistration: 0, imei_change: 0, loan_transfer: 0, agent_registration: 1, price_change: 0, mine: 0 };

    it('sees the live photo in the request, opening full size', async () => {
        const dataUrl = `data:image/png;base64,${png(480, 640).toString('base64')}`;
        server.use(
            answer(listServiceTransactions, [registration]),
            answer(approvalCounts, counts),
            answer(registrationCapture, {
                capture: {
                    content_type: 'image/png',
                    data_url: dataUrl,
                    liveness: { passed: true, score: 1 },
                    captured_at: '2026-11-22T08:05:00.000Z',
                },
            }),
        );
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/mc_requests_v2');
        // The registrant is the request's maker too: the row names them twice.
        const row = (await screen.findAllByText('Thandi Zulu', {}, FIRST))[0]!.closest('tr')!;
        await user.click(within(row).getByRole('button', { name: 'Details of request 31' }));
        const open = await screen.findByRole('button', { name: 'Open the live photo of Thandi Zulu in full size' });
        expect(within(open).getByRole('img', { name: 'Live photo of Thandi Zulu' }).getAttribute('src')).toBe(dataUrl);
        expect(screen.getByText(/Live face found \(score 100%\), taken/)).toBeTruthy();
        await user.click(open);
        expect(await screen.findByRole('dialog', { name: 'Live photo of Thandi Zulu' })).toBeTruthy();
    });

    it('is told when the registrant took no photo', async () => {
        server.use(
            answer(listServiceTransactions, [registration]),
            answer(approvalCounts, counts),
            answer(registrationCapture, { capture: null }),
        );
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/mc_requests_v2');
        // The registrant is the request's maker too: the row names them twice.
        const row = (await screen.findAllByText('Thandi Zulu', {}, FIRST))[0]!.closest('tr')!;
        await user.click(within(row).getByRole('button', { name: 'Details of request 31' }));
        await waitFor(() => expect(screen.getByText('The registrant took no live photo.')).toBeTruthy());
    });
});
