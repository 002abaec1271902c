import { Alert, Card, CardContent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DRAFT_RESERVATION_HOURS } from '../../../contract/origination';
import { customerKey } from '../../lib/customerQuery';
import { loanStore } from '../../lib/loanStore';
import type { Entry, Step } from '../../lib/saleEntries';
import { session } from '../../lib/session';
import { CancelSaleDialog } from './CancelSaleDialog';
import { CustomerStep } from './steps/CustomerStep';
import { DepositStep } from './steps/DepositStep';
import { DocumentsStep } from './steps/DocumentsStep';
import { DoneStep } from './steps/DoneStep';
import { IdentityStep } from './steps/IdentityStep';
import { LockStep } from './steps/LockStep';
import { PhoneStep } from './steps/PhoneStep';
import { TermsStep } from './steps/TermsStep';
import { emptyDraft, WizardProvider, type Draft, type WizardApi } from './wizard';
import { WizardProgress } from './WizardProgress';

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

/** The running wizard: the step on screen, the draft, moving on, cancelling. */
export const Running = ({ entry, start, note }: { entry: Entry; start: { draft: Draft; step: Step }; note: string | null }) => {
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
            <WizardProgress step={step} />
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
