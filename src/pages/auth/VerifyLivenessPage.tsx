import CameraAltIcon from '@mui/icons-material/CameraAlt';
import { handler } from '../../lib/handler';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ReplayIcon from '@mui/icons-material/Replay';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CallResponse } from '../../../contract/define';
import type { uploadImage } from '../../../contract/kyc';
import { useT } from '../../i18n/context';
import { session } from '../../lib/session';
import { uploadKycImage } from '../../lib/kycImages';
import { AuthLayout } from './AuthLayout';
import { PhotoRefused, PhotoSending } from './PhotoUploadStates';
import { RegistrationFinish, RegistrationPhotoUpload, RegistrationSteps, registrationInPhotoOf } from './RegistrationSteps';

type CameraProblem = 'liveness.no_camera' | 'liveness.permission_denied' | 'liveness.unsupported' | 'liveness.failed';

/** Why the camera could not start, in words a user can act on. */
const cameraProblemOf = (error: unknown): CameraProblem => {
    const name = error instanceof DOMException || error instanceof Error ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'liveness.permission_denied';
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
        return 'liveness.no_camera';
    return 'liveness.failed';
};

type Upload =
    | { state: 'sending'; fraction: number }
    | { state: 'done'; image: CallResponse<typeof uploadImage> }
    | { state: 'failed'; error: unknown };

/** The photo as a JPEG file, to send; null when the browser cannot encode it. */
const jpegOf = (canvas: HTMLCanvasElement): Promise<File | null> =>
    new Promise(resolve => {
        if (typeof canvas.toBlob !== 'function') {
            resolve(null);
            return;
        }
        canvas.toBlob(blob => resolve(blob ? new File([blob], 'liveness.jpg', { type: 'image/jpeg' }) : null), 'image/jpeg', 0.9);
    });

/**
 * Sending a photo for the liveness check (contract/kyc.ts `uploadImage`, kind `liveness`) from
 * the agent's signed-in phone: the progress while it goes, then the result and the image's
 * reference (what a KYC submission names), or why it failed with a way to send it again.
 */
export const LivenessUpload = ({ file }: { file: File }) => {
    const { translate } = useT();
    const [upload, setUpload] = useState<Upload>({ state: 'sending', fraction: 0 });
    const send = useCallback(async () => {
        try {
            const image = await uploadKycImage('liveness', file, fraction => setUpload({ state: 'sending', fraction }));
            setUpload({ state: 'done', image });
        } catch (error) {
            setUpload({ state: 'failed', error });
        }
    }, [file]);
    // Once per photo (React's development double effects included): the same capture is not sent twice.
    const started = useRef(false);
    useEffect(() => {
        if (started.current) return;
        started.current = true;
        void send();
    }, [send]);
    const again = () => {
        setUpload({ state: 'sending', fraction: 0 });
        void send();
    };

    if (upload.state === 'sending')
        return <PhotoSending fraction={upload.fraction} say="liveness.uploading" label="liveness.upload_title" />;
    if (upload.state === 'failed')
        return (
            <PhotoRefused
                error={upload.error}
                say="liveness.upload_failed"
                action={
                    <Button color="inherit" size="small" startIcon={<CloudUploadIcon />} onClick={again}>
                        {translate('app.retry')}
                    </Button>
                }
            />
        );
    const result = upload.image.liveness;
    const score = Math.round((result?.score ?? 0) * 100);
    return (
        <Alert severity={result?.passed ? 'success' : 'warning'} role="status" sx={{ mt: 2 }}>
            <Typography variant="body2">
                {translate(result?.passed ? 'liveness.result_passed' : 'liveness.result_failed', { score })}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {translate('liveness.image_id', { id: upload.image.id })}
            </Typography>
        </Alert>
    );
};

/**
 * The liveness check (spec §2, /verify_liveness): the front camera's live picture and a photo
 * taken from it. Without a camera or without permission, it says so plainly. Reached from a
 * self-registration (its history entry carries the registration, RegistrationSteps.tsx), it is
 * the registration's photo step: each photo is sent with the registration's token and bound to
 * it, and the page leads on to "received". On a device where someone is signed in (the agent's
 * phone), the photo is sent for the check at once and its result shown; otherwise the page says
 * to sign in first. It stays a signed-out page: no react-admin.
 */
export const VerifyLivenessPage = () => {
    const { translate } = useT();
    const video = useRef<HTMLVideoElement>(null);
    const [stream, setStream] = useState<MediaStream | null>(null);
    const [photo, setPhoto] = useState<string | null>(null);
    const [problem, setProblem] = useState<CameraProblem | null>(null);
    const [starting, setStarting] = useState(false);
    const [file, setFile] = useState<File | null>(null);
    const signedIn = session.isSignedIn();
    const registration = registrationInPhotoOf(useLocation().state);
    const [finishable, setFinishable] = useState(false);

    const stop = useCallback(() => {
        setStream(current => {
            current?.getTracks().forEach(track => track.stop());
            return null;
        });
    }, []);

    // Release the camera when leaving the page.
    useEffect(() => stop, [stop]);

    useEffect(() => {
        if (video.current && stream) {
            video.current.srcObject = stream;
            void video.current.play().catch(() => undefined);
        }
    }, [stream]);

    const start = async () => {
        setProblem(null);
        setPhoto(null);
        setFile(null);
        if (!navigator.mediaDevices?.getUserMedia) {
            setProblem('liveness.unsupported');
            return;
        }
        setStarting(true);
        try {
            setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }));
        } catch (error) {
            setProblem(cameraProblemOf(error));
        } finally {
            setStarting(false);
        }
    };

    const capture = () => {
        const source = video.current;
        if (!source || !source.videoWidth) return;
        const canvas = document.createElement('canvas');
        canvas.width = source.videoWidth;
        canvas.height = source.videoHeight;
        canvas.getContext('2d')?.drawImage(source, 0, 0);
        setPhoto(canvas.toDataURL('image/jpeg', 0.9));
        stop();
        if (signedIn || registration) void jpegOf(canvas).then(setFile);
    };

    return (
        <AuthLayout
            title={translate(registration ? 'register.photo_title' : 'liveness.title')}
            subtitle={translate(registration ? 'register.photo_intro' : 'liveness.intro')}
        >
            {registration ? <RegistrationSteps active="photo" /> : null}
            {problem && (
                <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
                    {translate(problem)}
                </Alert>
            )}
            <Box
                sx={{
                    aspectRatio: '3 / 4',
                    maxHeight: '50dvh',
                    mx: 'auto',
                    borderRadius: 2,
                    overflow: 'hidden',
                    bgcolor: 'grey.900',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                }}
            >
                {photo ? (
                    <Box
                        component="img"
                        src={photo}
                        alt={translate('liveness.preview_alt')}
                        sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                ) : stream ? (
                    <Box
                        component="video"
                        ref={video}
                        muted
                        playsInline
                        aria-label={translate('liveness.video_label')}
                        sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
                    />
                ) : (
                    <VideocamIcon sx={{ fontSize: 64, color: 'grey.600' }} />
                )}
            </Box>
            {photo && (
                <Typography variant="body2" sx={{ mt: 1 }} role="status">
                    {translate('liveness.captured')}
                </Typography>
            )}
            {registration ? (
                file ? (
                    // A new photo is a new upload: keyed by the file, the component starts afresh.
                    <RegistrationPhotoUpload
                        key={`${file.name}-${file.lastModified}-${file.size}`}
                        file={file}
                        token={registration.token}
                        onSettled={settled => setFinishable(done => done || settled)}
                    />
                ) : null
            ) : !signedIn ? (
                <Alert
                    severity="info"
                    // Not an alert: it is there from the start, and the camera's problems are the page's alerts.
                    role="note"
                    sx={{ mt: 2 }}
                    action={
                        <Button component={Link} to="/" color="inherit" size="small">
                            {translate('liveness.sign_in')}
                        </Button>
                    }
                >
                    {translate('liveness.sign_in_first')}
                </Alert>
            ) : file ? (
                // A new photo is a new upload: keyed by the file, the component starts afresh.
                <LivenessUpload key={`${file.name}-${file.lastModified}-${file.size}`} file={file} />
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
                {stream ? (
                    <>
                        <Button variant="contained" startIcon={<CameraAltIcon />} onClick={capture} fullWidth>
                            {translate('liveness.capture')}
                        </Button>
                        <Button onClick={stop} fullWidth>
                            {translate('liveness.stop')}
                        </Button>
                    </>
                ) : (
                    <Button
                        variant="contained"
                        startIcon={photo ? <ReplayIcon /> : <VideocamIcon />}
                        onClick={handler(start)}
                        disabled={starting}
                        fullWidth
                    >
                        {translate(photo ? 'liveness.retake' : 'liveness.start')}
                    </Button>
                )}
            </Stack>
            {registration ? (
                <RegistrationFinish registrant={registration} finishable={finishable} />
            ) : (
                <Button component={Link} to="/" fullWidth sx={{ mt: 1 }}>
                    {translate('app.back_to_sign_in')}
                </Button>
            )}
        </AuthLayout>
    );
};
