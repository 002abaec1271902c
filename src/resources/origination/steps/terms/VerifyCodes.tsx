import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { CallResponse } from '../../../../../contract/define';
import { agentOtp, customerOtp, digitalAssistedVerifyOtp, verifyOtpV2 } from '../../../../../contract/origination';
import { errorKeyOf, fieldErrorsOf } from '../../../../lib/apiErrors';
import { callApi } from '../../../../lib/portalApi';
import { useWizardChecks } from '../../checks';
import { FieldGrid, FieldInput } from '../../FieldGrid';
import { StepProblem, useWizard, type CodeKind } from '../../wizard';
import { codeField, FIELD, KINDS } from './codes';

type Verification = CallResponse<typeof verifyOtpV2>;

/** What a verification failure is: on its field when the server names one (a wrong code), else said above. */
const failureOf = (error: unknown, fieldOfOtp: 'customer_otp' | 'agent_otp' | null) => {
    const fields = fieldErrorsOf(error, ['otp', 'customer_otp', 'agent_otp']);
    const named: Record<string, string> = {};
    for (const [field, key] of Object.entries(fields)) named[field === 'otp' && fieldOfOtp ? fieldOfOtp : field] = key;
    delete named.otp;
    if (Object.keys(named).length > 0) return { fields: named, problem: null };
    return { fields: undefined, problem: errorKeyOf(error) };
};

/** After any verification: the codes verified now, and the deposit step once both are. */
const useVerified = () => {
    const { draft, update, go } = useWizard();
    return (answer: Verification) => {
        update({
            verified: { customer: answer.customer_otp_verified, agent: answer.agent_otp_verified },
            loan: draft.loan
                ? {
                      ...draft.loan,
                      status: answer.customer_otp_verified && answer.agent_otp_verified ? 'awaiting_deposit' : draft.loan.status,
                  }
                : null,
        });
        if (answer.customer_otp_verified && answer.agent_otp_verified) go('deposit');
    };
};

/** v1: each code with its own field and button, customer's then agent's. */
export const VerifyEach = ({ kind }: { kind: CodeKind }) => {
    const { draft } = useWizard();
    const checks = useWizardChecks();
    const verified = useVerified();
    const [problem, setProblem] = useState<string | null>(null);
    const reference = draft.loan?.loan_reference ?? '';
    const field = FIELD[kind];
    const submit = async (values: Record<string, unknown>) => {
        setProblem(null);
        try {
            const otp = String(values[field] ?? '').trim();
            const call = kind === 'customer' ? customerOtp : agentOtp;
            verified(await callApi(call, { body: { loan_reference: reference, otp } }));
            return undefined;
        } catch (error) {
            const failure = failureOf(error, field);
            setProblem(failure.problem);
            return failure.fields;
        }
    };
    if (draft.verified[kind]) return null;
    return (
        <Form onSubmit={submit} defaultValues={{ [field]: '' }} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={1}>
                <FieldInput field={codeField(kind, [checks.bothOtp, checks.otp])} />
                <StepProblem problem={problem} />
                <Box>
                    <VerifyButton label={`loans.wizard.codes.verify_${kind}`} />
                </Box>
            </Stack>
        </Form>
    );
};

const VerifyButton = ({ label }: { label: string }) => {
    const translate = useTranslate();
    const { isSubmitting } = useFormState();
    return (
        <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleIcon />}
        >
            {translate(label)}
        </Button>
    );
};

/**
 * v2 and field agents: both codes at once (verify-otp-v2), 'Please enter both OTP codes' when one
 * is empty. Digitally assisted: whichever codes the customer has read out (digital_assisted/verify-otp).
 */
export const VerifyTogether = () => {
    const translate = useTranslate();
    const { entry, draft } = useWizard();
    const checks = useWizardChecks();
    const verified = useVerified();
    const [problem, setProblem] = useState<string | null>(null);
    const reference = draft.loan?.loan_reference ?? '';
    const assisted = entry.otp === 'assisted';
    const open = KINDS.filter(kind => !assisted || !draft.verified[kind]);
    const submit = async (values: Record<string, unknown>) => {
        setProblem(null);
        const code = (kind: CodeKind) => String(values[FIELD[kind]] ?? '').trim();
        try {
            if (assisted) {
                verified(
                    await callApi(digitalAssistedVerifyOtp, {
                        body: {
                            loan_reference: reference,
                            customer_otp: open.includes('customer') && code('customer') ? code('customer') : undefined,
                            agent_otp: open.includes('agent') && code('agent') ? code('agent') : undefined,
                        },
                    }),
                );
            } else {
                verified(
                    await callApi(verifyOtpV2, {
                        body: { loan_reference: reference, customer_otp: code('customer'), agent_otp: code('agent') },
                    }),
                );
            }
            return undefined;
        } catch (error) {
            const failure = failureOf(error, null);
            setProblem(failure.problem);
            return failure.fields;
        }
    };
    const validateOf = (kind: CodeKind) => {
        const other = FIELD[kind === 'customer' ? 'agent' : 'customer'];
        const presence = assisted && open.length > 1 ? checks.anyOtp(other) : checks.bothOtp;
        return [presence, checks.otp];
    };
    return (
        <Form
            onSubmit={submit}
            defaultValues={{ customer_otp: '', agent_otp: '' }}
            mode="onSubmit"
            reValidateMode="onChange"
            noValidate
        >
            <Stack spacing={1}>
                {assisted ? (
                    <Typography color="text.secondary">{translate('loans.wizard.codes.assisted_help')}</Typography>
                ) : null}
                <FieldGrid fields={open.map(kind => codeField(kind, validateOf(kind)))} />
                <StepProblem problem={problem} />
                <Box>
                    <VerifyButton label="loans.wizard.codes.verify" />
                </Box>
            </Stack>
        </Form>
    );
};
