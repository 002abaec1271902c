import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { maxValue, minValue, NumberInput, required, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { placesStatus, type Place } from '../../../contract/stores';
import { callApi } from '../../lib/portalApi';
import { PlaceSearch } from './PlaceSearch';

const latitudeChecks = [required(), minValue(-90), maxValue(90)];
const longitudeChecks = [required(), minValue(-180), maxValue(180)];

/** Why the browser gave no position, as a catalog key. */
const whyNot = (error: GeolocationPositionError | null) =>
    error?.code === 1 ? 'stores.location.denied' : error?.code === 3 ? 'stores.location.timeout' : 'stores.location.unavailable';

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Whether the server offers place search; asked once a session, and off when it cannot say. */
const usePlaceSearchEnabled = () =>
    useQuery({
        queryKey: ['places', 'status'],
        queryFn: ({ signal }) => callApi(placesStatus, {}, { signal }),
        staleTime: Infinity,
        retry: false,
    }).data?.enabled === true;

/**
 * A place as coordinates, inside a react-admin `<Form>` (fields `latitude` and `longitude`): typed
 * in, or the browser's own position. When the server has a places provider (PLACES_API_KEY, or the
 * development gazetteer) a place search above them fills them too; without one nothing else shows
 * and coordinates work everywhere. There is no map.
 */
export const LocationInputs = () => {
    const translate = useTranslate();
    const { setValue } = useFormContext();
    const [locating, setLocating] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
    const searchEnabled = usePlaceSearchEnabled();

    const fill = (latitude: number, longitude: number) => {
        setValue('latitude', round(latitude), { shouldDirty: true, shouldValidate: true });
        setValue('longitude', round(longitude), { shouldDirty: true, shouldValidate: true });
    };

    const choosePlace = (place: Place) => {
        setProblem(null);
        fill(place.latitude, place.longitude);
    };

    const useMyLocation = () => {
        setProblem(null);
        setLocating(true);
        navigator.geolocation.getCurrentPosition(
            position => {
                setLocating(false);
                fill(position.coords.latitude, position.coords.longitude);
            },
            error => {
                setLocating(false);
                setProblem(whyNot(error));
            },
            { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
        );
    };

    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
            {searchEnabled ? <PlaceSearch onChoose={choosePlace} /> : null}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                <NumberInput
                    source="latitude"
                    label="stores.fields.latitude"
                    validate={latitudeChecks}
                    step={0.000001}
                    helperText="stores.location.latitude_help"
                    sx={{ flex: '1 1 10rem' }}
                />
                <NumberInput
                    source="longitude"
                    label="stores.fields.longitude"
                    validate={longitudeChecks}
                    step={0.000001}
                    helperText="stores.location.longitude_help"
                    sx={{ flex: '1 1 10rem' }}
                />
            </Box>
            {supported ? (
                <Box>
                    <Button
                        variant="outlined"
                        onClick={useMyLocation}
                        disabled={locating}
                        startIcon={locating ? <CircularProgress size={18} aria-hidden /> : <MyLocationIcon />}
                    >
                        {translate(locating ? 'stores.location.locating' : 'stores.location.use_mine')}
                    </Button>
                </Box>
            ) : null}
            {problem ? (
                <Alert severity="warning" role="alert">
                    {translate(problem)}
                </Alert>
            ) : null}
        </Box>
    );
};
