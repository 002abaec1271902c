import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

export const REASON_MIN = 3;

/** The reason a maker gives: at least 3 characters (contract/fields.ts `reasonText`). */
export const reasonProblem = (reason: string): [string, Record<string, unknown>] | undefined =>
    reason.trim().length < REASON_MIN ? ['ra.validation.minLength', { min: REASON_MIN }] : undefined;

export const ReasonField = ({
    value,
    onChange,
    problem,
    autoFocus = false,
    help = 'loans.actions.reason_help',
}: {
    value: string;
    onChange: (value: string) => void;
    /** Already translated. */
    problem?: string;
    autoFocus?: boolean;
    /** Translation key of who reads the reason: a checker for a request (the default), the audit trail for a command. */
    help?: string;
}) => {
    const translate = useTranslate();
    return (
        <TextField
            label={translate('loans.actions.reason')}
            value={value}
            onChange={event => onChange(event.target.value)}
            error={problem !== undefined}
            helperText={problem ?? translate(help)}
            multiline
            minRows={2}
            required
            autoFocus={autoFocus}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
        />
    );
};
