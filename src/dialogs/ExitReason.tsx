/**
 * Why a sale did not go through (spec §9 sales-exit reasons; `other` needs a note): the choice and
 * its note, checked before anything is sent, and the fields that ask for them inside a cancelling
 * dialog. The customer view's "Cancel sale" (customers/actions/CancelSale.tsx) and the add-loan wizard's
 * (origination/CancelSaleDialog.tsx) both ask with these.
 */
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
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SALES_EXIT_REASONS } from '../../contract/customers';
import { LoadError } from '../lists/LoadError';
import { useFormat } from '../lib/useFormat';

export type ExitReason = (typeof SALES_EXIT_REASONS)[number];

/** The reason and note being typed, and `checked()`: what to send, or null with each problem shown. */
export const useExitReason = () => {
    const translate = useTranslate();
    const [reason, setReason] = useState<ExitReason | ''>('');
    const [note, setNote] = useState('');
    const [problems, setProblems] = useState<{ reason?: string; note?: string }>({});
    const checked = (): { reason: ExitReason; note?: string } | null => {
        const missingNote = reason === 'other' && note.trim() === '';
        setProblems({
            reason: reason === '' ? translate('ra.validation.required') : undefined,
            note: missingNote ? translate('errors.note_required') : undefined,
        });
        if (reason === '' || missingNote) return null;
        return { reason, note: note.trim() || undefined };
    };
    return { reason, setReason, note, setNote, problems, setProblems, checked };
};

/** The dialog's body: the reasons the call offers (or why there are none), and the note. */
export const ExitReasonFields = ({
    exit,
    options,
    fieldProblem,
}: {
    exit: ReturnType<typeof useExitReason>;
    options: { error: unknown; isPending: boolean; refetch: () => unknown; choices: readonly ExitReason[] };
    fieldProblem: (field: string) => string | undefined;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const labelId = useId();
    const { reason, note, problems } = exit;
    if (options.error) return <LoadError error={options.error} onRetry={() => void options.refetch()} />;
    if (options.isPending) return <Skeleton variant="rounded" height={120} />;
    if (options.choices.length === 0) return <Typography>{translate('loans.actions.cancel.no_options')}</Typography>;
    return (
        <>
            <FormControl error={problems.reason !== undefined || fieldProblem('reason') !== undefined} required>
                <FormLabel id={labelId}>{translate('loans.actions.cancel.reason')}</FormLabel>
                <RadioGroup
                    aria-labelledby={labelId}
                    value={reason}
                    onChange={event => {
                        exit.setReason(event.target.value as ExitReason);
                        exit.setProblems({});
                    }}
                >
                    {options.choices.map(choice => (
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
                onChange={event => exit.setNote(event.target.value)}
                error={problems.note !== undefined || fieldProblem('note') !== undefined}
                helperText={problems.note ?? fieldProblem('note') ?? translate('loans.actions.cancel.note_help')}
                required={reason === 'other'}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 500 } }}
            />
        </>
    );
};
