import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CanAccess, useGetOne, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import type { KycImageKind, KycSubmission } from '../../../contract/kyc';
import { ImageViewer } from '../../layout/ImageViewer';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { useWhen } from '../../lists/cells';
import { fetchImage, imageKey } from '../../lib/kycImages';
import { Decision } from './KycDecision';
import { OcrComparison, SubmissionStatusChip } from './present';

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
                    <CanAccess resource="kyc-submissions" action="approve">
                        <Decision submission={submission} />
                    </CanAccess>
                </Box>
            ) : null}
        </Box>
    );
};

const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

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
    // Through the data provider (`kyc-submissions`), so a decision's refetch reaches it; one out of
    // reach, or none by that id, is answered as not found.
    const submission = useGetOne<KycSubmission>(
        'kyc-submissions',
        { id: id ?? 0 },
        { enabled: id !== null, retry: (count, error) => !isNotFound(error) && count < 2 },
    );
    const title = id === null ? translate('kyc.validation_title') : translate('kyc.submission_title', { id });
    return (
        <Screen
            resource="kyc-submissions"
            action="show"
            title={title}
            actions={
                <Button component={Link} to="/dashboard/customers/ocr" startIcon={<ArrowBackIcon />}>
                    {translate('kyc.back_to_queue')}
                </Button>
            }
        >
            {id === null || isNotFound(submission.error) ? (
                <Alert severity="info">{translate('kyc.not_found')}</Alert>
            ) : submission.isError ? (
                <LoadError error={submission.error} onRetry={() => void submission.refetch()} />
            ) : submission.isPending || !submission.data ? (
                <Skeleton variant="rectangular" height={240} aria-label={translate('app.loading')} />
            ) : (
                <SubmissionView submission={submission.data} />
            )}
        </Screen>
    );
};
