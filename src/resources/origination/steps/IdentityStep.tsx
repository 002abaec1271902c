import { Alert, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DateInput, Form, maxLength, minLength, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { GENDERS, ID_TYPES, INDUSTRY_VERTICALS, TURNOVER_BANDS } from '../../../../contract/customers';
import { idValidationCheck, identityValidation, kycDetails, IDENTITY_MISMATCHES } from '../../../../contract/kyc';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { usePortalValidators } from '../../../lib/validators';
import { useWizardChecks } from '../checks';
import { loanStore } from '../loanStore';
import { FormActions, StepHeading, StepProblem, useWizard, type IdentityValues } from '../wizard';
import { blankIdentity, kycBody, OCR_FIELDS, withOcr } from './identityValues';

type Mismatch = (typeof IDENTITY_MISMATCHES)[number];

/** The fields an identity register's "no" is about, highlighted for the user to check against the ID. */
const MISMATCH_FIELDS: Record<Mismatch, Record<string, string>> = {
    not_found: { id_number: 'loans.wizard.identity.check_field' },
    name_mismatch: { first_name: 'loans.wizard.identity.check_field', last_name: 'loans.wizard.identity.check_field' },
    date_of_birth_mismatch: { date_of_birth: 'loans.wizard.identity.check_field' },
    deceased: {},
};

/** Every field of the form, named as kyc-details names them, so a 400 lands on its input. */
const FIELDS = [
    'first_name',
    'last_name',
    'id_type',
    'id_number',
    'date_of_birth',
    'gender',
    'email',
    'alternate_msisdn',
    'address.unit_house_number',
    'address.street',
    'address.suburb',
    'address.town',
    'address.province',
    'address.postal_code',
    'business.business_name',
    'business.employee_count',
    'business.industry_vertical',
    'business.turnover_band',
    'business.address.street',
    'business.address.town',
];

const choices = (prefix: string, codes: readonly string[]) => codes.map(code => ({ id: code, name: `${prefix}.${code}` }));

const name = [required(), maxLength(80)];
const place = (max: number) => [maxLength(max)];
const noAutofill = { autoComplete: 'off' };

/** "Read from the ID": a field still holding what OCR read says so, for the user to check it. */
const useFromId = () => {
    const { draft } = useWizard();
    const values = useWatch<IdentityValues>({ name: [...OCR_FIELDS] }) as unknown as (string | undefined)[];
    return (field: (typeof OCR_FIELDS)[number], help?: string) => {
        const read = draft.ocr?.[field];
        const value = values[OCR_FIELDS.indexOf(field)];
        return read && value === read ? 'loans.wizard.identity.from_id' : help;
    };
};

/**
 * The ID number, checked as soon as it is left (id/validation/check): its date of birth and
 * gender fill the fields still empty; one registered to another customer is said on the field.
 */
const IdNumberInput = ({ helperText }: { helperText?: string }) => {
    const { draft } = useWizard();
    const checks = useWizardChecks();
    const { getValues, setValue, setError } = useFormContext<IdentityValues>();
    const idType = useWatch<IdentityValues, 'id_type'>({ name: 'id_type' });
    const [born, setBorn] = useState<string | null>(null);

    const check = async () => {
        const id_type = getValues('id_type');
        const id_number = getValues('id_number').trim().toUpperCase();
        setBorn(null);
        // What the form refuses is said by the form, on Next.
        if (checks.idNumber(id_number, { id_type }, {}) !== undefined) return;
        try {
            const answer = await callApi(idValidationCheck, { body: { id_type, id_number, msisdn: draft.msisdn } });
            const dob = getValues('date_of_birth');
            if (answer.date_of_birth && (!dob || dob === draft.ocr?.date_of_birth)) {
                setValue('date_of_birth', answer.date_of_birth, { shouldDirty: true });
            }
            if (answer.gender && !getValues('gender')) setValue('gender', answer.gender, { shouldDirty: true });
            setBorn(answer.date_of_birth);
        } catch (error) {
            const key =
                apiErrorOf(error)?.key === 'errors.id_number_taken' ? 'errors.id_number_taken' : fieldErrorsOf(error).id_number;
            // Offline or unreachable: nothing to say yet; Next checks the identity again.
            if (key) setError('id_number', { type: 'server', message: key });
        }
    };

    return (
        <TextInput
            source="id_number"
            label="customers.fields.id_number"
            validate={[required(), checks.idNumber]}
            onBlur={() => void check()}
            helperText={born ? 'loans.wizard.identity.id_checked' : helperText}
            fullWidth
            slotProps={{
                htmlInput: {
                    ...noAutofill,
                    inputMode: idType === 'passport' ? 'text' : 'numeric',
                    autoCapitalize: 'characters',
                    spellCheck: false,
                    maxLength: 20,
                },
            }}
        />
    );
};

const BusinessFields = () => {
    const translate = useTranslate();
    const checks = useWizardChecks();
    return (
        <>
            <Grid size={12}>
                <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
                    {translate('customers.business.title')}
                </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="business.business_name"
                    label="customers.business.business_name"
                    validate={[required(), minLength(2), maxLength(120)]}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="business.employee_count"
                    label="customers.business.employee_count"
                    validate={[required(), checks.employeeCount]}
                    fullWidth
                    slotProps={{ htmlInput: { ...noAutofill, inputMode: 'numeric', maxLength: 7 } }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                    source="business.industry_vertical"
                    label="customers.business.industry_vertical"
                    choices={choices('customers.industries', INDUSTRY_VERTICALS)}
                    validate={required()}
                    fullWidth
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                    source="business.turnover_band"
                    label="customers.business.turnover_band"
                    choices={choices('customers.turnovers', TURNOVER_BANDS)}
                    validate={required()}
                    fullWidth
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="business.address.street"
                    label="loans.wizard.identity.business_street"
                    validate={place(120)}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="business.address.town"
                    label="loans.wizard.identity.business_town"
                    validate={[required(), minLength(2), maxLength(80)]}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
        </>
    );
};

const IdentityFields = () => {
    const translate = useTranslate();
    const { draft } = useWizard();
    const validate = usePortalValidators();
    const checks = useWizardChecks();
    const fromId = useFromId();
    return (
        <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="first_name"
                    label="loans.wizard.identity.first_name"
                    validate={name}
                    helperText={fromId('first_name')}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="last_name"
                    label="loans.wizard.identity.last_name"
                    validate={name}
                    helperText={fromId('last_name')}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                    source="id_type"
                    label="loans.wizard.identity.id_type"
                    choices={choices('customers.id_types', ID_TYPES)}
                    validate={required()}
                    fullWidth
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <IdNumberInput helperText={fromId('id_number')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <DateInput
                    source="date_of_birth"
                    label="customers.fields.date_of_birth"
                    validate={[required(), checks.date]}
                    helperText={fromId('date_of_birth')}
                    fullWidth
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <SelectInput
                    source="gender"
                    label="customers.fields.gender"
                    choices={choices('customers.genders', GENDERS)}
                    helperText={fromId('gender')}
                    fullWidth
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="email"
                    label="loans.wizard.identity.email"
                    type="email"
                    validate={validate.optionalEmail}
                    fullWidth
                    slotProps={{ htmlInput: { ...noAutofill, inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="alternate_msisdn"
                    label="loans.wizard.identity.alternate_msisdn"
                    type="tel"
                    validate={value => (typeof value === 'string' && value.trim() ? validate.phone(value, {}, {}) : undefined)}
                    fullWidth
                    slotProps={{ htmlInput: { ...noAutofill, inputMode: 'tel', maxLength: 16 } }}
                />
            </Grid>
            <Grid size={12}>
                <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
                    {translate('customers.fields.address')}
                </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
                <TextInput
                    source="address.unit_house_number"
                    label="loans.wizard.identity.unit_house_number"
                    validate={place(40)}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
                <TextInput
                    source="address.street"
                    label="loans.wizard.identity.street"
                    validate={place(120)}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="address.suburb"
                    label="loans.wizard.identity.suburb"
                    validate={place(80)}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="address.town"
                    label="loans.wizard.identity.town"
                    validate={[required(), minLength(2), maxLength(80)]}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="address.province"
                    label="loans.wizard.identity.province"
                    validate={place(80)}
                    fullWidth
                    slotProps={{ htmlInput: noAutofill }}
                />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput
                    source="address.postal_code"
                    label="loans.wizard.identity.postal_code"
                    validate={checks.postalCode}
                    fullWidth
                    slotProps={{ htmlInput: { ...noAutofill, inputMode: 'numeric', maxLength: 10 } }}
                />
            </Grid>
            {draft.customerType === 'business' ? <BusinessFields /> : null}
        </Grid>
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
            const fields = fieldErrorsOf(error, FIELDS);
            if (Object.keys(fields).length > 0) return fields;
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
                <IdentityFields />
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
