import MyLocationIcon from '@mui/icons-material/MyLocation';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { maxValue, minValue, NumberInput, required, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

const latitudeChecks = [required(), minValue(-90), maxValue(90)];
const longitudeChecks = [required(), minValue(-180), maxValue(180)];

/** Why the browser gave no position, as a catalog key. */
const whyNot = (error: GeolocationPositionError | null) =>
    error?.code === 1 ? 'stores.location.denied' : error?.code === 3 ? 'stores.location.timeout' : 'stores.location.unavailable';

/**
 * A place as coordinates, inside a react-admin `<Form>` (fields `latitude` and `longitude`): typed
 * in, or the browser's own position. The portal has no maps or places key setting (src/config.ts),
 * so there is no map and no place search; coordinates work everywhere.
 */
export const LocationInputs = () => {
    const translate = useTranslate();
    const { setValue } = useFormContext();
    const [locating, setLocating] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

    const useMyLocation = () => {
        setProblem(null);
        setLocating(true);
        navigator.geolocation.getCurrentPosition(
            position => {
                setLocating(false);
                const round = (value: number) => Math.round(value * 1e6) / 1e6;
                setValue('latitude', round(position.coords.latitude), { shouldDirty: true, shouldValidate: true });
                setValue('longitude', round(position.coords.longitude), { shouldDirty: true, shouldValidate: true });
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
