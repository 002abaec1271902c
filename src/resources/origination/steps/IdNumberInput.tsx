import { useState } from 'react';
import { required, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { idValidationCheck } from '../../../../contract/kyc';
import { apiErrorOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { useWizardChecks } from '../checks';
import { NO_AUTOFILL } from '../FieldGrid';
import { useWizard, type IdentityValues } from '../wizard';

/**
 * The ID number, checked as soon as it is left (id/validation/check): its date of birth and
 * gender fill the fields still empty; one registered to another customer is said on the field.
 */
export const IdNumberInput = ({ helperText }: { helperText?: string }) => {
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
                    ...NO_AUTOFILL,
                    inputMode: idType === 'passport' ? 'text' : 'numeric',
                    autoCapitalize: 'characters',
                    spellCheck: false,
                    maxLength: 20,
                },
            }}
        />
    );
};
