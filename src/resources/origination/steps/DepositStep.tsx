import SendToMobileIcon from '@mui/icons-material/SendToMobile';
import { Alert, Box, Button, CircularProgress, Grid, InputAdornment, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { CallResponse } from '../../../../contract/define';
import { TRANSACTION_CHANNELS } from '../../../../contract/customers';
import { confirmInitialDeposit, digitalAssistedConfirmDeposit, loanDeposit } from '../../../../contract/origination';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { useFormat } from '../../../lib/useFormat';
import { parseAmount, useWizardChecks } from '../checks';
import { FormActions, StepHeading, StepProblem, useWizard } from '../wizard';

type Channel = (typeof TRANSACTION_CHANNELS)[number];

interface DepositValues {
    channel: Channel;
    reference: string;
    amount: string;
}

const CHANNEL_CHOICES = TRANSACTION_CHANNELS.map(channel => ({ id: channel, name: `customers.deposits.channels.${channel}` }));

/** A digitally assisted customer pays by mobile money; in a shop, the seller says how. */
const ASSISTED_CHANNEL: Channel = 'mpesa';

/** The payment prompt (loan_deposit): an SMS telling the customer what to pay and what to quote. */
const PaymentPrompt = ({
    prompt,
    onSent,
}: {
    prompt: CallResponse<typeof loanDeposit> | null;
    onSent: (answer: CallResponse<typeof loanDeposit>) => void;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const { entry, draft } = useWizard();
    const { getValues } = useFormContext<DepositValues>();
    const [busy, setBusy] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const send = async () => {
        if (!draft.loan) return;
        setBusy(true);
        setProblem(null);
        try {
            const channel = entry.deposit === 'assisted' ? ASSISTED_CHANNEL : getValues('channel');
            onSent(await callApi(loanDeposit, { body: { loan_reference: draft.loan.loan_reference, channel } }));
        } catch (error) {
            setProblem(errorKeyOf(error));
        } finally {
            setBusy(false);
        }
    };
    return (
        <Stack spacing={1}>
            {prompt ? (
                <Alert severity="success" role="status">
                    {translate('loans.wizard.deposit.prompt_sent', {
                        amount: format.money(prompt.amount, prompt.currency),
                        phone: prompt.sent_to,
                        reference: prompt.pay_reference,
                    })}
                </Alert>
            ) : null}
            <Box>
                <Button
                    variant="outlined"
                    onClick={() => void send()}
                    disabled={busy}
                    startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendToMobileIcon />}
                >
                    {translate(prompt ? 'loans.wizard.deposit.prompt_again' : 'loans.wizard.deposit.prompt')}
                </Button>
            </Box>
            <StepProblem problem={problem} />
        </Stack>
    );
};

/**
 * Step 6: the deposit. The customer is sent a payment prompt (loan_deposit); once they have paid,
 * the payment's reference confirms it, with the amount and channel in a shop
 * (confirm_customer_initial_deposit), the reference alone when digitally assisted. The loan then
 * waits for its lock.
 */
export const DepositStep = () => {
    const translate = useTranslate();
    const format = useFormat();
    const { entry, draft, update, go } = useWizard();
    const checks = useWizardChecks();
    const [prompt, setPrompt] = useState<CallResponse<typeof loanDeposit> | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const [initial] = useState<DepositValues>({ channel: 'mpesa', reference: '', amount: '' });
    const loan = draft.loan;
    if (!loan) return null;
    const shop = entry.deposit === 'shop';

    const submit = async (raw: Record<string, unknown>) => {
        const values = raw as Partial<DepositValues>;
        setProblem(null);
        const reference = (values.reference ?? '').trim().toUpperCase();
        try {
            const answer = shop
                ? await callApi(confirmInitialDeposit, {
                      body: {
                          loan_reference: loan.loan_reference,
                          reference,
                          amount: parseAmount(values.amount),
                          channel: values.channel ?? 'cash',
                      },
                  })
                : await callApi(digitalAssistedConfirmDeposit, { body: { loan_reference: loan.loan_reference, reference } });
            update({ loan: { ...loan, status: 'awaiting_lock', amount_paid: answer.deposit.amount } });
            go('lock');
            return undefined;
        } catch (error) {
            const key = apiErrorOf(error)?.key;
            if (key === 'errors.deposit_amount') return { amount: key };
            if (key === 'errors.reference_used') return { reference: key };
            const fields = fieldErrorsOf(error, ['reference', 'amount', 'channel']);
            if (Object.keys(fields).length > 0) return fields;
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };

    return (
        <Form onSubmit={submit} defaultValues={initial} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.deposit.title" intro="loans.wizard.deposit.intro" />
                <Typography variant="h6" component="p">
                    {translate('loans.wizard.deposit.due', { amount: format.money(loan.deposit, loan.currency) })}
                </Typography>
                {shop ? (
                    <Box sx={{ maxWidth: { sm: '50%' } }}>
                        <SelectInput
                            source="channel"
                            label="loans.wizard.deposit.channel"
                            choices={CHANNEL_CHOICES}
                            validate={required()}
                            fullWidth
                        />
                    </Box>
                ) : null}
                <PaymentPrompt prompt={prompt} onSent={setPrompt} />
                <Typography component="h3" variant="subtitle1">
                    {translate('loans.wizard.deposit.confirm_title')}
                </Typography>
                <Grid container columnSpacing={2}>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput
                            source="reference"
                            label="loans.wizard.deposit.reference"
                            helperText="loans.wizard.deposit.reference_help"
                            validate={[required(), checks.paymentReference]}
                            fullWidth
                            slotProps={{
                                htmlInput: {
                                    autoComplete: 'off',
                                    autoCapitalize: 'characters',
                                    spellCheck: false,
                                    maxLength: 40,
                                },
                            }}
                        />
                    </Grid>
                    {shop ? (
                        <Grid size={{ xs: 12, sm: 6 }}>
                            <TextInput
                                source="amount"
                                label="loans.wizard.deposit.amount"
                                helperText={translate('loans.wizard.deposit.amount_help', {
                                    amount: format.money(loan.deposit, loan.currency),
                                })}
                                validate={[required(), checks.amount]}
                                fullWidth
                                slotProps={{
                                    htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 12 },
                                    input: { startAdornment: <InputAdornment position="start">{loan.currency}</InputAdornment> },
                                }}
                            />
                        </Grid>
                    ) : null}
                </Grid>
                <StepProblem problem={problem} />
                <FormActions label="loans.wizard.deposit.confirm" />
            </Stack>
        </Form>
    );
};
