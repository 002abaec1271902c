import { Alert, Box, Button, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { HttpError } from 'ra-core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CallResponse } from '../../../contract/define';
import { MAX_UPLOAD_BYTES } from '../../../contract/kyc';
import { registerLiveness } from '../../../contract/registration';
import { useT } from '../../i18n/context';
import { errorKeyOf } from '../../lib/apiErrors';
import { uploadCall } from '../../lib/portalApi';
import { imageProblemOf } from '../../lib/kycImages';
import { PhotoRefused, PhotoSending } from './PhotoUploadStates';

/**
 * Agent self-registration in three steps (contract/registration.ts `register`, `registerLiveness`):
 * the details (`/register`), a live photo (`/verify_liveness`, bound to the registration by the
 * token step 1 answered), then "received" (`/register` again). The token travels in the history
 * entry's state, never in an address, so it is in no log, bookmark or shared link; each step
 * replaces the last in the history, so Back never offers to register twice.
 */
const STEPS = ['details', 'photo', 'received'] as const;
export type RegistrationStep = (typeof STEPS)[number];

export const RegistrationSteps = ({ active }: { active: RegistrationStep }) => {
    const { translate } = useT();
    const at = STEPS.indexOf(active);
    return (
        <Stepper activeStep={at} alternativeLabel sx={{ mb: 3 }}>
            {STEPS.map((step, index) => (
                <Step key={step} completed={index < at || active === 'received'}>
                    <StepLabel>{translate(`register.steps.${step}`)}</StepLabel>
                </Step>
            ))}
        </Stepper>
    );
};

/** Who registered, as the last two steps say it. */
export interface Registrant {
    name: string;
    username: string;
    shop: string;
}

/** The photo step's state: the registrant and the token of their registration. */
export interface RegistrationInPhoto extends Registrant {
    token: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';

const registrantOf = (value: unknown): Registrant | null => {
    if (typeof value !== 'object' || value === null) return null;
    const { name, username, shop } = value as Record<string, unknown>;
    return isText(name) && isText(username) && isText(shop) ? { name, username, shop } : null;
};

/** The registration a history entry carries into the photo step, or null (a visit of its own). */
export const registrationInPhotoOf = (state: unknown): RegistrationInPhoto | null => {
    const registration = (state as { registration?: unknown } | null)?.registration;
    const registrant = registrantOf(registration);
    const token = (registration as { token?: unknown } | undefined)?.token;
    return registrant && isText(token) ? { ...registrant, token } : null;
};

/** The registration a history entry carries into the received step, or null. */
export const registrationReceivedOf = (state: unknown): Registrant | null =>
    registrantOf((state as { received?: unknown } | null)?.received);

type Sent = CallResponse<typeof registerLiveness>;
type Upload = { state: 'sending'; fraction: number } | { state: 'done'; sent: Sent } | { state: 'failed'; error: unknown };

/**
 * Sends one photo of the registration's photo step, with its progress, then says whether a live
 * face was found and how many retakes are left. `onSettled` hears whether the step may finish: a
 * photo sent, or a step the server says is closed (the registration still waits for its checker).
 */
export const RegistrationPhotoUpload = ({
    file,
    token,
    onSettled,
}: {
    file: File;
    token: string;
    onSettled: (finishable: boolean) => void;
}) => {
    const { translate } = useT();
    const [upload, setUpload] = useState<Upload>({ state: 'sending', fraction: 0 });
    const send = useCallback(async () => {
        try {
            // Refused before anything is sent, as every KYC upload is (lib/kycImages.ts): too
            // large, or what the server would refuse (a photo too small to hold a face).
            if (file.size > MAX_UPLOAD_BYTES) throw new HttpError('validation.max_file_size', 413, null);
            const problem = await imageProblemOf('liveness', file);
            if (problem) throw new HttpError(problem, 400, null);
            const sent = await uploadCall(registerLiveness, { body: { registration_token: token } }, file, {
                fileName: file.name,
                onProgress: fraction => setUpload({ state: 'sending', fraction }),
            });
            setUpload({ state: 'done', sent });
            onSettled(true);
        } catch (error) {
            setUpload({ state: 'failed', error });
            onSettled(errorKeyOf(error) === 'errors.registration_step_closed');
        }
    }, [file, token, onSettled]);
    // Once per photo (React's development double effects included): the same photo is not sent twice.
    const started = useRef(false);
    useEffect(() => {
        if (started.current) return;
        started.current = true;
        void send();
    }, [send]);

    if (upload.state === 'sending')
        return <PhotoSending fraction={upload.fraction} say="register.photo_sending" label="register.photo_title" />;
    if (upload.state === 'failed') return <PhotoRefused error={upload.error} say="register.photo_failed" />;
    const { liveness, captures_left } = upload.sent;
    return (
        <Alert severity={liveness.passed ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            <Typography variant="body2">
                {translate(liveness.passed ? 'register.photo_passed' : 'register.photo_weak')}
            </Typography>
            {captures_left > 0 ? (
                <Typography variant="body2">
                    {translate('register.photo_captures_left', { smart_count: captures_left })}
                </Typography>
            ) : null}
        </Alert>
    );
};

/** The photo step's way on to "received": open once a photo is sent (or the step has closed). */
export const RegistrationFinish = ({ registrant, finishable }: { registrant: Registrant; finishable: boolean }) => {
    const { translate } = useT();
    const navigate = useNavigate();
    const { name, username, shop } = registrant;
    return (
        <Box sx={{ mt: 2 }}>
            {!finishable ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="registration-finish-hint">
                    {translate('register.photo_first')}
                </Typography>
            ) : null}
            <Button
                variant="contained"
                fullWidth
                disabled={!finishable}
                aria-describedby={finishable ? undefined : 'registration-finish-hint'}
                onClick={() => void navigate('/register', { replace: true, state: { received: { name, username, shop } } })}
            >
                {translate('register.finish')}
            </Button>
        </Box>
    );
};
