import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SearchIcon from '@mui/icons-material/Search';
import {
    Alert,
    Box,
    Button,
    Chip,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    FormControlLabel,
    Radio,
    RadioGroup,
    Stack,
    TextField,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { LoanCandidate, SuspenseItem } from '../../../contract/money';
import { useWrite } from '../../dataProvider/useWrite';
import { errorKeyOf } from '../../lib/apiErrors';
import { useSingleFlight } from '../../lib/singleFlight';
import { Mono } from '../../lists/cells';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { useFormat } from '../../lib/useFormat';
import { Fact, Facts, NOTE_MAX } from './present';
import { candidatesKey, fetchCandidates } from './suspenseApi';

/** The payment being assigned: what it is, where it came from, and why it matched no loan. */
const Payment = ({ item }: { item: SuspenseItem }) => {
    const translate = useTranslate();
    const format = useFormat();
    const label = (field: string) => translate(`money.suspense.fields.${field}`);
    return (
        <Facts>
            <Fact label={label('reference')}>
                <Mono>{item.reference}</Mono>
            </Fact>
            <Fact label={label('amount')}>{format.money(item.amount, item.currency)}</Fact>
            <Fact label={label('paid_at')}>{format.time(item.paid_at)}</Fact>
            <Fact label={label('msisdn')}>
                <Mono>{item.msisdn}</Mono>
            </Fact>
            <Fact label={label('account')}>{item.account ? <Mono>{item.account}</Mono> : '—'}</Fact>
            <Fact label={label('reason')}>
                {item.suspense_reason ? translate(`money.suspense.reasons.${item.suspense_reason}`) : '—'}
            </Fact>
        </Facts>
    );
};

/** One loan to choose: its reference, whose it is, its balance and instalment, why it is offered, and whether it can take the payment. */
const CandidateLabel = ({ candidate }: { candidate: LoanCandidate }) => {
    const translate = useTranslate();
    const format = useFormat();
    return (
        <Box sx={{ py: 0.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
                    <Mono>{candidate.loan_reference}</Mono> · {candidate.customer_name}
                </Typography>
                <Chip size="small" variant="outlined" label={translate(`money.suspense.match.${candidate.match}`)} />
            </Box>
            <Typography variant="caption" color="text.secondary" component="div">
                <Mono>{candidate.msisdn}</Mono> · {translate(`loans.statuses.${candidate.status}`, { _: candidate.status })}
            </Typography>
            <Typography variant="body2" component="div">
                {translate('money.suspense.balance_and_instalment', {
                    balance: format.money(candidate.balance, candidate.currency),
                    instalment: format.money(candidate.instalment, candidate.currency),
                })}
            </Typography>
            {candidate.assignable ? null : (
                <Typography variant="caption" color="text.secondary" component="div">
                    {translate('money.suspense.not_assignable')}
                </Typography>
            )}
        </Box>
    );
};

interface SuspenseCorrectDialogProps {
    open: boolean;
    item: SuspenseItem;
    onClose: () => void;
    /** Assigned: the dialog closes and the lists are fetched again. */
    onDone: () => void;
    onExited?: () => void;
}

/**
 * Assign a suspense payment to its loan (spec §2 "Suspense transactions"): the payment, the loans
 * suggested for it with why (the account it names, the payer's number), a search that asks the
 * server again, each loan's balance; only a loan that can take it now may be chosen. Then a
 * confirmation names the loan with its balance before and after, and only that sends
 * `correct_wrong_account_transactions`. A refusal (the balance is lower now, the loan takes no
 * payments, someone assigned it meanwhile) shows in the dialog, translated, and the choice stays.
 * Full screen on a phone.
 */
export const SuspenseCorrectDialog = ({ open, item, onClose, onDone, onExited }: SuspenseCorrectDialogProps) => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const titleId = useId();
    const searchId = useId();
    const [search, setSearch] = useState('');
    const [q, setQ] = useState('');
    const [chosenReference, setChosenReference] = useState<string | null>(null);
    /** The loan as it was when chosen: the confirmation shows it even if a new search leaves it out. */
    const [chosen, setChosen] = useState<LoanCandidate | null>(null);
    const [step, setStep] = useState<'choose' | 'confirm'>('choose');
    const [note, setNote] = useState('');
    const chosenRadio = useRef<HTMLInputElement>(null);
    const cancelButton = useRef<HTMLButtonElement>(null);

    const candidates = useQuery({
        queryKey: candidatesKey(item.id, q),
        queryFn: ({ signal }) => fetchCandidates(item.id, q, signal),
        enabled: open,
    });
    const list = candidates.data?.candidates ?? [];
    // The confirmation reads the loan as the server last said (a balance may have moved since the choice).
    const current = list.find(candidate => candidate.loan_reference === chosenReference) ?? chosen;
    const payment = candidates.data?.transaction ?? item;

    // One request from one confirm, however fast the clicks (lib/singleFlight.ts).
    const flight = useSingleFlight();
    // The write refreshes the queue, the payments and the customer view (writes.ts), and this
    // lookup with the queue: after a refusal the loans are asked again (a balance may have moved).
    const assign = useWrite('suspenseAssign', {
        onSuccess: ({ loan }) => {
            notify('money.suspense.assigned', {
                type: 'success',
                messageArgs: {
                    reference: item.reference,
                    loan: loan.loan_reference,
                    balance: format.money(loan.balance, item.currency),
                },
            });
            onDone();
        },
    });

    // On the confirmation Cancel has the focus, so Enter straight away assigns nothing; back on the
    // list, the loan chosen has it.
    useEffect(() => {
        if (step === 'confirm') cancelButton.current?.focus();
        else if (chosenReference) chosenRadio.current?.focus();
        // Only when the step changes: choosing another loan leaves the focus where it is.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [step]);

    const submitSearch = (event: FormEvent) => {
        event.preventDefault();
        setQ(search.trim());
    };
    const choose = (reference: string) => {
        setChosenReference(reference);
        setChosen(list.find(candidate => candidate.loan_reference === reference) ?? null);
        assign.reset();
    };
    const next = () => {
        if (current?.assignable) setStep('confirm');
    };
    const confirm = () => {
        if (!current || note.trim().length > NOTE_MAX) return;
        const land = flight.take();
        if (land) assign.mutate({ transactionId: item.id, loanReference: current.loan_reference, note }, { onSettled: land });
    };
    const busy = assign.isPending || flight.busy;

    return (
        <Dialog
            open={open}
            onClose={busy ? undefined : onClose}
            aria-labelledby={titleId}
            fullScreen={phone}
            fullWidth
            maxWidth="sm"
            slotProps={{ transition: { onExited } }}
        >
            <DialogTitle id={titleId}>{translate('money.suspense.assign_title', { reference: item.reference })}</DialogTitle>
            <DialogContent>
                <Stack spacing={2}>
                    <Payment item={payment} />
                    {step === 'choose' ? (
                        <>
                            <Box
                                component="form"
                                role="search"
                                onSubmit={submitSearch}
                                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
                            >
                                <TextField
                                    id={searchId}
                                    label={translate('money.suspense.search_loans')}
                                    helperText={translate('money.suspense.search_loans_help')}
                                    value={search}
                                    onChange={event => setSearch(event.target.value)}
                                    size="small"
                                    fullWidth
                                    slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
                                />
                                <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
                                    {translate('ra.action.search')}
                                </Button>
                            </Box>
                            {candidates.isError ? (
                                <LoadError error={candidates.error} onRetry={() => void candidates.refetch()} />
                            ) : candidates.isPending ? (
                                <LoadingRows rows={3} />
                            ) : list.length === 0 ? (
                                <ListEmptyText message="money.suspense.no_loans" />
                            ) : (
                                <RadioGroup
                                    aria-label={translate('money.suspense.loans')}
                                    value={chosenReference ?? ''}
                                    onChange={event => choose(event.target.value)}
                                >
                                    {list.map(candidate => (
                                        <FormControlLabel
                                            key={candidate.loan_reference}
                                            value={candidate.loan_reference}
                                            disabled={!candidate.assignable}
                                            control={
                                                <Radio
                                                    slotProps={{
                                                        input: {
                                                            ref:
                                                                candidate.loan_reference === chosenReference
                                                                    ? chosenRadio
                                                                    : undefined,
                                                        },
                                                    }}
                                                />
                                            }
                                            label={<CandidateLabel candidate={candidate} />}
                                            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.5 } }}
                                        />
                                    ))}
                                </RadioGroup>
                            )}
                        </>
                    ) : current ? (
                        <>
                            <DialogContentText>
                                {translate('money.suspense.confirm_content', {
                                    reference: item.reference,
                                    amount: format.money(item.amount, item.currency),
                                    loan: current.loan_reference,
                                    name: current.customer_name,
                                })}
                            </DialogContentText>
                            <Typography variant="body1" aria-live="polite">
                                {translate('money.suspense.balance_change', {
                                    before: format.money(current.balance, current.currency),
                                    after: format.money(Math.max(current.balance - item.amount, 0), current.currency),
                                })}
                            </Typography>
                            <TextField
                                label={translate('money.suspense.note')}
                                helperText={translate('money.suspense.note_help')}
                                value={note}
                                onChange={event => setNote(event.target.value)}
                                disabled={busy}
                                fullWidth
                                multiline
                                minRows={2}
                                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                            />
                        </>
                    ) : null}
                    {assign.error ? (
                        <Alert severity="error" role="alert">
                            {translate(errorKeyOf(assign.error))}
                        </Alert>
                    ) : null}
                </Stack>
            </DialogContent>
            <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                {step === 'confirm' ? (
                    <Button
                        key="back"
                        onClick={() => setStep('choose')}
                        disabled={busy}
                        startIcon={<ArrowBackIcon />}
                        sx={{ mr: 'auto' }}
                    >
                        {translate('money.suspense.back')}
                    </Button>
                ) : null}
                <Button key="cancel" ref={cancelButton} onClick={onClose} disabled={busy}>
                    {translate('ra.action.cancel')}
                </Button>
                {step === 'choose' ? (
                    <Button
                        key="next"
                        variant="contained"
                        onClick={next}
                        disabled={!current?.assignable}
                        endIcon={<ArrowForwardIcon />}
                    >
                        {translate('money.suspense.next')}
                    </Button>
                ) : (
                    <Button
                        key="assign"
                        variant="contained"
                        onClick={confirm}
                        disabled={busy || !current}
                        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleIcon />}
                    >
                        {translate('money.suspense.assign')}
                    </Button>
                )}
            </DialogActions>
        </Dialog>
    );
};
