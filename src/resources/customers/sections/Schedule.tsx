/**
 * What the counter tells a customer about a loan (contract/lending.ts): its standing in words, why its phone
 * is locked and what payment unlocks it, and its schedule (a table, cards on a phone). All from
 * the loan's `standing` and `schedule`, which the server works out on its business day
 * (server/domain/lending/schedule.ts): the portal never decides what is overdue by its own clock.
 */
import {
    Box,
    Card,
    CardContent,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { InstalmentStatus } from '../../../../contract/lending';
import type { ScheduledLoan } from '../../../../contract/customers';
import { formatCalendarDay } from '../../../lib/format';
import { locked } from '../actions/DeviceActions';
import { useFormat } from '../../../lib/useFormat';
import { Fact, Facts } from '../../../parts/Section';
import { StatusChip, type Tone } from '../../../lists/StatusChip';

/** A sentence to translate: its key and its arguments (amounts as numbers, days as YYYY-MM-DD). */
export interface Sentence {
    key: string;
    amounts: Record<string, number>;
    days: Record<string, string>;
    count?: number;
}

/**
 * The loan's standing in a sentence: overdue (and the next due, if any), up to date with the next
 * due, not started (nothing due yet), or paid off; null for a loan without a schedule (before its
 * deposit, cancelled, deactivated), whose state says it all. An instalment due today is said to be
 * due today, not overdue.
 */
export const standingSentence = (loan: ScheduledLoan): Sentence | null => {
    const { standing, schedule } = loan;
    if (!standing) return null;
    const next = standing.next_due;
    const today = next !== null && schedule.some(row => row.due_date === next.date && row.status === 'due');
    const nextAmounts: Record<string, number> = next ? { next: next.amount } : {};
    const nextDays: Record<string, string> = next ? { date: next.date } : {};
    if (standing.amount_overdue > 0) {
        return {
            key: next ? (today ? 'loans.standing.overdue_today' : 'loans.standing.overdue') : 'loans.standing.overdue_last',
            amounts: { amount: standing.amount_overdue, ...nextAmounts },
            days: nextDays,
            count: standing.days_overdue,
        };
    }
    if (!next) return { key: 'loans.standing.paid_off', amounts: { paid: standing.paid_to_date }, days: {}, count: loan.term };
    const started = schedule.some(row => row.due_date < next.date) || standing.paid_to_date > 0;
    return {
        key: today ? 'loans.standing.up_to_date_today' : started ? 'loans.standing.up_to_date' : 'loans.standing.not_started',
        amounts: nextAmounts,
        days: nextDays,
    };
};

/**
 * Why a locked phone is locked and what unlocks it, by its `lock_reason`: locked for arrears, the
 * amount overdue, whose payment unlocks it (the lock policy's job asks for the unlock once they
 * are paid, server/domain/lending/job.ts); locked by staff, that only staff unlock it, paying alone
 * does not (the job never undoes a staff lock); an unlock asked for and not yet confirmed, or a
 * phone locked for arrears with nothing overdue any more (the job asks within seconds), that the
 * unlock is on its way. Null when the phone is not locked or the loan has no schedule.
 */
/**
 * A phone the lock policy locked for arrears, with nothing overdue any more: the job asks for its
 * unlock within seconds of the payment (server/domain/lending/job.ts), with no one asking here.
 */
export const arrearsLockCleared = (loan: ScheduledLoan): boolean =>
    locked(loan.device) && loan.device?.lock_reason === 'arrears' && loan.standing?.amount_overdue === 0;

export const lockSentence = (loan: ScheduledLoan): Sentence | null => {
    const { standing, device } = loan;
    if (!standing || !device) return null;
    const sentence = (key: string, amounts: Record<string, number> = {}): Sentence => ({
        key: `loans.standing.${key}`,
        amounts,
        days: {},
    });
    if (device.requested_state === 'active' && device.confirmed_state === 'locked') return sentence('unlock_on_its_way');
    if (!locked(device)) return null;
    if (device.lock_reason === 'staff') return sentence('locked_staff');
    if (standing.amount_overdue > 0) return sentence('locked_overdue', { amount: standing.amount_overdue });
    return sentence(arrearsLockCleared(loan) ? 'unlock_on_its_way' : 'locked_nothing_overdue');
};

const useSentence = (currency: string) => {
    const translate = useTranslate();
    const format = useFormat();
    const locale = useLocale();
    return (sentence: Sentence) =>
        translate(sentence.key, {
            ...Object.fromEntries(
                Object.entries(sentence.amounts).map(([name, amount]) => [name, format.money(amount, currency)]),
            ),
            ...Object.fromEntries(
                Object.entries(sentence.days).map(([name, day]) => [name, formatCalendarDay(day, locale, 'day_month_long')]),
            ),
            ...(sentence.count === undefined ? {} : { smart_count: sentence.count }),
        });
};

/** The standing in words, and a locked phone's reason, under the loan's heading. */
export const LoanStanding = ({ loan }: { loan: ScheduledLoan }) => {
    const say = useSentence(loan.currency);
    const standing = standingSentence(loan);
    const lock = lockSentence(loan);
    if (!standing && !lock) return null;
    const overdue = (loan.standing?.amount_overdue ?? 0) > 0;
    return (
        <Box>
            {standing ? (
                <Typography variant="body2" sx={{ fontWeight: overdue ? 600 : undefined }} data-testid="loan-standing">
                    {say(standing)}
                </Typography>
            ) : null}
            {lock ? (
                <Typography variant="body2" color="error" sx={{ fontWeight: 600 }} data-testid="loan-lock-reason">
                    {say(lock)}
                </Typography>
            ) : null}
        </Box>
    );
};

const STATUS_TONES: Record<InstalmentStatus, Tone> = {
    paid: 'success',
    part_paid: 'info',
    overdue: 'error',
    due: 'warning',
    upcoming: 'neutral',
};

/** The loan's instalments: a table on a wide screen, a card each on a phone. */
export const ScheduleTable = ({ loan }: { loan: ScheduledLoan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const money = (amount: number) => format.money(amount, loan.currency);
    const status = (value: InstalmentStatus) => (
        <StatusChip label={translate(`loans.schedule.statuses.${value}`)} tone={STATUS_TONES[value]} />
    );
    const title = translate('loans.schedule.title');
    return (
        <Box component="section" aria-label={title}>
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
                {title}
            </Typography>
            {loan.schedule.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate('loans.schedule.none')}
                </Typography>
            ) : phone ? (
                <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                    {loan.schedule.map(row => (
                        <Card
                            key={row.number}
                            component="li"
                            variant="outlined"
                            aria-label={translate('loans.schedule.instalment', { number: row.number })}
                        >
                            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                                <Stack
                                    direction="row"
                                    sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}
                                >
                                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                        {translate('loans.schedule.instalment', { number: row.number })}
                                    </Typography>
                                    {status(row.status)}
                                </Stack>
                                <Facts min={100}>
                                    <Fact label="loans.schedule.due_date">{format.day(row.due_date)}</Fact>
                                    <Fact label="loans.schedule.amount">{money(row.amount)}</Fact>
                                    <Fact label="loans.schedule.paid">{money(row.paid)}</Fact>
                                    <Fact label="loans.schedule.outstanding">{money(row.outstanding)}</Fact>
                                </Facts>
                            </CardContent>
                        </Card>
                    ))}
                </Stack>
            ) : (
                // Focusable, so a keyboard can scroll it where the table is wider than its column.
                <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={title}>
                    <Table size="small" aria-label={title}>
                        <TableHead>
                            <TableRow>
                                <TableCell>{translate('loans.schedule.number')}</TableCell>
                                <TableCell>{translate('loans.schedule.due_date')}</TableCell>
                                <TableCell align="right">{translate('loans.schedule.amount')}</TableCell>
                                <TableCell align="right">{translate('loans.schedule.paid')}</TableCell>
                                <TableCell align="right">{translate('loans.schedule.outstanding')}</TableCell>
                                <TableCell>{translate('loans.schedule.status')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {loan.schedule.map(row => (
                                <TableRow key={row.number}>
                                    <TableCell>{row.number}</TableCell>
                                    <TableCell>{format.day(row.due_date)}</TableCell>
                                    <TableCell align="right">{money(row.amount)}</TableCell>
                                    <TableCell align="right">{money(row.paid)}</TableCell>
                                    <TableCell align="right">{money(row.outstanding)}</TableCell>
                                    <TableCell>{status(row.status)}</TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </Box>
            )}
        </Box>
    );
};
