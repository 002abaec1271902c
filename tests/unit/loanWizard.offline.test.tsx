/**
 * A sale's documents and identity taken with no signal (issue 24): each photo is kept on the phone
 * and shown as kept, the identity is typed by hand (nothing is read offline) and submitted as one
 * KYC item, and the sale waits at the identity step saying so, past a reload too, going no further
 * on a promise; once the connection is back the item is sent, in order, once, and the sale goes on
 * to the phone with the registered customer.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { qualifiedDevices } from '../../contract/customers';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/define';
import { identityValidation, kycDetails, uploadImage, type KycImageKind } from '../../contract/kyc';
import { customerLoginCheck } from '../../contract/origination';
import { newKycChain } from '../../src/lib/kycQueue';
import { loanStore } from '../../src/lib/loanStore';
import { outbox } from '../../src/lib/offlineQueue';
import { photoStore } from '../../src/lib/photoStore';
import { answer, contractServer } from './support/contractHandlers';
import { customerStep, openWizard, SELLER_ROLES, wizardInThisFile } from './support/loanWizard';
import {
    BUYER_MSISDN,
    buyer,
    DEMO_PHOTOS,
    demoPhoto,
    identityChecked,
    imageId,
    kycSubmitted,
    qualified,
    SHOP,
    uploaded,
} from './support/loanWizardFixtures';
import { browserNetwork } from './support/network';
import { renderPortal, signedInAs } from './support/portal';

/** The KYC requests that reached the network, in order, with their keys. */
const sent: { call: string; key: string | null; body: unknown }[] = [];
/** The identity register's next answer: a match unless told. */
let register: 'match' | 'name_mismatch' = 'match';

contractServer(
    answer(customerLoginCheck, async ({ request }) => {
        const { msisdn } = (await request.clone().json()) as { msisdn: string };
        return { msisdn, known: false, customer: null };
    }),
    answer(uploadImage, async ({ request }) => {
        const kind = (await request.clone().formData()).get('kind') as KycImageKind;
        sent.push({ call: 'uploadImage', key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body: { kind } });
        return uploaded(kind);
    }),
    answer(identityValidation, async ({ request }) => {
        sent.push({
            call: 'identityValidation',
            key: request.headers.get(IDEMPOTENCY_KEY_HEADER),
            body: await request.clone().json(),
        });
        return identityChecked(register === 'match' ? null : register);
    }),
    answer(kycDetails, async ({ request }) => {
        sent.push({ call: 'kycDetails', key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body: await request.clone().json() });
        return kycSubmitted();
    }),
    answer(qualifiedDevices, qualified),
);

const network = browserNetwork();

wizardInThisFile();
afterEach(async () => {
    sent.length = 0;
    register = 'match';
    await photoStore.keepOnly(new Set());
});

describe('a sale with no signal at the documents', { timeout: 90_000 }, () => {
    it('keeps the photos and the KYC, waits at the identity (past a reload), and goes on once it is sent', async () => {
        const user = await openWizard();
        await customerStep(user);
        await screen.findByRole('heading', { level: 2, name: 'Identity documents' });

        network.goOffline();
        expect(await screen.findByText(/You are offline: each photo is kept on this phone, encrypted/)).toBeTruthy();
        await user.upload(screen.getByLabelText('ID front'), demoPhoto(DEMO_PHOTOS.id_front));
        await user.upload(screen.getByLabelText('ID back'), demoPhoto(DEMO_PHOTOS.id_back));
        await user.upload(screen.getByLabelText('Selfie'), demoPhoto(DEMO_PHOTOS.selfie));
        await waitFor(() => expect(screen.getAllByText('Kept on this phone, waiting to send')).toHaveLength(3));
        expect(screen.getByRole('img', { name: 'ID front, as chosen' })).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Next' }));

        // Nothing was read from the ID: typed by hand, and said so.
        await screen.findByRole('heading', { level: 2, name: 'The customer’s identity' });
        expect(screen.getByText(/nothing could be read from it: type each detail from the document/)).toBeTruthy();
        await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Sipho');
        await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Dlamini');
        await user.type(screen.getByRole('textbox', { name: /ID number/ }), buyer.id_number);
        fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1992-02-20' } });
        await user.type(screen.getByRole('textbox', { name: /^Town/ }), 'Soweto');
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));

        // Waiting, said so; the sale stays at the identity and nothing was sent.
        expect((await screen.findByTestId('kyc-waiting')).textContent).toContain(
            `The KYC of Sipho Dlamini, ${BUYER_MSISDN} is kept on this phone, waiting to send.`,
        );
        expect(screen.getByRole('button', { name: 'Check and submit' })).toHaveProperty('disabled', true);
        expect(await screen.findByRole('button', { name: '1 waiting to send' })).toBeTruthy();
        expect(sent).toEqual([]);
        expect(loanStore.read()).toMatchObject({ step: 'identity', customer: null });

        // A reload: the kept sale opens at the identity, still waiting, its photos still kept.
        cleanup();
        renderPortal('/dashboard/customers/add-loan');
        expect(await screen.findByTestId('kyc-waiting')).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'The customer’s identity' })).toBeTruthy();
        expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Sipho');

        // Online: sent in order, once, each with its key; the sale goes on with the customer.
        network.goOnline();
        await screen.findByRole('heading', { level: 2, name: 'Choose the phone' });
        expect(sent.map(one => one.call)).toEqual([
            'uploadImage',
            'uploadImage',
            'uploadImage',
            'identityValidation',
            'kycDetails',
        ]);
        expect(new Set(sent.map(one => one.key)).size).toBe(5);
        expect(sent[4]?.body).toMatchObject({
            msisdn: BUYER_MSISDN,
            first_name: 'Sipho',
            images: { id_front: imageId('id_front'), id_back: imageId('id_back'), selfie: imageId('selfie') },
            identity_reference: 'CTB-7781',
        });
        expect(await screen.findByText(`Sent: KYC details: Sipho Dlamini, ${BUYER_MSISDN}`)).toBeTruthy();
        expect(loanStore.read()).toMatchObject({ customer: { id: buyer.id } });
    });

    it('resumed after its KYC was refused while away, says why, and sends it again corrected without uploading again', async () => {
        signedInAs(SELLER_ROLES, { shop: SHOP });
        // Kept offline at the documents and identity, then refused by the register when it was sent.
        const photos = [];
        for (const [kind, name] of Object.entries(DEMO_PHOTOS) as [keyof typeof DEMO_PHOTOS, string][]) {
            const kept = await photoStore.keep(demoPhoto(name), name);
            loanStore.keepPhoto('v1', BUYER_MSISDN, { kind, photo: kept.id, file_name: name });
            photos.push({ kind, photo: kept.id, file_name: name, image: null });
        }
        loanStore.setStep('v1', 'identity');
        const form = { first_name: 'Sipo', last_name: 'Dlamini', id_number: buyer.id_number, date_of_birth: '1992-02-20' };
        const check = { id_type: 'national_id' as const, ...form };
        network.online = false;
        await outbox.submitKyc(
            newKycChain({
                entry: 'v1',
                msisdn: BUYER_MSISDN,
                form: { id_type: 'national_id', address: { town: 'Soweto' }, ...form },
                photos,
                check,
                details: {
                    msisdn: BUYER_MSISDN,
                    customer_type: 'normal',
                    channel: 'shop',
                    id_type: 'national_id',
                    ...form,
                    address: { town: 'Soweto' },
                },
            }),
            `Sipo Dlamini, ${BUYER_MSISDN}`,
        );
        network.online = true;
        register = 'name_mismatch';
        await outbox.flush();
        expect(sent.map(one => one.call)).toEqual(['uploadImage', 'uploadImage', 'uploadImage', 'identityValidation']);
        sent.length = 0;
        register = 'match';

        const user = userEvent.setup();
        renderPortal('/dashboard/customers/add-loan');
        await screen.findByRole('heading', { level: 2, name: 'The customer’s identity' });
        expect(
            await screen.findByText(
                'The KYC kept on this phone was not accepted: The name does not match the identity register. Check it against the ID. Correct it and submit again.',
            ),
        ).toBeTruthy();
        const firstName = screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
        expect(firstName.value).toBe('Sipo');
        await user.clear(firstName);
        await user.type(firstName, 'Sipho');
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));
        await screen.findByRole('heading', { level: 2, name: 'Choose the phone' });
        // The photos the refused item had uploaded are not uploaded again; the check and details are new.
        expect(sent.map(one => one.call)).toEqual(['identityValidation', 'kycDetails']);
        expect(sent[0]?.body).toMatchObject({ first_name: 'Sipho' });
        expect(sent[1]?.body).toMatchObject({
            images: { id_front: imageId('id_front'), id_back: imageId('id_back'), selfie: imageId('selfie') },
        });
        expect(outbox.kycFor('v1', BUYER_MSISDN)).toBeNull();
    });
});
