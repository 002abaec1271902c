import { MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/**
 * A list's status filter that always holds one choice (react-admin's SelectInput would offer an
 * empty one, or mark the filter required): `fallback` is shown while the address names none, and
 * choosing `fallback` clears the filter, so the call is made with its own default (pending for the
 * queues, open and queued for suspense). `alwaysOn` is read by `<FilterForm>` from the element.
 */
export const StatusFilter = ({
    source,
    label,
    choices,
    fallback,
    choiceLabel,
}: {
    source: string;
    /** Catalog key of the label. */
    label: string;
    choices: readonly string[];
    fallback: string;
    /** Catalog key of a choice's words. */
    choiceLabel: (choice: string) => string;
    alwaysOn?: boolean;
}) => {
    const translate = useTranslate();
    const { field, id } = useInput({ source });
    return (
        <TextField
            select
            id={id}
            variant="filled"
            size="small"
            margin="dense"
            label={translate(label)}
            value={choices.find(choice => choice === field.value) ?? fallback}
            onChange={event => field.onChange(event.target.value === fallback ? '' : event.target.value)}
            onBlur={field.onBlur}
            sx={{ minWidth: 180 }}
        >
            {choices.map(choice => (
                <MenuItem key={choice} value={choice}>
                    {translate(choiceLabel(choice))}
                </MenuItem>
            ))}
        </TextField>
    );
};
