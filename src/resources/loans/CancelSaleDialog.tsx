import {
    FormControl,
    FormControlLabel,
    FormHelperText,
    FormLabel,
    Radio,
    RadioGroup,
    Skeleton,
    TextField,
    Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { cancelLoan, loanCancellationOptions, SALES_EXIT_REASONS, type Loan } from '../../../contract/loans';
import { LoadError } from '../../layout/LoadError';
import { callApi } from '../../lib/portalApi';
import { ActionDialog, useFieldProblem } from '../customers/actions/ActionDialog';
import { useFormat } from '../customers/format';

type ExitReason = (typeof SALES_EXIT_REASONS)[number];

/**
 * "Cancel sale": with a loan (draft or awaiting its deposit), a sales-exit reason (spec §9,
 * get_loan_cancellation_options; `other` needs a note) and a Confirm cancel it, and its phone goes
 * back in stock (initiate_loan_cancellation). Before a loan exists nothing was sold: Confirm only
 * clears the wizard.
 */
export const CancelSaleDialog = ({
    open,
    loan,
    onClose,
    onCancelled,
}: {
    open: boolean;
    loan: Loan | null;
    onClose: () => void;
    onCancelled: (cancelled: Loan | null) => void;
}) => {
    if (!loan)
        return (
            <ActionDialog
                open={open}
                title="loans.wizard.cancel.title"
                intro="loans.wizard.cancel.no_loan"
                busy={false}
                error={null}
                onConfirm={() => onCancelled(null)}
                onClose={onClose}
            />
        );
    return <CancelLoan open={open} loan={loan} onClose={onClose} onCancelled={onCancelled} />;
};

const CancelLoan = ({
    open,
    loan,
    onClose,
    onCancelled,
}: {
    open: boolean;
    loan: Loan;
    onClose: () => void;
    onCancelled: (cancelled: Loan) => void;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const labelId = useId();
    const reference = loan.loan_reference;
    const options = useQuery({
        queryKey: ['add-loan', 'cancel-options', reference],
        queryFn: ({ signal }) => callApi(loanCancellationOptions, { body: { loan_reference: reference } }, { signal }),
        enabled: open,
        staleTime: 0,
    });
    const cancel = useMutation({
        mutationFn: (body: { reason: ExitReason; note?: string }) =>
            callApi(cancelLoan, { body: { loan_reference: reference, ...body } }),
        onSuccess: onCancelled,
    });
    const fieldProblem = useFieldProblem(cancel.error);
    const [reason, setReason] = useState<ExitReason | ''>('');
    const [note, setNote] = useState('');
    const [problems, setProblems] = useState<{ reason?: string; note?: string }>({});

    const confirm = () => {
        const missingNote = reason === 'other' && note.trim() === '';
        setProblems({
            reason: reason === '' ? translate('ra.validation.required') : undefined,
            note: missingNote ? translate('errors.note_required') : undefined,
        });
        if (reason === '' || missingNote) return;
        cancel.mutate({ reason, note: note.trim() || undefined });
    };
    const close = () => {
        if (cancel.isPending) return;
        cancel.reset();
        onClose();
    };

    const choices = options.data?.options ?? [];
    return (
        <ActionDialog
            open={open}
            title="loans.wizard.cancel.title"
            intro="loans.actions.cancel.intro"
            introArgs={{ reference, model: `${loan.brand} ${loan.model}` }}
            busy={cancel.isPending}
            error={cancel.error}
            onConfirm={confirm}
            onClose={close}
            confirmDisabled={choices.length === 0}
        >
            {options.error ? (
                <LoadError error={options.error} onRetry={() => void options.refetch()} />
            ) : options.isPending ? (
                <Skeleton variant="rounded" height={120} />
            ) : choices.length === 0 ? (
                <Typography>{translate('loans.actions.cancel.no_options')}</Typography>
            ) : (
                <>
                    <FormControl error={problems.reason !== undefined || fieldProblem('reason') !== undefined} required>
                        <FormLabel id={labelId}>{translate('loans.actions.cancel.reason')}</FormLabel>
                        <RadioGroup
                            aria-labelledby={labelId}
                            value={reason}
                            onChange={event => {
                                setReason(event.target.value as ExitReason);
                                setProblems({});
                            }}
                        >
                            {choices.map(choice => (
                                <FormControlLabel
                                    key={choice}
                                    value={choice}
                                    control={<Radio />}
                                    label={format.words('loans.exit_reasons', choice)}
                                />
                            ))}
                        </RadioGroup>
                        {(problems.reason ?? fieldProblem('reason')) ? (
                            <FormHelperText>{problems.reason ?? fieldProblem('reason')}</FormHelperText>
                        ) : null}
                    </FormControl>
                    <TextField
                        label={translate('loans.actions.cancel.note')}
                        value={note}
                        onChange={event => setNote(event.target.value)}
                        error={problems.note !== undefined || fieldProblem('note') !== undefined}
                        helperText={problems.note ?? fieldProblem('note') ?? translate('loans.actions.cancel.note_help')}
                        required={reason === 'other'}
                        multiline
                        minRows={2}
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: 500 } }}
                    />
                </>
            )}
        </ActionDialog>
    );
};
