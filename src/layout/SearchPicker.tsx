import { Autocomplete, CircularProgress, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';

/** How long the typing must stop before a search is asked for. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `ms` (what to ask the server for, as one types). */
export const useDebounced = <T,>(value: T, ms = SEARCH_DEBOUNCE_MS): T => {
    const [settled, setSettled] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setSettled(value), ms);
        return () => clearTimeout(timer);
    }, [value, ms]);
    return settled;
};

export interface SearchPickerProps<Option> {
    label: string;
    /** The options the server answered for the text typed (the caller searches: nothing is filtered here). */
    options: readonly Option[];
    value: Option | null;
    /** What is typed, and where it goes. */
    text: string;
    onText: (next: string) => void;
    onChange: (chosen: Option | null) => void;
    /** A search is on its way: a spinner in the box and `loadingText` in the list. */
    loading: boolean;
    loadingText: string;
    noOptionsText: string;
    helperText?: string;
    error?: boolean;
    /** The longest text the box takes. */
    maxLength: number;
    /** An option's name (the text in the box once picked), its second line if any, and its key. */
    nameOf: (option: Option) => string;
    detailOf: (option: Option) => string | null;
    keyOf: (option: Option) => string;
    /** Controlled opening, for a caller that searches only once the list is open. */
    open?: boolean;
    onOpen?: () => void;
    onClose?: () => void;
    sx?: SxProps<Theme>;
}

/**
 * A search-as-you-type picker: a text box whose list shows what the server found, each option a
 * name with a smaller second line, with a spinner while the search is on its way. The caller holds
 * the text and the search (with `useDebounced`), so each picker decides when and what to ask.
 */
export const SearchPicker = <Option,>({
    label,
    options,
    value,
    text,
    onText,
    onChange,
    loading,
    loadingText,
    noOptionsText,
    helperText,
    error = false,
    maxLength,
    nameOf,
    detailOf,
    keyOf,
    open,
    onOpen,
    onClose,
    sx,
}: SearchPickerProps<Option>) => (
    <Autocomplete<Option>
        sx={sx}
        open={open}
        onOpen={onOpen}
        onClose={onClose}
        options={options}
        value={value}
        inputValue={text}
        loading={loading}
        filterOptions={all => all}
        getOptionLabel={nameOf}
        getOptionKey={keyOf}
        isOptionEqualToValue={(option, chosen) => keyOf(option) === keyOf(chosen)}
        onInputChange={(_event, next) => onText(next)}
        onChange={(_event, chosen) => onChange(chosen)}
        noOptionsText={noOptionsText}
        loadingText={loadingText}
        renderOption={(props, option) => {
            const { key, ...rest } = props;
            const detail = detailOf(option);
            return (
                <li key={key} {...rest}>
                    <span>
                        {nameOf(option)}
                        {detail ? (
                            <>
                                <br />
                                <small>{detail}</small>
                            </>
                        ) : null}
                    </span>
                </li>
            );
        }}
        renderInput={params => (
            <TextField
                {...params}
                label={label}
                error={error}
                helperText={helperText}
                slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, maxLength },
                    input: {
                        ...params.slotProps.input,
                        endAdornment: (
                            <>
                                {loading ? <CircularProgress size={18} aria-hidden /> : null}
                                {params.slotProps.input.endAdornment}
                            </>
                        ),
                    },
                }}
            />
        )}
    />
);
