import CameraAltIcon from '@mui/icons-material/CameraAlt';
import ReplayIcon from '@mui/icons-material/Replay';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/context';
import { AuthLayout } from './AuthLayout';

type CameraProblem = 'liveness.no_camera' | 'liveness.permission_denied' | 'liveness.unsupported' | 'liveness.failed';

/** Why the camera could not start, in words a user can act on. */
const cameraProblemOf = (error: unknown): CameraProblem => {
    const name = error instanceof DOMException || error instanceof Error ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'liveness.permission_denied';
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
        return 'liveness.no_camera';
    return 'liveness.failed';
};

/**
 * The liveness check (spec §2, /verify_liveness): the front camera's live picture and a photo
 * taken from it. Without a camera or without permission, it says so plainly.
 */
export const VerifyLivenessPage = () => {
    const { translate } = useT();
    const video = useRef<HTMLVideoElement>(null);
    const [stream, setStream] = useState<MediaStream | null>(null);
    const [photo, setPhoto] = useState<string | null>(null);
    const [problem, setProblem] = useState<CameraProblem | null>(null);
    const [starting, setStarting] = useState(false);

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
    };

    return (
        <AuthLayout title={translate('liveness.title')} subtitle={translate('liveness.intro')}>
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
                        onClick={start}
                        disabled={starting}
                        fullWidth
                    >
                        {translate(photo ? 'liveness.retake' : 'liveness.start')}
                    </Button>
                )}
            </Stack>
            <Button component={Link} to="/" fullWidth sx={{ mt: 1 }}>
                {translate('app.back_to_sign_in')}
            </Button>
        </AuthLayout>
    );
};
