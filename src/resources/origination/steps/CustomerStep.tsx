import { Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, RadioButtonGroupInput, required, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CUSTOMER_TYPES } from '../../../../contract/customers';
import { customerLoginCheck } from '../../../../contract/origination';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { usePortalValidators } from '../../../lib/validators';
import { customerStore, type CustomerType } from '../../../lib/customerStore';
import { loanStore } from '../../../lib/loanStore';
import { identityOf, kycOnFile } from './identityValues';
import { FormActions, StepHeading, StepProblem, useWizard } from '../wizard';

interface CustomerValues {
    customer_type: CustomerType | '';
    msisdn: string;
}

const TYPE_CHOICES = CUSTOMER_TYPES.map(type => ({ id: type, name: `customers.types.${type}` }));

/** Spec §3: choosing the customer type keeps it (secure storage), as the customer slice does. */
const KeepType = () => {
    const type = useWatch<CustomerValues, 'customer_type'>({ name: 'customer_type' });
    useEffect(() => {
        if (type === 'normal' || type === 'business') customerStore.setSelectedType(type);
    }, [type]);
    return null;
};

/**
 * Step 1: who is buying. The type (normal or business) and the phone number, checked with
 * customer/login/check: a customer the seller sees fills in what is known of them (and, with
 * their KYC on file, goes straight to the phone); a number that is someone's the seller does not
 * see is said, for the identity step to prove them present; the seller's own number is refused.
 */
export const CustomerStep = () => {
    const { entry, draft, update, go } = useWizard();
    const validate = usePortalValidators();
    const [problem, setProblem] = useState<string | null>(null);
    const [initial] = useState<CustomerValues>(() => ({ customer_type: draft.customerType, msisdn: draft.msisdn }));

    const submit = async (values: Partial<CustomerValues>) => {
        setProblem(null);
        const msisdn = (values.msisdn ?? '').trim();
        const chosenType: CustomerType = values.customer_type === 'business' ? 'business' : 'normal';
        try {
            const answer = await callApi(customerLoginCheck, { body: { msisdn } });
            const existing = answer.customer;
            const customerType = existing?.customer_type ?? chosenType;
            customerStore.setSelectedType(customerType);
            const sameCustomer = draft.msisdn === answer.msisdn;
            update({
                msisdn: answer.msisdn,
                customerType,
                lookup: { known: answer.known, existing },
                // What was typed for this customer stays; another customer starts from what is known of them.
                identity: sameCustomer && draft.identity ? draft.identity : existing ? identityOf(existing) : null,
                captures: sameCustomer ? draft.captures : {},
                ocr: sameCustomer ? draft.ocr : null,
                customer: kycOnFile(existing) ? existing : sameCustomer ? draft.customer : null,
            });
            loanStore.setCustomer(entry.key, answer.msisdn, kycOnFile(existing) ? existing : null);
            go(kycOnFile(existing) ? 'phone' : 'documents');
            return undefined;
        } catch (error) {
            if (apiErrorOf(error)?.key === 'errors.own_customer') return { msisdn: 'validation.self_loan' };
            const fields = fieldErrorsOf(error, ['msisdn']);
            if (Object.keys(fields).length > 0) return fields;
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };

    return (
        <Form onSubmit={submit} defaultValues={initial} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.customer.title" intro="loans.wizard.customer.intro" />
                <KeepType />
                <RadioButtonGroupInput
                    source="customer_type"
                    label="loans.wizard.customer.type"
                    choices={TYPE_CHOICES}
                    validate={required()}
                    row
                />
                <TextInput
                    source="msisdn"
                    label="loans.wizard.customer.msisdn"
                    helperText="loans.wizard.customer.msisdn_help"
                    validate={[required(), validate.phone]}
                    type="tel"
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 16 } }}
                />
                <StepProblem problem={problem} />
                <FormActions label="loans.wizard.next" />
            </Stack>
        </Form>
    );
};
