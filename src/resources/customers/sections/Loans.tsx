import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess, useTranslate } from 'react-admin';
import type { DeviceLock } from '../../../../contract/devices';
import { customerLoans, type ApprovalRequest, type Loan } from '../../../../contract/loans';
import { useCustomerQuery } from '../api';
import { CancelSale } from '../actions/CancelSale';
import { ConfirmActivation, LockCommand, OfflinePin, ReleaseDevice, VivoAuthorisation } from '../actions/DeviceActions';
import { LoanRequest } from '../actions/LoanRequests';
import { useFormat } from '../format';
import { LoanDetails } from './LoanDetails';
import { Fact, Facts, Loaded, Section } from './Section';
import { StatusChip, type Tone } from './StatusChip';

/** While a device command waits for its provider, the loans are asked for again this often. */
export const DEVICE_POLL_MS = 2000;

const STATUS_TONES: Partial<Record<Loan['status'], Tone>> = {
    active: 'info',
    completed: 'success',
    awaiting_deposit: 'warning',
    awaiting_lock: 'warning',
};

/** A device as its provider last confirmed it, and the command still waiting, if any. */
const locked = (device: DeviceLock) =>
    device.state === 'locked' || (device.state === 'failed' && device.confirmed_state === 'locked');
const unlocked = (device: DeviceLock) =>
    device.state === 'active' || (device.state === 'failed' && device.confirmed_state === 'active');

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
                        command: format.words('devices.commands', device.requested_state),
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

/** Each action shows to the holders of its role, and only when the loan's state allows it. */
const LoanActions = ({ msisdn, loan }: { msisdn: string; loan: Loan }) => {
    const { device } = loan;
    const active = loan.status === 'active';
    const idle = device !== null && device.requested_state === null;
    const gate = (action: string, shown: boolean, element: ReactNode) =>
        shown ? (
            <CanAccess resource="customer-loans" action={action}>
                {element}
            </CanAccess>
        ) : null;
    return (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {gate('lock', active && idle && unlocked(device), <LockCommand msisdn={msisdn} loan={loan} command="lock" />)}
            {gate('lock', active && idle && locked(device), <LockCommand msisdn={msisdn} loan={loan} command="unlock" />)}
            {gate('offline_pin', active && idle && locked(device), <OfflinePin msisdn={msisdn} loan={loan} />)}
            {gate(
                'vivo',
                loan.status === 'awaiting_lock' && loan.lock_solution === 'vivo' && device !== null && !device.vivo_authorized,
                <VivoAuthorisation msisdn={msisdn} loan={loan} />,
            )}
            {gate(
                'activate',
                loan.status === 'awaiting_lock' && idle && (loan.lock_solution !== 'vivo' || device.vivo_authorized),
                <ConfirmActivation msisdn={msisdn} loan={loan} />,
            )}
            {gate(
                'release',
                (active || loan.status === 'completed') && loan.balance <= 0 && idle && (locked(device) || unlocked(device)),
                <ReleaseDevice msisdn={msisdn} loan={loan} />,
            )}
            {gate('deactivate', active, <LoanRequest msisdn={msisdn} loan={loan} kind="deactivate" />)}
            {gate('imei_change', active && device !== null, <LoanRequest msisdn={msisdn} loan={loan} kind="imei_change" />)}
            {gate('transfer', active, <LoanRequest msisdn={msisdn} loan={loan} kind="transfer" />)}
            {gate(
                'cancel',
                loan.status === 'draft' || loan.status === 'awaiting_deposit',
                <CancelSale msisdn={msisdn} loan={loan} />,
            )}
        </Stack>
    );
};

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

const LoanCard = ({ msisdn, loan, requests }: { msisdn: string; loan: Loan; requests: readonly ApprovalRequest[] }) => {
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
                    <Facts min={120}>
                        <Fact label="loans.balance">{money(loan.balance)}</Fact>
                        <Fact label="loans.paid">{money(loan.amount_paid)}</Fact>
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
                    {loan.device ? (
                        <DeviceState loan={loan} device={loan.device} />
                    ) : (
                        <Typography variant="body2" color="text.secondary">
                            {translate('devices.no_device')}
                        </Typography>
                    )}
                    <PendingRequests requests={requests} />
                    <LoanActions msisdn={msisdn} loan={loan} />
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
 * The customer's loans with their balances and device state. While a device command waits for its
 * lock provider, the loans are asked for again every DEVICE_POLL_MS, so "requested" turns into the
 * confirmed state (or the failure) on its own.
 */
export const Loans = ({ msisdn }: { msisdn: string }) => {
    const query = useCustomerQuery(
        msisdn,
        ['loans'],
        customerLoans,
        { body: { msisdn } },
        {
            refetchInterval: current =>
                current.state.data?.data.some(loan => loan.device?.requested_state) ? DEVICE_POLL_MS : false,
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
                                />
                            ))}
                        </Stack>
                    );
                }}
            </Loaded>
        </Section>
    );
};
