import { Alert, Stack } from '@mui/material';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Form, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Customer } from '../../../../contract/customers';
import { IDENTITY_MISMATCHES, type KycImageKind } from '../../../../contract/kyc';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { IdentityMismatch, newKycChain, type KycChain, type KycPhoto } from '../../../lib/kycQueue';
import { outbox, type OutboxItem } from '../../../lib/offlineQueue';
import { usePortalValidators } from '../../../lib/validators';
import { useWizardChecks } from '../checks';
import { FieldGrid } from '../FieldGrid';
import { loanStore } from '../../../lib/loanStore';
import { FormActions, StepHeading, StepProblem, useWizard, type Capture, type Draft, type IdentityValues } from '../wizard';
import { businessFields, personFields } from './identityFields';
import { blankIdentity, kycBody, OCR_FIELDS, withOcr } from './identityValues';

type Mismatch = (typeof IDENTITY_MISMATCHES)[number];

/** The fields an identity register's "no" is about, highlighted for the user to check against the ID. */
const MISMATCH_FIELDS: Record<Mismatch, Record<string, string>> = {
    not_found: { id_number: 'loans.wizard.identity.check_field' },
    name_mismatch: { first_name: 'loans.wizard.identity.check_field', last_name: 'loans.wizard.identity.check_field' },
    date_of_birth_mismatch: { date_of_birth: 'loans.wizard.identity.check_field' },
    deceased: {},
};

/** The form's fields as the customer's type asks for them, and every source either may name (where a 400 lands). */
const useIdentityFields = () => {
    const checks = useWizardChecks();
    const validate = usePortalValidators();
    return useMemo(() => {
        const person = personFields({ checks, validate });
        const business = businessFields({ checks, validate });
        const sources = [...person, ...business].flatMap(field => (field.kind === 'heading' ? [] : [field.source]));
        return { person, business, sources };
    }, [checks, validate]);
};

const isOcrField = (source: string): source is (typeof OCR_FIELDS)[number] => (OCR_FIELDS as readonly string[]).includes(source);

/** "Read from the ID": a field still holding what OCR read says so, for the user to check it. */
const useFromId = () => {
    const { draft } = useWizard();
    const values = useWatch<IdentityValues>({ name: [...OCR_FIELDS] }) as unknown as (string | undefined)[];
    return (source: string) => {
        if (!isOcrField(source)) return undefined;
        const read = draft.ocr?.[source];
        const value = values[OCR_FIELDS.indexOf(source)];
        return read && value === read ? 'loans.wizard.identity.from_id' : undefined;
    };
};

/** The person's fields, and the business's for a business customer, in one grid. */
const IdentityFields = ({ fields }: { fields: ReturnType<typeof useIdentityFields> }) => {
    const { draft } = useWizard();
    const fromId = useFromId();
    return (
        <FieldGrid
            fields={draft.customerType === 'business' ? [...fields.person, ...fields.business] : fields.person}
            helperOf={fromId}
        />
    );
};

/** The form as a KYC item kept it, over blank values: whatever it lacks is empty, never missing. */
const keptIdentity = (form: Record<string, unknown>): IdentityValues => {
    const blank = blankIdentity();
    const kept = form as Partial<IdentityValues>;
    return {
        ...blank,
        ...kept,
        address: { ...blank.address, ...kept.address },
        business: { ...blank.business, ...kept.business, address: { ...blank.business.address, ...kept.business?.address } },
    };
};

/** The sale's KYC item in the outbox, re-read whenever the outbox changes. */
const useKycItem = (): OutboxItem | null => {
    const { entry, draft } = useWizard();
    useSyncExternalStore(outbox.subscribe, outbox.version);
    return outbox.kycFor(entry.key, draft.msisdn);
};

/**
 * The documents as the KYC item sends them: those sent already with their image, those kept on
 * the phone by their photo (an upload a refused item had already made is not made again).
 */
const photosOf = (draft: Draft, before: KycChain | undefined): Omit<KycPhoto, 'key'>[] =>
    (Object.entries(draft.captures) as [KycImageKind, Capture | undefined][]).flatMap(
        ([kind, capture]): Omit<KycPhoto, 'key'>[] => {
            if (capture?.status === 'done' && capture.image) {
                return [{ kind, photo: null, file_name: capture.fileName, image: capture.image }];
            }
            if (capture?.status === 'kept' && capture.photo) {
                const sent = before?.photos.find(one => one.photo === capture.photo && one.image)?.image ?? null;
                return [{ kind, photo: capture.photo, file_name: capture.fileName, image: sent }];
            }
            return [];
        },
    );

/** The documents a chain has sent, as sent captures (the kept photo's thumbnail stays). */
const sentCaptures = (draft: Draft, chain: KycChain): Draft['captures'] => {
    const captures = { ...draft.captures };
    for (const photo of chain.photos) {
        const capture = captures[photo.kind];
        if (photo.image && capture?.status === 'kept' && capture.photo === photo.photo) {
            captures[photo.kind] = { ...capture, status: 'done', image: photo.image };
        }
    }
    return captures;
};

/**
 * Step 3: who the customer is, confirmed by the user: what OCR read from the ID is filled in and
 * marked "read from the ID"; the ID number is checked as it is left. Next checks the person
 * against the identity register (Contactable) and submits their KYC (kyc-details), which
 * registers a new customer or updates a known one; documents photographed offline are sent first.
 *
 * Offline (or when the network gave no answer), the KYC is kept as one outbox item
 * (lib/kycQueue.ts) and the step waits on it, saying so: the sale goes no further on a promise,
 * since the phone, terms, deposit and lock need the registered customer. Once the item is sent the
 * wizard goes on with its answer; refused, it says why, to be corrected and submitted again.
 */
export const IdentityStep = () => {
    const translate = useTranslate();
    const { entry, draft, update, go } = useWizard();
    const fields = useIdentityFields();
    const item = useKycItem();
    const [problem, setProblem] = useState<string | null>(null);
    // Once per visit: a later change of the draft must not reset what is being typed.
    const [initial] = useState(() =>
        withOcr(draft.identity ?? (item?.chain ? keptIdentity(item.chain.form) : blankIdentity()), draft.ocr),
    );
    const waiting = item?.state === 'waiting';
    const handTyped = Object.values(draft.captures).some(capture => capture?.status === 'kept') && !draft.ocr;

    const goOn = (customer: Customer, chain: KycChain) => {
        update(current => ({ customer, captures: sentCaptures(current, chain) }));
        loanStore.setCustomer(entry.key, draft.msisdn, customer);
        go('phone');
    };

    // The kept KYC was sent: the sale goes on with its answer (once; going back here later does not jump).
    const sentCustomer = item?.state === 'sent' && !draft.customer ? (item.chain?.customer ?? null) : null;
    useEffect(() => {
        if (sentCustomer && item?.chain) goOn(sentCustomer, item.chain);
        // goOn's draft is the one this answer belongs to.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [sentCustomer]);

    const submit = async (raw: Record<string, unknown>) => {
        if (waiting) return undefined;
        const values = { ...blankIdentity(), ...raw } as IdentityValues;
        setProblem(null);
        update({ identity: values });
        const before = item?.state === 'refused' ? item : null;
        const check = {
            id_type: values.id_type,
            id_number: values.id_number.trim().toUpperCase(),
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            date_of_birth: values.date_of_birth,
        };
        const { images: _images, identity_reference: _reference, ...details } = kycBody(values, draft, entry, '-');
        const chain = newKycChain({
            entry: entry.key,
            msisdn: draft.msisdn,
            form: { ...values },
            photos: photosOf(draft, before?.chain),
            check,
            details,
        });
        try {
            const result = await outbox.submitKyc(chain, `${check.first_name} ${check.last_name}, ${draft.msisdn}`, progress =>
                update(current => ({ captures: sentCaptures(current, progress) })),
            );
            if (before) outbox.forget(before.key);
            if ('queued' in result) return undefined;
            goOn(result.sent.customer, result.chain);
            return undefined;
        } catch (error) {
            if (error instanceof IdentityMismatch) {
                setProblem(`loans.wizard.identity.mismatch.${error.mismatch}`);
                const named = MISMATCH_FIELDS[error.mismatch];
                return Object.keys(named).length > 0 ? named : undefined;
            }
            const key = apiErrorOf(error)?.key;
            if (key === 'errors.id_number_taken') return { id_number: key };
            const named = fieldErrorsOf(error, fields.sources);
            if (Object.keys(named).length > 0) return named;
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };

    return (
        <Form onSubmit={submit} defaultValues={initial} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.identity.title" intro="loans.wizard.identity.intro" />
                {waiting ? (
                    <Alert severity="info" role="status" data-testid="kyc-waiting">
                        {translate('loans.wizard.queued.waiting', { what: item.about })}
                    </Alert>
                ) : null}
                {item?.state === 'refused' ? (
                    <Alert severity="error" role="alert">
                        {translate('loans.wizard.queued.refused', { reason: translate(item.error ?? 'errors.server') })}
                    </Alert>
                ) : null}
                {draft.lookup?.known && !draft.lookup.existing ? (
                    <Alert severity="info">{translate('loans.wizard.identity.known')}</Alert>
                ) : null}
                {draft.ocr ? <Alert severity="info">{translate('loans.wizard.identity.ocr_note')}</Alert> : null}
                {handTyped ? <Alert severity="info">{translate('loans.wizard.queued.no_ocr')}</Alert> : null}
                <IdentityFields fields={fields} />
                <StepProblem problem={problem} />
                <FormActions
                    back="documents"
                    label="loans.wizard.identity.submit"
                    disabled={waiting}
                    keep={values => update({ identity: { ...blankIdentity(), ...values } as IdentityValues })}
                />
            </Stack>
        </Form>
    );
};
