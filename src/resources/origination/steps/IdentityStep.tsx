import { Alert, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { identityValidation, kycDetails, IDENTITY_MISMATCHES } from '../../../../contract/kyc';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { usePortalValidators } from '../../../lib/validators';
import { useWizardChecks } from '../checks';
import { FieldGrid } from '../FieldGrid';
import { loanStore } from '../../../lib/loanStore';
import { FormActions, StepHeading, StepProblem, useWizard, type IdentityValues } from '../wizard';
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

/**
 * Step 3: who the customer is, confirmed by the user: what OCR read from the ID is filled in and
 * marked "read from the ID"; the ID number is checked as it is left. Next checks the person
 * against the identity register (Contactable) and submits their KYC (kyc-details), which
 * registers a new customer or updates a known one.
 */
export const IdentityStep = () => {
    const translate = useTranslate();
    const { entry, draft, update, go } = useWizard();
    const fields = useIdentityFields();
    const [problem, setProblem] = useState<string | null>(null);
    // Once per visit: a later change of the draft must not reset what is being typed.
    const [initial] = useState(() => withOcr(draft.identity ?? blankIdentity(), draft.ocr));

    const submit = async (raw: Record<string, unknown>) => {
        const values = { ...blankIdentity(), ...raw } as IdentityValues;
        setProblem(null);
        update({ identity: values });
        try {
            const check = await callApi(identityValidation, {
                body: {
                    id_type: values.id_type,
                    id_number: values.id_number.trim().toUpperCase(),
                    first_name: values.first_name.trim(),
                    last_name: values.last_name.trim(),
                    date_of_birth: values.date_of_birth,
                },
            });
            if (!check.verified) {
                const mismatch = check.mismatch ?? 'not_found';
                setProblem(`loans.wizard.identity.mismatch.${mismatch}`);
                return Object.keys(MISMATCH_FIELDS[mismatch]).length > 0 ? MISMATCH_FIELDS[mismatch] : undefined;
            }
            const answer = await callApi(kycDetails, { body: kycBody(values, draft, entry, check.reference) });
            update({ customer: answer.customer });
            loanStore.setCustomer(entry.key, draft.msisdn, answer.customer);
            go('phone');
            return undefined;
        } catch (error) {
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
                {draft.lookup?.known && !draft.lookup.existing ? (
                    <Alert severity="info">{translate('loans.wizard.identity.known')}</Alert>
                ) : null}
                {draft.ocr ? <Alert severity="info">{translate('loans.wizard.identity.ocr_note')}</Alert> : null}
                <IdentityFields fields={fields} />
                <StepProblem problem={problem} />
                <FormActions
                    back="documents"
                    label="loans.wizard.identity.submit"
                    keep={values => update({ identity: { ...blankIdentity(), ...values } as IdentityValues })}
                />
            </Stack>
        </Form>
    );
};
