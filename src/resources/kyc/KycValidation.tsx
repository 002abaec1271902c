import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import ReplyIcon from '@mui/icons-material/Reply';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CanAccess, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { GENDERS } from '../../../contract/customers';
import { KYC_CORRECTABLE_FIELDS, type KycCorrections, type KycImageKind, type KycSubmission } from '../../../contract/kyc';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { ImageViewer } from '../../layout/ImageViewer';
import { LoadError } from '../../lists/LoadError';
import { errorKeyOf } from '../../lib/apiErrors';
import { useWhen } from '../approvals/RequestDetail';
import { Screen } from '../../lists/Screen';
import { decideSubmission, fetchImage, fetchSubmission, imageKey, kycKey, submissionKey, type KycDecision } from './api';
import { OcrComparison, SubmissionStatusChip } from './present';
import { useSingleMutation } from '../../lib/singleFlight';

/** A rejection says why (contract: 3 to 500 characters). */
const REASON_MIN = 3;
const REASON_MAX = 500;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
    <Card variant="outlined" component="section" aria-label={title}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography component="h2" variant="h6">
                {title}
            </Typography>
            {children}
        </CardContent>
    </Card>
);

const Facts = ({ rows }: { rows: [string, ReactNode][] }) => {
    const translate = useTranslate();
    return (
        <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
            {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                        {translate(`kyc.fields.${label}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                        {value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
};

/** Passed or failed, said with an icon and a word. */
const Verdict = ({ passed, label }: { passed: boolean; label: string }) => (
    <Box
        component="span"
        sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            color: passed ? 'success.dark' : 'error.dark',
            fontWeight: 600,
        }}
    >
        {passed ? <TaskAltIcon fontSize="small" aria-hidden /> : <HighlightOffIcon fontSize="small" aria-hidden />}
        {label}
    </Box>
);

/** One document, fetched on its own (a data URL), with its own failure and Retry. */
const KycImage = ({ id, kind }: { id: string; kind: KycImageKind }) => {
    const translate = useTranslate();
    const image = useQuery({ queryKey: imageKey(id), queryFn: ({ signal }) => fetchImage(id, signal), staleTime: Infinity });
    const label = translate(`kyc.images.${kind}`);
    return (
        <Box component="figure" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {image.isError ? (
                <LoadError error={image.error} onRetry={() => void image.refetch()} />
            ) : image.isPending ? (
                <Skeleton
                    variant="rectangular"
                    sx={{ aspectRatio: '4 / 3', height: 'auto' }}
                    aria-label={translate('app.loading')}
                />
            ) : (
                <ImageViewer
                    src={image.data.data_url}
                    alt={label}
                    label={translate('kyc.images.open', { name: label })}
                    sx={{ aspectRatio: '4 / 3', objectFit: 'contain' }}
                />
            )}
            <Typography component="figcaption" variant="body2">
                {label}
            </Typography>
        </Box>
    );
};

interface DecisionState {
    choice: 'approve' | 'reject' | 'return';
}

type Correctable = (typeof KYC_CORRECTABLE_FIELDS)[number];
type Draft = Record<Correctable, string>;

const draftOf = (submission: KycSubmission): Draft => ({
    first_name: submission.confirmed.first_name ?? '',
    last_name: submission.confirmed.last_name ?? '',
    gender: submission.confirmed.gender ?? '',
});

/** The fields the checker changed, as the contract takes them; unchanged ones are not sent. */
const correctionsOf = (submission: KycSubmission, draft: Draft): KycCorrections => {
    const was = draftOf(submission);
    const corrections: KycCorrections = {};
    const first = draft.first_name.trim();
    const last = draft.last_name.trim();
    if (first !== was.first_name) corrections.first_name = first;
    if (last !== was.last_name) corrections.last_name = last;
    const gender = GENDERS.find(value => value === draft.gender);
    if (gender && gender !== was.gender) corrections.gender = gender;
    return corrections;
};

/**
 * What the checker may correct before approving, where the documents show a misread name or
 * gender (contract `KYC_CORRECTABLE_FIELDS`); each change is recorded with its value before.
 */
const Corrections = ({ draft, onChange, disabled }: { draft: Draft; onChange: (draft: Draft) => void; disabled: boolean }) => {
    const translate = useTranslate();
    return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <Typography component="legend" variant="body2" color="text.secondary">
                {translate('kyc.corrections.intro')}
            </Typography>
            {(['first_name', 'last_name'] as const).map(field => (
                <TextField
                    key={field}
                    label={translate(`kyc.corrections.${field}`)}
                    value={draft[field]}
                    onChange={event => onChange({ ...draft, [field]: event.target.value })}
                    disabled={disabled}
                    fullWidth
                    margin="dense"
                    slotProps={{ htmlInput: { maxLength: 80 } }}
                />
            ))}
            <TextField
                select
                label={translate('kyc.corrections.gender')}
                value={draft.gender}
                onChange={event => onChange({ ...draft, gender: event.target.value })}
                disabled={disabled}
                fullWidth
                margin="dense"
            >
                {GENDERS.map(gender => (
                    <MenuItem key={gender} value={gender}>
                        {translate(`customers.genders.${gender}`)}
                    </MenuItem>
                ))}
            </TextField>
        </Box>
    );
};

/**
 * Approve, send back and reject, each asked first; a rejection needs its reason and sending back a
 * note for the agent (both at least REASON_MIN characters). The server's refusal shows in the dialog.
 */
const Decision = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const [open, setOpen] = useState<DecisionState | null>(null);
    const [visible, setVisible] = useState(false);
    const [reason, setReason] = useState('');
    const [problem, setProblem] = useState<string | undefined>();
    const [draft, setDraft] = useState<Draft>(() => draftOf(submission));
    const mutation = useSingleMutation({
        mutationFn: (decision: KycDecision) => decideSubmission(submission.id, decision),
        onSuccess: saved => {
            notify(`kyc.${saved.status}`, {
                type: 'success',
                messageArgs: { id: saved.id, name: saved.customer.name },
            });
            queryClient.setQueryData(submissionKey(saved.id), saved);
            setVisible(false);
            void queryClient.invalidateQueries({ queryKey: kycKey });
        },
        // Decided meanwhile, or one's own: the reason shows in the dialog, the screen shows the submission as it now is.
        onError: () => void queryClient.invalidateQueries({ queryKey: submissionKey(submission.id) }),
    });
    const start = (choice: DecisionState['choice']) => {
        mutation.reset();
        setReason('');
        setDraft(draftOf(submission));
        setProblem(undefined);
        setOpen({ choice });
        setVisible(true);
    };
    const confirm = () => {
        if (open?.choice === 'approve') {
            const corrections = correctionsOf(submission, draft);
            if ((corrections.first_name ?? 'ok').length < 2 || (corrections.last_name ?? 'ok').length < 2) {
                setProblem('kyc.corrections.name_required');
                return;
            }
            mutation.mutate(Object.keys(corrections).length ? { decision: 'approve', corrections } : { decision: 'approve' });
            return;
        }
        const text = reason.trim();
        const sendBack = open?.choice === 'return';
        const wrong = text.length < REASON_MIN ? (sendBack ? 'kyc.note_required' : 'kyc.reason_required') : undefined;
        setProblem(wrong);
        if (!wrong) mutation.mutate(sendBack ? { decision: 'return', note: text } : { decision: 'reject', reason: text });
    };
    const reject = open?.choice === 'reject';
    const sendBack = open?.choice === 'return';
    const confirmLabel = { approve: 'kyc.approve', reject: 'kyc.reject', return: 'kyc.send_back' } as const;
    return (
        <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button variant="contained" startIcon={<CheckCircleIcon />} onClick={() => start('approve')}>
                    {translate('kyc.approve')}
                </Button>
                <Button variant="outlined" startIcon={<ReplyIcon />} onClick={() => start('return')}>
                    {translate('kyc.send_back')}
                </Button>
                <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={() => start('reject')}>
                    {translate('kyc.reject')}
                </Button>
            </Box>
            {open ? (
                <ConfirmDialog
                    open={visible}
                    title={translate(`kyc.${open.choice}_title`, { id: submission.id, name: submission.customer.name })}
                    content={translate(`kyc.${open.choice}_content`, { name: submission.customer.name })}
                    busy={mutation.isPending}
                    onConfirm={confirm}
                    onClose={() => setVisible(false)}
                    confirmLabel={translate(confirmLabel[open.choice])}
                    confirmColor={reject ? 'error' : 'primary'}
                    focusContent={reject || sendBack}
                >
                    {reject || sendBack ? (
                        <TextField
                            label={translate(sendBack ? 'kyc.note' : 'kyc.reason')}
                            value={reason}
                            onChange={event => setReason(event.target.value)}
                            error={problem !== undefined}
                            helperText={translate(problem ?? (sendBack ? 'kyc.note_help' : 'kyc.reason_help'))}
                            required
                            autoFocus
                            disabled={mutation.isPending}
                            fullWidth
                            multiline
                            minRows={2}
                            margin="normal"
                            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                        />
                    ) : (
                        <>
                            <Corrections draft={draft} onChange={setDraft} disabled={mutation.isPending} />
                            {problem ? (
                                <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                                    {translate(problem)}
                                </Alert>
                            ) : null}
                        </>
                    )}
                    {mutation.isError ? (
                        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                            {translate(errorKeyOf(mutation.error))}
                        </Alert>
                    ) : null}
                </ConfirmDialog>
            ) : null}
        </>
    );
};

const SubmissionView = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    const when = useWhen();
    const liveness = submission.liveness;
    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
            <Section title={translate('kyc.sections.customer')}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
                        {submission.customer.name}
                    </Typography>
                    <SubmissionStatusChip status={submission.status} />
                </Box>
                <Facts
                    rows={[
                        ['msisdn', submission.customer.msisdn],
                        ['id_type', translate(`customers.id_types.${submission.id_type}`)],
                        ['id_number', submission.id_number],
                        ['type', translate(`customers.types.${submission.customer.customer_type}`)],
                        ['channel', translate(`customers.channels.${submission.channel}`)],
                        ['store', submission.store?.name ?? '—'],
                        ['submitted_by', `${submission.submitted_by.name}, ${when(submission.created_at)}`],
                        ...(submission.status !== 'pending'
                            ? ([
                                  [
                                      'decided_by',
                                      `${submission.decided_by?.name ?? translate('kyc.replaced')}, ${when(submission.decided_at)}`,
                                  ],
                                  ...(submission.reason
                                      ? [[submission.status === 'returned' ? 'note' : 'reason', submission.reason]]
                                      : []),
                              ] as [string, ReactNode][])
                            : []),
                    ]}
                />
            </Section>
            <Section title={translate('kyc.sections.checks')}>
                <Facts
                    rows={[
                        [
                            'identity',
                            <Verdict
                                key="identity"
                                passed={submission.identity.verified}
                                label={translate(submission.identity.verified ? 'kyc.identity.verified' : 'kyc.identity.failed')}
                            />,
                        ],
                        [
                            'reference',
                            <Box component="span" key="reference" sx={{ fontFamily: 'monospace' }}>
                                {submission.identity.reference}
                            </Box>,
                        ],
                        [
                            'liveness',
                            liveness ? (
                                <Verdict
                                    key="liveness"
                                    passed={liveness.passed}
                                    label={translate(liveness.passed ? 'kyc.liveness.passed' : 'kyc.liveness.failed', {
                                        score: Math.round(liveness.score * 100),
                                    })}
                                />
                            ) : (
                                translate('kyc.liveness.none')
                            ),
                        ],
                    ]}
                />
            </Section>
            <Box sx={{ gridColumn: '1 / -1' }}>
                <Section title={translate('kyc.ocr.title')}>
                    <OcrComparison submission={submission} />
                </Section>
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
                <Section title={translate('kyc.sections.documents')}>
                    <Box
                        sx={{
                            display: 'grid',
                            gridTemplateColumns: {
                                xs: 'minmax(0, 1fr)',
                                sm: 'repeat(2, minmax(0, 1fr))',
                                lg: 'repeat(4, minmax(0, 1fr))',
                            },
                            gap: 2,
                        }}
                    >
                        {submission.images.map(image => (
                            <KycImage key={image.id} id={image.id} kind={image.kind} />
                        ))}
                    </Box>
                </Section>
            </Box>
            {submission.status === 'returned' ? (
                // What the agent who made it reads: who sent it back, their note, and what to do.
                <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
                    {translate('kyc.returned_notice', {
                        name: submission.decided_by?.name ?? '',
                        note: submission.reason ?? '',
                    })}
                </Alert>
            ) : null}
            {submission.status === 'pending' ? (
                <Box sx={{ gridColumn: '1 / -1' }}>
                    <CanAccess resource="kyc" action="approve">
                        <Decision submission={submission} />
                    </CanAccess>
                </Box>
            ) : null}
        </Box>
    );
};

/**
 * One KYC submission for a checker (/dashboard/customers/kyc-validation?id=…): the customer, the
 * identity check and liveness results, what the user confirmed beside what OCR read, the three or
 * four documents, and Approve / Reject (with a reason), each asked first, for holders of
 * APPROVE_CUSTOMER_OCR. The server refuses one's own submission and a second decision; the dialog
 * says so.
 */
export const KycValidation = () => {
    const translate = useTranslate();
    const [search] = useSearchParams();
    const text = search.get('id') ?? '';
    const id = /^[0-9]{1,10}$/.test(text) ? Number(text) : null;
    const submission = useQuery({
        queryKey: submissionKey(id ?? 0),
        queryFn: ({ signal }) => fetchSubmission(id ?? 0, signal),
        enabled: id !== null,
    });
    const title = id === null ? translate('kyc.validation_title') : translate('kyc.submission_title', { id });
    return (
        <Screen
            resource="kyc"
            title={title}
            actions={
                <Button component={Link} to="/dashboard/customers/ocr" startIcon={<ArrowBackIcon />}>
                    {translate('kyc.back_to_queue')}
                </Button>
            }
        >
            {id === null || submission.data === null ? (
                <Alert severity="info">{translate('kyc.not_found')}</Alert>
            ) : submission.isError ? (
                <LoadError error={submission.error} onRetry={() => void submission.refetch()} />
            ) : submission.isPending ? (
                <Skeleton variant="rectangular" height={240} aria-label={translate('app.loading')} />
            ) : (
                <SubmissionView submission={submission.data} />
            )}
        </Screen>
    );
};
