import CameraAltIcon from '@mui/icons-material/CameraAlt';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, REQUIRED_KYC_IMAGES, type KycImageKind } from '../../../../contract/kyc';
import { errorKeyOf } from '../../../lib/apiErrors';
import { isOnline, useOnline } from '../../../lib/online';
import { imageProblemOf, uploadKycImage } from '../../../lib/kycImages';
import { photoStore } from '../../../lib/photoStore';
import { uploadRefusalOf } from '../../../lib/uploadRefusal';
import { StepActions, StepHeading, StepProblem, useWizard, type Capture } from '../wizard';
import { loanStore } from '../../../lib/loanStore';

/** The documents a sale through this entry needs: the three of every submission, and liveness when digitally assisted. */
export const requiredKinds = (liveness: boolean): KycImageKind[] => [
    ...REQUIRED_KYC_IMAGES,
    ...(liveness ? ['liveness' as const] : []),
];

const previewOf = (file: File): string | null => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);

const revoke = (url: string | null | undefined) => {
    if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

const forget = (capture: Capture | undefined) => revoke(capture?.preview);

/** A capture that is ready for the identity step: sent, or kept on the phone to be sent with the KYC. */
export const isReady = (capture: Capture | undefined): boolean => capture?.status === 'done' || capture?.status === 'kept';

/** The selfie and the liveness capture face the customer; the ID's sides, the camera at the back. */
const FACING: Record<KycImageKind, 'user' | 'environment'> = {
    id_front: 'environment',
    id_back: 'environment',
    selfie: 'user',
    liveness: 'user',
};

/**
 * Sends one document and follows it in the wizard's draft, so an upload carries on while the user
 * moves to another step. A newer choice for the same document wins over an older one still sending.
 */
const useCaptures = () => {
    const { draft, update, entry } = useWizard();
    const [locale] = useLocaleState();
    const rounds = useRef<Partial<Record<KycImageKind, number>>>({});

    const set = (kind: KycImageKind, change: Partial<Capture>) =>
        update(current => {
            const before = current.captures[kind];
            const next: Capture = {
                status: 'uploading',
                fileName: '',
                preview: null,
                progress: 0,
                image: null,
                error: null,
                file: null,
                ...before,
                ...change,
            };
            return { captures: { ...current.captures, [kind]: next } };
        });

    /**
     * `file` chosen for `kind`, nothing of it sent yet: its name, no progress, no answer, and no
     * error unless `change` gives one.
     */
    const chosen = (kind: KycImageKind, file: File, change: Partial<Capture> & Pick<Capture, 'status' | 'file'>) =>
        set(kind, { error: null, errorValues: undefined, fileName: file.name, progress: 0, image: null, ...change });

    /**
     * Offline: the photo is checked here as the server would check it (nothing else can be, no OCR
     * either), then kept on the phone, encrypted, to go with the customer's KYC once the connection
     * is back. A storage that is full says so; the photo is not lost silently.
     */
    const keepOffline = async (
        kind: KycImageKind,
        file: File,
        preview: string | null,
        replacedPhoto: string | null,
        current: () => boolean,
    ) => {
        const failed = (error: string) => chosen(kind, file, { status: 'failed', error, preview, file });
        chosen(kind, file, { status: 'uploading', preview, file });
        try {
            const problem = await imageProblemOf(kind, file);
            if (!current()) return;
            if (problem) {
                failed(problem);
                return;
            }
            const kept = await photoStore.keep(file, file.name);
            if (!current()) {
                void photoStore.remove([kept.id]);
                return;
            }
            if (replacedPhoto) void photoStore.remove([replacedPhoto]);
            set(kind, { status: 'kept', progress: 1, photo: kept.id, file: null });
            loanStore.keepPhoto(entry.key, draft.msisdn, { kind, photo: kept.id, file_name: file.name });
        } catch (error) {
            if (current()) failed(errorKeyOf(error));
        }
    };

    const send = (kind: KycImageKind, file: File) => {
        const round = (rounds.current[kind] ?? 0) + 1;
        rounds.current[kind] = round;
        const current = () => rounds.current[kind] === round;
        // Spec §5: a file over 5 MB, or not an image, is refused as it is chosen, before anything is sent.
        const refused =
            file.size > MAX_UPLOAD_BYTES
                ? 'validation.max_file_size'
                : !(IMAGE_TYPES as readonly string[]).includes(file.type)
                  ? 'errors.unsupported_media_type'
                  : null;
        if (refused) {
            chosen(kind, file, { status: 'failed', error: refused, file: null });
            return;
        }
        const replaced = draft.captures[kind];
        forget(replaced);
        const preview = previewOf(file);
        if (!isOnline()) {
            void keepOffline(kind, file, preview, replaced?.photo ?? null, current);
            return;
        }
        chosen(kind, file, { status: 'uploading', preview, file, photo: null });
        uploadKycImage(kind, file, fraction => {
            if (current()) set(kind, { progress: fraction });
        }).then(
            image => {
                if (!current()) return;
                set(kind, { status: 'done', progress: 1, image });
                loanStore.keepDocument(entry.key, draft.msisdn, image);
                // The front of the ID answers what OCR read: it fills the identity step.
                if (kind === 'id_front' && image.ocr) update({ ocr: image.ocr });
            },
            (error: unknown) => {
                if (!current()) return;
                const refusal = uploadRefusalOf(error, locale);
                set(kind, { status: 'failed', error: refusal.key, errorValues: refusal.values });
            },
        );
    };

    return { captures: draft.captures, send };
};

/**
 * The thumbnail: the chosen file's, or for a photo kept on the phone from before (a resumed sale),
 * one made from the kept file itself.
 */
const useKeptPreview = (capture: Capture | undefined): string | null => {
    const [made, setMade] = useState<{ photo: string; url: string } | null>(null);
    const photo = capture?.status === 'kept' && !capture.preview ? (capture.photo ?? null) : null;
    useEffect(() => {
        if (!photo) return undefined;
        let live = true;
        let url: string | null = null;
        void photoStore.read(photo).then(file => {
            url = file ? previewOf(file) : null;
            if (live && url) setMade({ photo, url });
        });
        return () => {
            live = false;
            revoke(url);
        };
    }, [photo]);
    return capture?.preview ?? (made && made.photo === photo ? made.url : null);
};

const CaptureCard = ({
    kind,
    capture,
    missing,
    onChoose,
}: {
    kind: KycImageKind;
    capture: Capture | undefined;
    missing: boolean;
    onChoose: (file: File) => void;
}) => {
    const translate = useTranslate();
    const label = translate(`loans.wizard.documents.kinds.${kind}`);
    const choose = (event: ChangeEvent<HTMLInputElement>) => {
        const file = event.target.files?.[0];
        // The same file may be chosen again (after a failure): the input forgets it.
        event.target.value = '';
        if (file) onChoose(file);
    };
    const status = capture?.status;
    const problem = capture?.error ?? (missing ? 'loans.wizard.documents.missing' : null);
    const preview = useKeptPreview(capture);
    return (
        <Card
            component="li"
            variant="outlined"
            sx={{ borderColor: problem ? 'error.main' : status === 'done' || status === 'kept' ? 'success.main' : undefined }}
        >
            <CardContent>
                <Stack spacing={1}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {status === 'done' ? <CheckCircleIcon color="success" fontSize="small" aria-hidden /> : null}
                        {status === 'kept' ? <CloudQueueIcon color="success" fontSize="small" aria-hidden /> : null}
                        <Typography component="h3" variant="subtitle2">
                            {label}
                        </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                        {translate(`loans.wizard.documents.hints.${kind}`)}
                    </Typography>
                    {preview ? (
                        <Box
                            component="img"
                            src={preview}
                            alt={translate('loans.wizard.documents.preview', { document: label })}
                            sx={{ width: '100%', maxHeight: 160, objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
                        />
                    ) : null}
                    {status === 'uploading' ? (
                        <LinearProgress
                            variant="determinate"
                            value={Math.round((capture?.progress ?? 0) * 100)}
                            aria-label={translate('loans.wizard.documents.sending', { document: label })}
                        />
                    ) : null}
                    {status === 'done' ? (
                        <Typography variant="body2" role="status">
                            {translate('loans.wizard.documents.sent')}
                        </Typography>
                    ) : null}
                    {status === 'kept' ? (
                        <Typography variant="body2" role="status">
                            {translate('loans.wizard.queued.photo_kept')}
                        </Typography>
                    ) : null}
                    {kind === 'liveness' && capture?.image?.liveness && !capture.image.liveness.passed ? (
                        <Alert severity="warning">{translate('loans.wizard.documents.not_live')}</Alert>
                    ) : null}
                    {problem ? (
                        <Typography variant="body2" color="error" role="alert">
                            {translate(problem, capture?.error ? capture.errorValues : undefined)}
                        </Typography>
                    ) : null}
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                        <Button
                            component="label"
                            variant={status === 'done' || status === 'kept' ? 'outlined' : 'contained'}
                            size="small"
                            startIcon={<CameraAltIcon />}
                            disabled={status === 'uploading'}
                        >
                            {translate(status ? 'loans.wizard.documents.replace' : 'loans.wizard.documents.choose')}
                            <input
                                hidden
                                type="file"
                                accept={IMAGE_TYPES.join(',')}
                                capture={FACING[kind]}
                                aria-label={label}
                                onChange={choose}
                            />
                        </Button>
                        {status === 'failed' && capture?.file ? (
                            <Button
                                size="small"
                                startIcon={<RefreshIcon />}
                                onClick={() => capture.file && onChoose(capture.file)}
                            >
                                {translate('app.retry')}
                            </Button>
                        ) : null}
                    </Stack>
                </Stack>
            </CardContent>
        </Card>
    );
};

/**
 * Step 2: the customer's documents, each photographed or chosen and sent at once with its
 * progress: the ID's front (whose OCR fills the identity step) and back, a selfie, and for a
 * digitally assisted sale a live capture. Over 5 MB is refused on choosing; Next with one missing
 * says 'Please provide all required files before proceeding' (the specification's message, shown
 * without its key).
 */
export const DocumentsStep = () => {
    const translate = useTranslate();
    const { entry, draft, go } = useWizard();
    const { captures, send } = useCaptures();
    const [problem, setProblem] = useState<string | null>(null);
    const [checked, setChecked] = useState(false);
    const online = useOnline();
    const kinds = requiredKinds(entry.liveness);
    const missing = kinds.filter(kind => !isReady(captures[kind]));
    const sending = kinds.some(kind => captures[kind]?.status === 'uploading');

    // Once all are sent (or none is still sending), the message has done its work.
    const shown =
        (problem === 'validation.kyc_files_required' && missing.length === 0) ||
        (problem === 'loans.wizard.documents.wait' && !sending)
            ? null
            : problem;

    const next = () => {
        setChecked(true);
        if (sending) {
            setProblem('loans.wizard.documents.wait');
            return;
        }
        if (missing.length > 0) {
            setProblem('validation.kyc_files_required');
            return;
        }
        go('identity');
    };

    return (
        <Stack spacing={2}>
            <StepHeading title="loans.wizard.documents.title" intro="loans.wizard.documents.intro" />
            {!online ? (
                <Alert severity="info" role="status">
                    {translate('loans.wizard.queued.documents_offline')}
                </Alert>
            ) : null}
            {draft.lookup?.existing?.kyc_status === 'rejected' ? (
                <Alert severity="warning">{translate('loans.wizard.documents.rejected_before')}</Alert>
            ) : null}
            <Box
                component="ul"
                sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
                    gap: 1.5,
                    p: 0,
                    m: 0,
                    listStyle: 'none',
                }}
            >
                {kinds.map(kind => (
                    <CaptureCard
                        key={kind}
                        kind={kind}
                        capture={captures[kind]}
                        missing={checked && captures[kind] === undefined}
                        onChoose={file => send(kind, file)}
                    />
                ))}
            </Box>
            <StepProblem problem={shown} />
            <StepActions back="customer" primary={{ label: 'loans.wizard.next', onClick: next }} />
        </Stack>
    );
};
