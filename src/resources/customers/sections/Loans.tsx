import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeviceLock, DeviceState as DeviceStateName } from '../../../../contract/devices';
import type { ApprovalRequest } from '../../../../contract/approvals';
import { customerLoans, type Loan, type ScheduledLoan } from '../../../../contract/customers';
import { DRAFT_RESERVATION_HOURS } from '../../../../contract/origination';
import { ContinueSale } from '../../../parts/ContinueSale';
import type { VariantKey } from '../../../lib/customerVariants';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { locked } from '../actions/DeviceActions';
import { LoanActions } from '../actions/LoanActions';
import { useFormat } from '../../../lib/useFormat';
import { LoanDetails } from './LoanDetails';
import { arrearsLockCleared, LoanStanding } from './Schedule';
import { Fact, Facts, Loaded, Section } from '../../../parts/Section';
import { StatusChip, type Tone } from '../../../lists/StatusChip';

/** While a device command waits for its provider, the loans are asked for again this often. */
export const DEVICE_POLL_MS = 2000;

const STATUS_TONES: Partial<Record<Loan['status'], Tone>> = {
    active: 'info',
    completed: 'success',
    awaiting_deposit: 'warning',
    awaiting_lock: 'warning',
};

const HOUR_MS = 60 * 60_000;

/**
 * What each state shows of the money, so none says what is not true: before the deposit nothing
 * has been paid and the balance is only the price it would start from; a cancelled sale owes
 * nothing; a paid-off loan has nothing left, so it says what was paid.
 */
const SHOWS_BALANCE: ReadonlySet<Loan['status']> = new Set(['awaiting_lock', 'active', 'deactivated']);
const SHOWS_PAID: ReadonlySet<Loan['status']> = new Set(['awaiting_lock', 'active', 'completed', 'deactivated']);

/** The command a device in flight carries out, named by the state it passes through (lifecycles.ts COMMAND_STATES). */
const IN_FLIGHT: Partial<Record<DeviceStateName, string>> = {
    activating: 'activating',
    locking: 'locking',
    unlocking: 'unlocking',
    exchanging: 'exchanging',
    completing: 'completing',
};

/** What a loan's state means for the customer, in a sentence, and its arguments; null when the figures say it all. */
export const meaningOf = (loan: Loan): { key: string; args: Record<string, string | number> } | null => {
    switch (loan.status) {
        case 'draft':
            return {
                key: 'loans.meaning.draft',
                args: {
                    created: loan.created_at,
                    until: new Date(Date.parse(loan.created_at) + DRAFT_RESERVATION_HOURS * HOUR_MS).toISOString(),
                },
            };
        case 'awaiting_deposit':
            return { key: 'loans.meaning.awaiting_deposit', args: {} };
        case 'awaiting_lock':
            return {
                key: loan.lock_solution === 'vivo' ? 'loans.meaning.awaiting_lock_vivo' : 'loans.meaning.awaiting_lock',
                args: {},
            };
        case 'completed':
            return {
                key:
                    loan.device && loan.device.state !== 'released' && loan.device.state !== 'completing'
                        ? 'loans.meaning.completed_locked'
                        : 'loans.meaning.completed',
                args: {},
            };
        case 'cancelled':
            return loan.cancellation_reason === 'reservation_expired'
                ? { key: 'loans.meaning.reservation_expired', args: { hours: DRAFT_RESERVATION_HOURS } }
                : { key: 'loans.meaning.cancelled', args: {} };
        default:
            return null;
    }
};

const Meaning = ({ loan }: { loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const meaning = meaningOf(loan);
    if (!meaning) return null;
    const { created, until, ...rest } = meaning.args;
    return (
        <Typography variant="body2" color="text.secondary">
            {translate(meaning.key, {
                ...rest,
                time: created === undefined ? '' : format.time(String(created)),
                until: until === undefined ? '' : format.time(String(until)),
                deposit: format.money(loan.deposit, loan.currency),
                solution: format.words('devices.solutions', loan.lock_solution),
            })}
        </Typography>
    );
};

/** A device as its provider last confirmed it, and the command still waiting, if any. */
const DeviceState = ({ loan, device }: { loan: Loan; device: DeviceLock }) => {
    const translate = useTranslate();
    const format = useFormat();
    return (
        <Box>
            <Facts min={120}>
                <Fact label="devices.imei">{device.imei}</Fact>
                <Fact label="devices.lock_solution">{format.words('devices.solutions', device.lock_solution)}</Fact>
                <Fact label="devices.state">
                    <StatusChip
                        label={format.words('devices.states', device.state)}
                        tone={locked(device) ? 'error' : device.state === 'failed' ? 'warning' : 'neutral'}
                    />
                </Fact>
            </Facts>
            {device.requested_state ? (
                <Alert severity="info" icon={<CircularProgress size={18} aria-hidden />} role="status" sx={{ mt: 1 }}>
                    {translate('devices.requested', {
                        command: format.words('devices.in_flight', IN_FLIGHT[device.state] ?? device.state),
                        time: format.time(device.requested_at),
                        solution: format.words('devices.solutions', device.lock_solution),
                    })}
                </Alert>
            ) : null}
            {device.state === 'failed' ? (
                <Alert severity="warning" sx={{ mt: 1 }}>
                    {translate('devices.failed', { reason: device.failure_reason ?? '' })}
                </Alert>
            ) : null}
            {loan.lock_solution === 'vivo' && !device.vivo_authorized ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('devices.vivo_unauthorised')}
                </Typography>
            ) : null}
        </Box>
    );
};

/** Continuing a sale in the wizard (for the lookup that can), then each action the loan's state offers (actions/LoanActions.tsx). */
const LoanActionsRow = ({
    msisdn,
    loan,
    requests = [],
    variant,
}: {
    msisdn: string;
    loan: Loan;
    requests?: readonly ApprovalRequest[];
    variant?: VariantKey;
}) => (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {variant ? <ContinueSale variant={variant} msisdn={msisdn} loan={loan} /> : null}
        <LoanActions msisdn={msisdn} loan={loan} requests={requests} />
    </Stack>
);

/** The requests waiting for a checker on this loan. */
const PendingRequests = ({ requests }: { requests: readonly ApprovalRequest[] }) => {
    const translate = useTranslate();
    const format = useFormat();
    if (requests.length === 0) return null;
    return (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {requests.map(request => (
                <StatusChip
                    key={request.id}
                    icon={<HourglassTopIcon />}
                    tone="warning"
                    label={translate('loans.requests.waiting', {
                        kind: format.words('loans.requests.kinds', request.kind),
                        status: format.words('loans.requests.statuses', request.status),
                    })}
                />
            ))}
        </Stack>
    );
};

const LoanCard = ({
    msisdn,
    loan,
    requests,
    variant,
}: {
    msisdn: string;
    loan: ScheduledLoan;
    requests: readonly ApprovalRequest[];
    variant?: VariantKey;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const money = (amount: number) => format.money(amount, loan.currency);
    return (
        <Card variant="outlined" component="li" aria-label={`${loan.brand} ${loan.model} ${loan.loan_reference}`}>
            <CardContent>
                <Stack spacing={1.5}>
                    <Stack
                        direction="row"
                        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
                    >
                        <Box>
                            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                                {`${loan.brand} ${loan.model}`}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                                {`${loan.loan_reference} · ${format.day(loan.created_at)}`}
                            </Typography>
                        </Box>
                        <StatusChip
                            label={format.words('loans.statuses', loan.status)}
                            tone={STATUS_TONES[loan.status] ?? 'neutral'}
                        />
                    </Stack>
                    <Meaning loan={loan} />
                    <LoanStanding loan={loan} />
                    <Facts min={120}>
                        {SHOWS_BALANCE.has(loan.status) ? <Fact label="loans.balance">{money(loan.balance)}</Fact> : null}
                        {SHOWS_PAID.has(loan.status) ? <Fact label="loans.paid">{money(loan.amount_paid)}</Fact> : null}
                        <Fact label="loans.price">{money(loan.price)}</Fact>
                        <Fact label="loans.deposit">{money(loan.deposit)}</Fact>
                        <Fact label="loans.instalment">
                            {translate('loans.instalment_value', {
                                amount: money(loan.instalment),
                                period: format.words('loans.periods', loan.instalment_period),
                                term: loan.term,
                            })}
                        </Fact>
                        <Fact label="loans.sold_by">{[loan.agent?.name, loan.store?.name].filter(Boolean).join(' · ')}</Fact>
                        {loan.cancellation_reason ? (
                            <Fact label="loans.cancellation_reason">
                                {format.words('loans.exit_reasons', loan.cancellation_reason)}
                            </Fact>
                        ) : null}
                    </Facts>
                    {loan.status === 'cancelled' ? null : loan.device ? (
                        <DeviceState loan={loan} device={loan.device} />
                    ) : (
                        <Typography variant="body2" color="text.secondary">
                            {translate('devices.no_device')}
                        </Typography>
                    )}
                    <PendingRequests requests={requests} />
                    <LoanActionsRow msisdn={msisdn} loan={loan} requests={requests} variant={variant} />
                    <LoanDetails msisdn={msisdn} loan={loan} />
                </Stack>
            </CardContent>
        </Card>
    );
};

/** The customer's pending requests by loan reference, as the loans answer carries them (so they outlive a reload). */
const byLoan = (requests: readonly ApprovalRequest[]): ReadonlyMap<string, readonly ApprovalRequest[]> => {
    const map = new Map<string, ApprovalRequest[]>();
    for (const request of requests) {
        if (request.loan_reference === null) continue;
        map.set(request.loan_reference, [...(map.get(request.loan_reference) ?? []), request]);
    }
    return map;
};

/**
 * Is a change of this loan's device on its way? A command waiting for its lock provider, or a
 * phone locked for arrears with nothing overdue any more: the lock policy's job asks for its
 * unlock within seconds of the payment (server/domain/lending/job.ts), with no one at this screen
 * asking for it.
 */
export const deviceChanging = (loan: ScheduledLoan): boolean => Boolean(loan.device?.requested_state) || arrearsLockCleared(loan);

/**
 * The customer's loans with their balances and device state. While a device's change is on its
 * way (deviceChanging), the loans are asked for again every DEVICE_POLL_MS, so "requested" turns
 * into the confirmed state (or the failure), and a paid-up phone's unlock shows, on its own.
 */
export const Loans = ({ msisdn, variant }: { msisdn: string; variant?: VariantKey }) => {
    const query = useCustomerQuery(
        msisdn,
        ['loans'],
        customerLoans,
        { body: { msisdn } },
        {
            refetchInterval: current => (current.state.data?.data.some(deviceChanging) ? DEVICE_POLL_MS : false),
        },
    );
    return (
        <Section title="loans.title">
            <Loaded query={query} empty="loans.empty" isEmpty={answer => answer.data.length === 0}>
                {answer => {
                    const pending = byLoan(answer.pending_requests);
                    return (
                        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                            {answer.data.map(loan => (
                                <LoanCard
                                    key={loan.id}
                                    msisdn={msisdn}
                                    loan={loan}
                                    requests={pending.get(loan.loan_reference) ?? []}
                                    variant={variant}
                                />
                            ))}
                        </Stack>
                    );
                }}
            </Loaded>
        </Section>
    );
};
