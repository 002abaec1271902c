import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    LinearProgress,
    Skeleton,
    Stack,
    Step as StepItem,
    StepLabel,
    Stepper,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { CanAccess, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CallResponse } from '../../../contract/define';
import type { Loan } from '../../../contract/customers';
import { DRAFT_RESERVATION_HOURS, loanProgress, type OriginationStep } from '../../../contract/origination';
import { AccessDenied } from '../../layout/AccessDenied';
import { LoadError } from '../../lists/LoadError';
import { PageLoading } from '../../layout/PageLoading';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { session } from '../../lib/session';
import { customerKey } from '../../lib/customerQuery';
import { customerStore } from '../../lib/customerStore';
import { absolute } from '../../lib/customerVariants';
import { CancelSaleDialog } from './CancelSaleDialog';
import {
    ENTRIES,
    STEPS,
    stepIndex,
    type Entry,
    type EntryKey,
    type StartSaleState,
    type Step,
    ADD_LOAN_RESOURCE,
} from '../../lib/saleEntries';
import { REQUIRED_KYC_IMAGES, type KycImageKind } from '../../../contract/kyc';
import { loanStore, type KeptDocument, type KeptSale } from '../../lib/loanStore';
import { CustomerStep } from './steps/CustomerStep';
import { DepositStep } from './steps/DepositStep';
import { DocumentsStep } from './steps/DocumentsStep';
import { DoneStep } from './steps/DoneStep';
import { IdentityStep } from './steps/IdentityStep';
import { LockStep } from './steps/LockStep';
import { PhoneStep } from './steps/PhoneStep';
import { TermsStep } from './steps/TermsStep';
import { emptyDraft, WizardProvider, type Capture, type CodeKind, type CodeSent, type Draft, type WizardApi } from './wizard';

const isStartSaleState = (state: unknown): state is StartSaleState =>
    typeof state === 'object' &&
    state !== null &&
    ((state as { fromCustomer?: unknown }).fromCustomer === true || typeof (state as { msisdn?: unknown }).msisdn === 'string');

/** Where loan_progress says a sale stands, as a step of the wizard. */
const STEP_OF_PROGRESS: Record<Exclude<OriginationStep, 'cancelled'>, Step> = {
    otp: 'terms',
    deposit: 'deposit',
    lock: 'lock',
    done: 'done',
};

const STEP_VIEWS: Record<Step, ComponentType> = {
    customer: CustomerStep,
    documents: DocumentsStep,
    identity: IdentityStep,
    phone: PhoneStep,
    terms: TermsStep,
    deposit: DepositStep,
    lock: LockStep,
    done: DoneStep,
};

type Start =
    /** A loan exists: loan_progress says where it stands. */
    | { kind: 'resume'; kept: KeptSale; reference: string }
    /** Another entry's sale with a loan is in progress: it is finished (or cancelled) there. */
    | { kind: 'elsewhere'; kept: KeptSale }
    | { kind: 'ready'; draft: Draft; step: Step };

const keptType = () => customerStore.selectedType() || 'normal';

/**
 * Where the wizard opens. A kept loan: the server says (resume). Otherwise the kept step is a hint:
 * the phone step needs the customer registered or on file, the documents step a phone number
 * (the documents already sent are kept: with all of them a later hint goes on at the identity); opened
 * from a customer view, that customer.
 */
const startOf = (entry: Entry, state: unknown): Start => {
    const kept = loanStore.read();
    if (kept?.loanReference) {
        return kept.entry === entry.key ? { kind: 'resume', kept, reference: kept.loanReference } : { kind: 'elsewhere', kept };
    }
    if (isStartSaleState(state) && 'msisdn' in state) {
        // A new number starts a new sale: what was kept before a loan existed was for someone else.
        loanStore.clear();
        return { kind: 'ready', step: 'customer', draft: { ...emptyDraft(keptType()), msisdn: state.msisdn } };
    }
    const fromCustomer = isStartSaleState(state) ? customerStore.read(entry.variant) : null;
    if (fromCustomer) {
        loanStore.clear();
        const { customer } = fromCustomer;
        customerStore.setSelectedType(customer.customer_type);
        return { kind: 'ready', step: 'customer', draft: { ...emptyDraft(customer.customer_type), msisdn: customer.msisdn } };
    }
    if (!kept || kept.entry !== entry.key) {
        if (kept) loanStore.clear();
        return { kind: 'ready', step: 'customer', draft: emptyDraft(keptType()) };
    }
    const hint = kept.step ? stepIndex(kept.step) : 0;
    const draft = { ...emptyDraft(kept.customer?.customer_type ?? keptType()), msisdn: kept.msisdn ?? '' };
    if (kept.customer && hint >= stepIndex('phone')) {
        return { kind: 'ready', step: 'phone', draft: { ...draft, customer: kept.customer, phone: kept.phone } };
    }
    if (kept.msisdn && hint >= stepIndex('documents')) {
        // The documents already sent stay sent: with all of them, the sale goes on at the identity.
        const withDocuments = { ...draft, ...keptDocuments(kept.documents) };
        const sent = new Set(kept.documents.map(image => image.kind));
        const needed: readonly KycImageKind[] = entry.liveness ? [...REQUIRED_KYC_IMAGES, 'liveness'] : REQUIRED_KYC_IMAGES;
        const allSent = needed.every(kind => sent.has(kind));
        return { kind: 'ready', step: allSent && hint >= stepIndex('identity') ? 'identity' : 'documents', draft: withDocuments };
    }
    return { kind: 'ready', step: 'customer', draft };
};

/** Documents kept for the sale, as sent captures (without a thumbnail: the file itself is not kept), and what OCR read. */
const keptDocuments = (documents: readonly KeptDocument[]): Pick<Draft, 'captures' | 'ocr'> => ({
    captures: Object.fromEntries(
        documents.map(image => [
            image.kind,
            { status: 'done', fileName: '', preview: null, progress: 1, image, error: null, file: null } satisfies Capture,
        ]),
    ),
    ocr: documents.find(image => image.kind === 'id_front')?.ocr ?? null,
});

/** The steps, across on a desk; on a phone (≤ 600 px) one line that says which step of how many. */
const Progress = ({ step }: { step: Step }) => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const active = stepIndex(step);
    const done = step === 'done';
    if (phone)
        return (
            <Box>
                <Typography variant="subtitle2" component="p">
                    {translate('loans.wizard.step_of', {
                        number: active + 1,
                        count: STEPS.length,
                        name: translate(`loans.wizard.steps.${step}`),
                    })}
                </Typography>
                <LinearProgress
                    variant="determinate"
                    value={((active + (done ? 1 : 0)) / STEPS.length) * 100}
                    aria-label={translate('loans.wizard.progress')}
                    sx={{ mt: 0.5 }}
                />
            </Box>
        );
    return (
        <Stepper activeStep={done ? STEPS.length : active} alternativeLabel aria-label={translate('loans.wizard.progress')}>
            {STEPS.map(each => (
                <StepItem key={each} completed={done || stepIndex(each) < active}>
                    <StepLabel>{translate(`loans.wizard.steps.${each}`)}</StepLabel>
                </StepItem>
            ))}
        </Stepper>
    );
};

/** The seller's sale in progress was started through another entry: it is finished (or cancelled) there. */
const Elsewhere = ({ kept }: { kept: KeptSale }) => {
    const translate = useTranslate();
    const other = ENTRIES[kept.entry];
    return (
        <Alert
            severity="info"
            action={
                <Button component={Link} to={absolute(other.path)} color="inherit" size="small">
                    {translate('loans.wizard.resume.continue')}
                </Button>
            }
        >
            {translate('loans.wizard.resume.elsewhere', { entry: translate(other.title), reference: kept.loanReference ?? '' })}
        </Alert>
    );
};

/** The running wizard: the step on screen, the draft, moving on, cancelling. */
const Running = ({ entry, start, note }: { entry: Entry; start: { draft: Draft; step: Step }; note: string | null }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const [draft, setDraft] = useState(start.draft);
    const [step, setStep] = useState<Step>(start.step);
    const [cancelling, setCancelling] = useState(false);
    const [message, setMessage] = useState(note);
    const stepRef = useRef<HTMLDivElement>(null);
    const moved = useRef(false);
    const needsStore = entry.store === 'when_no_shop' && !session.user()?.shop;

    useEffect(() => {
        if (step !== 'done') loanStore.setStep(entry.key, step);
        // The focus follows the step (not on opening): a keyboard or screen-reader user is where the new step starts.
        if (moved.current) stepRef.current?.focus();
    }, [entry.key, step]);

    const update = useCallback<WizardApi['update']>(
        change => setDraft(current => ({ ...current, ...(typeof change === 'function' ? change(current) : change) })),
        [],
    );
    const go = useCallback((next: Step) => {
        moved.current = true;
        setMessage(null);
        setStep(next);
    }, []);
    const startAnother = useCallback(() => {
        loanStore.clear();
        moved.current = true;
        setDraft(emptyDraft('normal'));
        setStep('customer');
    }, []);

    const cancelled = (loan: { msisdn: string } | null) => {
        loanStore.clear();
        setCancelling(false);
        if (loan) void queryClient.invalidateQueries({ queryKey: customerKey(loan.msisdn) });
        notify(loan ? 'loans.actions.cancel.done' : 'loans.wizard.cancel.cleared', { type: 'info' });
        moved.current = true;
        setDraft(emptyDraft('normal'));
        setStep('customer');
    };

    const api = useMemo<WizardApi>(
        () => ({ entry, step, draft, update, go, askCancel: () => setCancelling(true), needsStore, startAnother }),
        [entry, step, draft, update, go, needsStore, startAnother],
    );
    const View = STEP_VIEWS[step];
    return (
        <WizardProvider value={api}>
            <Progress step={step} />
            {message ? (
                <Alert severity="info" onClose={() => setMessage(null)}>
                    {translate(message, { hours: DRAFT_RESERVATION_HOURS })}
                </Alert>
            ) : null}
            {/* Visible overflow: the step's action bar sticks to the bottom of the screen, not of the card. */}
            <Card sx={{ overflow: 'visible' }}>
                <CardContent
                    ref={stepRef}
                    tabIndex={-1}
                    aria-label={translate(`loans.wizard.steps.${step}`)}
                    sx={{ outline: 'none', pb: 0, '&:last-child': { pb: 0 } }}
                >
                    <View />
                </CardContent>
            </Card>
            <CancelSaleDialog open={cancelling} loan={draft.loan} onClose={() => setCancelling(false)} onCancelled={cancelled} />
        </WizardProvider>
    );
};

type Progress = CallResponse<typeof loanProgress>;

/** The device a loan is on, as the IMEI check answered it before the loan existed. */
const deviceOf = (loan: Loan): Draft['device'] =>
    loan.store ? { imei: loan.imei, sku: loan.sku, brand: loan.brand, model: loan.model, store: loan.store } : null;

/**
 * A code loan_progress says was sent: shown as sent (to where, until when) or as expired, its resend
 * waiting out the cooldown from when the server sent it.
 */
const sentOf = (progress: Progress, kind: CodeKind): CodeSent | null => {
    const code = progress.codes[kind];
    if (!code) return null;
    return {
        loan_reference: progress.loan.loan_reference,
        sent_to: code.sent_to,
        expires_at: code.expires_at,
        at: Date.parse(code.sent_at),
        expired: code.expired,
    };
};

/**
 * Where a kept loan resumes, from loan_progress's answer: its step, or a new sale when it was
 * cancelled, or is gone or not this seller's to finish. Null while the answer is awaited (or it
 * failed otherwise: the failure is shown with a Retry).
 */
const resumedFrom = (
    kept: KeptSale,
    progress: Progress | undefined,
    error: unknown,
): { draft: Draft; step: Step; note: string } | null => {
    if (progress) {
        const { loan, customer, step } = progress;
        if (step === 'cancelled') {
            // Cancelled by the server when its reservation ran out, or by someone: the note says which.
            const note =
                loan.cancellation_reason === 'reservation_expired'
                    ? 'loans.wizard.resume.expired'
                    : 'loans.wizard.resume.cancelled';
            return { draft: emptyDraft(keptType()), step: 'customer', note };
        }
        return {
            step: STEP_OF_PROGRESS[step],
            note: 'loans.wizard.resume.resumed',
            draft: {
                ...emptyDraft(customer.customer_type),
                msisdn: customer.msisdn,
                customer,
                phone: kept.phone?.sku === loan.sku ? kept.phone : null,
                device: deviceOf(loan),
                loan,
                verified: { customer: progress.customer_otp_verified, agent: progress.agent_otp_verified },
                sent: { customer: sentOf(progress, 'customer'), agent: sentOf(progress, 'agent') },
            },
        };
    }
    const key = error ? errorKeyOf(error) : undefined;
    if (key === 'errors.loan_not_found' || key === 'errors.forbidden' || key === 'errors.customer_not_found') {
        return { draft: emptyDraft(keptType()), step: 'customer', note: 'loans.wizard.resume.lost' };
    }
    return null;
};

/** A kept loan: ask the server where it stands, then run from there. */
const Resume = ({ entry, kept, reference }: { entry: Entry; kept: KeptSale; reference: string }) => {
    const translate = useTranslate();
    const progress = useQuery({
        queryKey: ['add-loan', 'progress', reference],
        queryFn: ({ signal }) => callApi(loanProgress, { body: { loan_reference: reference } }, { signal }),
        staleTime: Infinity,
        gcTime: 0,
    });
    const start = useMemo(() => resumedFrom(kept, progress.data, progress.error), [kept, progress.data, progress.error]);

    // Nothing left to resume: the kept sale is forgotten.
    useEffect(() => {
        if (start && start.note !== 'loans.wizard.resume.resumed') loanStore.clear();
    }, [start]);

    if (start) return <Running entry={entry} start={start} note={start.note} />;
    if (progress.error) return <LoadError error={progress.error} onRetry={() => void progress.refetch()} />;
    return (
        <Stack spacing={1} role="status">
            <Typography color="text.secondary">{translate('loans.wizard.resume.loading')}</Typography>
            <Skeleton variant="rounded" height={240} />
        </Stack>
    );
};

const Wizard = ({ entry }: { entry: Entry }) => {
    const translate = useTranslate();
    const location = useLocation();
    const navigate = useNavigate();
    const [start] = useState(() => startOf(entry, location.state));

    // The link's "start with this customer" is used once: a reload resumes what is kept instead.
    useEffect(() => {
        if (isStartSaleState(location.state)) void navigate(location.pathname, { replace: true, state: null });
    }, [location.pathname, location.state, navigate]);

    return (
        <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, maxWidth: 1040 }}>
            <Title title={translate(entry.title)} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <PointOfSaleIcon color="primary" aria-hidden />
                <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
                    {translate(entry.title)}
                </Typography>
            </Stack>
            {start.kind === 'resume' ? <Resume entry={entry} kept={start.kept} reference={start.reference} /> : null}
            {start.kind === 'elsewhere' ? <Elsewhere kept={start.kept} /> : null}
            {start.kind === 'ready' ? <Running entry={entry} start={start} note={null} /> : null}
        </Box>
    );
};

/** One of the five add-loan routes (lib/saleEntries.ts), open to the holders of its gate (calls.ts). */
export const AddLoan = ({ entry }: { entry: EntryKey }) => (
    <CanAccess resource={ADD_LOAN_RESOURCE} action={entry} accessDenied={<AccessDenied />} loading={<PageLoading />}>
        <Wizard key={entry} entry={ENTRIES[entry]} />
    </CanAccess>
);
