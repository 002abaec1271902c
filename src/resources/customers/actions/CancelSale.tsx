import CancelIcon from '@mui/icons-material/Cancel';
import {
    Button,
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
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { cancelLoan, loanCancellationOptions, SALES_EXIT_REASONS, type Loan } from '../../../../contract/loans';
import { LoadError } from '../../../layout/LoadError';
import { useCustomerQuery } from '../api';
import { useFormat } from '../format';
import { ActionDialog, useFieldProblem } from './ActionDialog';
import { useDialogAction } from './useDialogAction';

type ExitReason = (typeof SALES_EXIT_REASONS)[number];

/** Cancelling a sale that has not gone through, with a sales-exit reason (spec §9); `other` needs a note. */
export const CancelSale = ({ msisdn, loan }: { msisdn: string; loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const labelId = useId();
    const action = useDialogAction(msisdn, cancelLoan, 'loans.actions.cancel.done');
    const fieldProblem = useFieldProblem(action.error);
    const options = useCustomerQuery(
        msisdn,
        ['cancel-options', loan.loan_reference],
        loanCancellationOptions,
        { body: { loan_reference: loan.loan_reference } },
        { enabled: action.open },
    );
    const [reason, setReason] = useState<ExitReason | ''>('');
    const [note, setNote] = useState('');
    const [problems, setProblems] = useState<{ reason?: string; note?: string }>({});

    const confirm = () => {
        const missingReason = reason === '';
        const missingNote = reason === 'other' && note.trim() === '';
        setProblems({
            reason: missingReason ? translate('ra.validation.required') : undefined,
            note: missingNote ? translate('errors.note_required') : undefined,
        });
        if (reason === '' || missingNote) return;
        action.run({ body: { loan_reference: loan.loan_reference, reason, note: note.trim() || undefined } });
    };

    const choices = options.data?.options ?? [];
    return (
        <>
            <Button size="small" variant="outlined" color="error" startIcon={<CancelIcon />} onClick={action.show}>
                {translate('loans.actions.cancel.button')}
            </Button>
            <ActionDialog
                open={action.open}
                title="loans.actions.cancel.title"
                intro="loans.actions.cancel.intro"
                introArgs={{ reference: loan.loan_reference, model: `${loan.brand} ${loan.model}` }}
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={action.close}
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
                                onChange={event => setReason(event.target.value as ExitReason)}
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
                            multiline
                            minRows={2}
                            fullWidth
                            slotProps={{ htmlInput: { maxLength: 500 } }}
                        />
                    </>
                )}
            </ActionDialog>
        </>
    );
};
