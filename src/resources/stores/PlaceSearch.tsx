import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { searchPlaces, type Place } from '../../../contract/stores';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';

const MIN_CHARS = 2;
const MAX_CHARS = 80;
const DEBOUNCE_MS = 300;

/**
 * "Search for a place" (contract/stores.ts `searchPlaces`): the server's places provider is asked
 * ~300 ms after the typing stops, from 2 characters on; choosing a place hands it to `onChoose`.
 * Shown only when the server says search is on (`placesStatus`).
 */
export const PlaceSearch = ({ onChoose }: { onChoose: (place: Place) => void }) => {
    const translate = useTranslate();
    const [text, setText] = useState('');
    const [asked, setAsked] = useState('');
    const [value, setValue] = useState<Place | null>(null);
    const wanted = text.trim().slice(0, MAX_CHARS);
    const searching = wanted.length >= MIN_CHARS && !(value !== null && text === value.name);

    useEffect(() => {
        const timer = setTimeout(() => setAsked(wanted), DEBOUNCE_MS);
        return () => clearTimeout(timer);
    }, [wanted]);

    const found = useQuery({
        queryKey: ['places', 'search', asked],
        queryFn: ({ signal }) => callApi(searchPlaces, { body: { q: asked } }, { signal }),
        enabled: searching && asked === wanted,
        staleTime: 60_000,
        retry: false,
    });
    const options = searching && asked === wanted ? (found.data?.places ?? []) : [];
    const loading = searching && (asked !== wanted || found.isFetching);
    const problem = searching && asked === wanted && found.error ? errorKeyOf(found.error) : null;

    return (
        <Autocomplete<Place>
            options={options}
            value={value}
            inputValue={text}
            loading={loading}
            filterOptions={all => all}
            getOptionLabel={option => option.name}
            isOptionEqualToValue={(option, chosen) =>
                option.latitude === chosen.latitude && option.longitude === chosen.longitude && option.name === chosen.name
            }
            getOptionKey={option => `${option.name}|${option.latitude}|${option.longitude}`}
            onInputChange={(_event, next) => setText(next)}
            onChange={(_event, chosen) => {
                setValue(chosen);
                if (chosen) onChoose(chosen);
            }}
            noOptionsText={translate(
                text.trim().length < MIN_CHARS ? 'stores.location.search_help' : 'stores.location.no_places',
            )}
            loadingText={translate('stores.location.searching')}
            renderOption={(props, option) => {
                const { key, ...rest } = props;
                return (
                    <li key={key} {...rest}>
                        <span>
                            {option.name}
                            {option.address && option.address !== option.name ? (
                                <>
                                    <br />
                                    <small>{option.address}</small>
                                </>
                            ) : null}
                        </span>
                    </li>
                );
            }}
            renderInput={params => (
                <TextField
                    {...params}
                    label={translate('stores.location.search')}
                    helperText={problem ? translate(problem) : translate('stores.location.search_help')}
                    error={problem !== null}
                    slotProps={{
                        ...params.slotProps,
                        htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_CHARS },
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
};
