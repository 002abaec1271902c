/**
 * What the add-loan wizard's steps share (AddLoan.tsx holds it): the entry it was opened from,
 * the sale's draft (everything typed and answered so far, kept while the user goes back and
 * forth, so nothing typed is lost), moving between steps, and the sticky bar of actions every
 * step ends with.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';
import type { Customer, Loan } from '../../../contract/customers';
import type { CallResponse } from '../../../contract/define';
import type { OcrFields, uploadImage } from '../../../contract/kyc';
import type { generateCustomerOtp, imeiValidationCheck } from '../../../contract/origination';
import type { CustomerType } from '../../lib/customerStore';
import { cancellableAt, type Entry, type Step } from '../../lib/saleEntries';
import type { QualifiedPhone } from '../../lib/loanStore';

export type KycImage = CallResponse<typeof uploadImage>;

/**
 * One document or capture (DocumentsStep.tsx): chosen, sending with its progress, sent, refused, or
 * (offline) kept on the phone to be sent with the customer's KYC (lib/kycQueue.ts).
 */
export interface Capture {
    status: 'uploading' | 'done' | 'failed' | 'kept';
    fileName: string;
    /** An object URL of the chosen file, for its thumbnail; null where the browser makes none. */
    preview: string | null;
    /** 0 to 1. */
    progress: number;
    image: KycImage | null;
    /** Translation key of why it failed. */
    error: string | null;
    /** Values the key's sentence names (when the next photo may be sent). */
    errorValues?: Record<string, string>;
    /** Kept in memory for "Try again" (never stored). */
    file: File | null;
    /** The photo kept on the phone, encrypted (lib/photoStore.ts), while `kept`. */
    photo?: string | null;
}

/**
 * A code sent for the sale: where to and until when, `at` when it was sent (by this browser's clock,
 * for the resend's cooldown), and `expired` when loan_progress said it no longer works.
 */
export type CodeSent = CallResponse<typeof generateCustomerOtp> & { at: number; expired?: boolean };
export type CodeKind = 'customer' | 'agent';

/** The identity step's form (IdentityStep.tsx); the names are kyc-details' so a 400 lands on its field. */
export interface IdentityValues {
    first_name: string;
    last_name: string;
    id_type: 'national_id' | 'passport';
    id_number: string;
    date_of_birth: string;
    gender: string;
    email: string;
    alternate_msisdn: string;
    address: {
        unit_house_number: string;
        street: string;
        suburb: string;
        town: string;
        province: string;
        postal_code: string;
    };
    business: {
        business_name: string;
        employee_count: string;
        industry_vertical: string;
        turnover_band: string;
        address: { street: string; town: string };
    };
}

export interface Draft {
    customerType: CustomerType;
    msisdn: string;
    /** customer/login/check's answer for `msisdn`: a customer the seller sees, or one they do not (`known`). */
    lookup: { known: boolean; existing: Customer | null } | null;
    captures: Partial<Record<KycImage['kind'], Capture>>;
    /** What OCR read from the front of the ID. */
    ocr: OcrFields | null;
    identity: IdentityValues | null;
    /** The customer registered by kyc-details, or found with their KYC on file. */
    customer: Customer | null;
    phone: QualifiedPhone | null;
    storeId: number | null;
    device: CallResponse<typeof imeiValidationCheck> | null;
    loan: Loan | null;
    verified: Record<CodeKind, boolean>;
    sent: Record<CodeKind, CodeSent | null>;
}

export const emptyDraft = (customerType: CustomerType): Draft => ({
    customerType,
    msisdn: '',
    lookup: null,
    captures: {},
    ocr: null,
    identity: null,
    customer: null,
    phone: null,
    storeId: null,
    device: null,
    loan: null,
    verified: { customer: false, agent: false },
    sent: { customer: null, agent: null },
});

export interface WizardApi {
    entry: Entry;
    step: Step;
    draft: Draft;
    update: (change: Partial<Draft> | ((draft: Draft) => Partial<Draft>)) => void;
    go: (step: Step) => void;
    /** Opens the "Cancel sale" dialog. */
    askCancel: () => void;
    /** The seller has no shop: they name the store the phone comes from. */
    needsStore: boolean;
    /** The sale is over: forget it and start another one. */
    startAnother: () => void;
}

const WizardContext = createContext<WizardApi | null>(null);

export const WizardProvider = ({ value, children }: { value: WizardApi; children: ReactNode }) => (
    <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
);

export const useWizard = (): WizardApi => {
    const wizard = useContext(WizardContext);
    if (!wizard) throw new Error('useWizard needs the add-loan wizard above it (AddLoan.tsx)');
    return wizard;
};

/** A step's heading and what it is for. */
export const StepHeading = ({ title, intro }: { title: string; intro?: string }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography component="h2" variant="h6">
                {translate(title)}
            </Typography>
            {intro ? <Typography color="text.secondary">{translate(intro)}</Typography> : null}
        </Box>
    );
};

/** Why the step's action failed (offline, refused…): stays above the actions until the next try. */
export const StepProblem = ({ problem, args }: { problem: string | null; args?: Record<string, unknown> }) => {
    const translate = useTranslate();
    if (!problem) return null;
    return (
        <Alert severity="error" role="alert">
            {translate(problem, args)}
        </Alert>
    );
};

interface Primary {
    label: string;
    /** Submits the step's form unless `onClick` is given. */
    onClick?: () => void;
    busy?: boolean;
    disabled?: boolean;
}

/** At this height or below the bar is not sticky: on a short screen (a 360 × 640 phone) it would take too much of it. */
export const SHORT_SCREEN_HEIGHT = 700;

/**
 * While the step's bar sticks to the bottom of the screen, the page's scroll padding at the bottom
 * is the bar's height: whatever is scrolled into view (a field taking the focus, the keyboard's
 * Tab, a form's first error) stops above the bar instead of under it. The bar's height follows its
 * wrapping (a phone's two rows), and nothing is reserved when the bar is in the flow.
 */
const useScrollPaddingFor = (bar: RefObject<HTMLElement | null>) => {
    useLayoutEffect(() => {
        const element = bar.current;
        if (!element) return undefined;
        const root = document.documentElement;
        const apply = () => {
            root.style.scrollPaddingBottom =
                getComputedStyle(element).position === 'sticky' ? `${element.getBoundingClientRect().height}px` : '';
        };
        apply();
        const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
        observer?.observe(element);
        window.addEventListener('resize', apply);
        return () => {
            observer?.disconnect();
            window.removeEventListener('resize', apply);
            root.style.scrollPaddingBottom = '';
        };
    }, [bar]);
};

/**
 * The bar every step ends with: Back, Cancel sale (before the lock step), and the step's own
 * action. On a screen tall enough it sticks to the bottom, so the step's action is always at hand;
 * nothing of the step may end up under it (`useScrollPaddingFor`). On a short screen it stays at
 * the end of the step.
 */
export const StepActions = ({
    back,
    onBack,
    primary,
    extra,
}: {
    back?: Step;
    onBack?: () => void;
    primary?: Primary;
    extra?: ReactNode;
}) => {
    const translate = useTranslate();
    const { step, go, askCancel } = useWizard();
    const bar = useRef<HTMLDivElement>(null);
    useScrollPaddingFor(bar);
    return (
        <Stack
            ref={bar}
            direction="row"
            data-step-actions
            sx={{
                position: 'sticky',
                [`@media (max-height: ${SHORT_SCREEN_HEIGHT}px)`]: { position: 'static' },
                bottom: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                borderTop: 1,
                borderColor: 'divider',
                py: 1.5,
                mt: 1,
                gap: 1,
                flexWrap: 'wrap',
                alignItems: 'center',
            }}
        >
            {back ? (
                <Button
                    startIcon={<ArrowBackIcon />}
                    onClick={() => {
                        onBack?.();
                        go(back);
                    }}
                    disabled={primary?.busy}
                >
                    {translate('loans.wizard.back')}
                </Button>
            ) : null}
            {cancellableAt(step) ? (
                <Button color="error" startIcon={<CancelIcon />} onClick={askCancel} disabled={primary?.busy}>
                    {translate('loans.wizard.cancel.button')}
                </Button>
            ) : null}
            <Box sx={{ flexGrow: 1 }} />
            {extra}
            {primary ? (
                <Button
                    type={primary.onClick ? 'button' : 'submit'}
                    variant="contained"
                    onClick={primary.onClick}
                    disabled={primary.busy || primary.disabled}
                    endIcon={primary.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <ArrowForwardIcon />}
                >
                    {translate(primary.label)}
                </Button>
            ) : null}
        </Stack>
    );
};

/**
 * The actions of a step that is a react-admin form: its action submits it, busy while it runs;
 * Back first hands what was typed to `keep`, so it is there again on coming back.
 */
export const FormActions = ({
    back,
    label,
    extra,
    keep,
    disabled,
}: {
    back?: Step;
    label: string;
    extra?: ReactNode;
    keep?: (values: FieldValues) => void;
    /** The primary action cannot be taken yet (e.g. no quote to accept). */
    disabled?: boolean;
}) => {
    const { isSubmitting } = useFormState();
    const { getValues } = useFormContext();
    return (
        <StepActions
            back={back}
            onBack={keep ? () => keep(getValues()) : undefined}
            primary={{ label, busy: isSubmitting, disabled }}
            extra={extra}
        />
    );
};
