import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { searchPlaces, type Place } from '../../../contract/stores';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { SearchPicker, useDebounced } from '../../layout/SearchPicker';

const MIN_CHARS = 2;
const MAX_CHARS = 80;

/**
 * "Search for a place" (contract/stores.ts `searchPlaces`): the server's places provider is asked
 * ~300 ms after the typing stops, from 2 characters on; choosing a place hands it to `onChoose`.
 * Shown only when the server says search is on (`placesStatus`).
 */
export const PlaceSearch = ({ onChoose }: { onChoose: (place: Place) => void }) => {
    const translate = useTranslate();
    const [text, setText] = useState('');
    const [value, setValue] = useState<Place | null>(null);
    const wanted = text.trim().slice(0, MAX_CHARS);
    const searching = wanted.length >= MIN_CHARS && !(value !== null && text === value.name);
    const asked = useDebounced(wanted);

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
        <SearchPicker<Place>
            label={translate('stores.location.search')}
            options={options}
            value={value}
            text={text}
            onText={setText}
            onChange={chosen => {
                setValue(chosen);
                if (chosen) onChoose(chosen);
            }}
            loading={loading}
            loadingText={translate('stores.location.searching')}
            noOptionsText={translate(
                text.trim().length < MIN_CHARS ? 'stores.location.search_help' : 'stores.location.no_places',
            )}
            error={problem !== null}
            helperText={problem ? translate(problem) : translate('stores.location.search_help')}
            maxLength={MAX_CHARS}
            nameOf={option => option.name}
            detailOf={option => (option.address && option.address !== option.name ? option.address : null)}
            keyOf={option => `${option.name}|${option.latitude}|${option.longitude}`}
        />
    );
};
