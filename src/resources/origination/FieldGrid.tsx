/**
 * The wizard's forms as tables of fields: each field's source (named as its call names it, so a 400
 * lands on its input), label key, kind, validators and width, drawn in one grid by one component.
 * A step says what it asks; how a field is drawn is said once, here.
 */
import { Grid, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { DateInput, SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';

/** Nothing typed about a customer or a sale is offered by the browser's autofill (another customer's, on a shop's phone). */
export const NO_AUTOFILL = { autoComplete: 'off' } as const;

interface Placed {
    source: string;
    /** Columns of 12 from the small breakpoint up (6 by default); a phone gives every field the whole width. */
    width?: 4 | 6 | 8 | 12;
}

interface Input extends Placed {
    /** Translation key. */
    label: string;
    validate?: Validator | Validator[];
}

export type GridField =
    | (Input & {
          kind: 'text';
          type?: 'email' | 'tel';
          /** Attributes of the `<input>` beyond autofill being off (inputmode, length…). */
          htmlInput?: Record<string, string | number | boolean>;
      })
    | (Input & { kind: 'select'; choices: readonly { id: string; name: string }[] })
    | (Input & { kind: 'date' })
    /** A field that does more than hold its value (the ID number, checked as it is left). */
    | (Placed & { kind: 'custom'; Input: ComponentType<{ helperText?: string }> })
    /** A heading over the fields that follow it, across the whole width. */
    | { kind: 'heading'; label: string };

/** The choices of a select from its codes, each named by its translation key under `prefix`. */
export const choicesOf = (prefix: string, codes: readonly string[]) =>
    codes.map(code => ({ id: code, name: `${prefix}.${code}` }));

/** A field that holds a value, as opposed to a heading. */
export type InputField = Exclude<GridField, { kind: 'heading' }>;

/** One field, drawn alone (a form of one field) or in its grid. */
export const FieldInput = ({ field, helperText }: { field: InputField; helperText?: string }) => {
    switch (field.kind) {
        case 'text':
            return (
                <TextInput
                    source={field.source}
                    label={field.label}
                    type={field.type}
                    validate={field.validate}
                    helperText={helperText}
                    fullWidth
                    slotProps={{ htmlInput: { ...NO_AUTOFILL, ...field.htmlInput } }}
                />
            );
        case 'select':
            return (
                <SelectInput
                    source={field.source}
                    label={field.label}
                    choices={[...field.choices]}
                    validate={field.validate}
                    helperText={helperText}
                    fullWidth
                />
            );
        case 'date':
            return (
                <DateInput
                    source={field.source}
                    label={field.label}
                    validate={field.validate}
                    helperText={helperText}
                    fullWidth
                />
            );
        case 'custom':
            return <field.Input helperText={helperText} />;
    }
};

/** The fields in their grid; `helperOf` gives a field words under it other than its own (e.g. "read from the ID"). */
export const FieldGrid = ({
    fields,
    helperOf,
}: {
    fields: readonly GridField[];
    helperOf?: (source: string) => string | undefined;
}) => {
    const translate = useTranslate();
    return (
        <Grid container columnSpacing={2}>
            {fields.map(field =>
                field.kind === 'heading' ? (
                    <Grid key={field.label} size={12}>
                        <Typography component="h3" variant="subtitle1" sx={{ mt: 1 }}>
                            {translate(field.label)}
                        </Typography>
                    </Grid>
                ) : (
                    <Grid key={field.source} size={{ xs: 12, sm: field.width ?? 6 }}>
                        <FieldInput field={field} helperText={helperOf?.(field.source)} />
                    </Grid>
                ),
            )}
        </Grid>
    );
};
