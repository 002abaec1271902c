/**
 * A sale's terms as the customer reads them (contract/origination/index.ts `quote`): the figures of the server's quote before
 * acceptance, and the same figures from the loan after it (the wizard's Summary, the customer
 * view's loan details). No wizard code here, so the customer view loads it alone.
 */
import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { INSTALMENT_PERIODS, Loan, LockSolution } from '../../contract/customers';
import { costOfCreditPercent, type Quote } from '../../contract/origination';
import { useFormat } from '../lib/useFormat';

/**
 * Every figure of a sale's terms: what the customer is quoted before accepting, and what
 * the loan keeps once they have. They add up: cash price − deposit = amount financed; deposit +
 * instalment × instalments = total payable = cash price + cost of credit.
 */
export interface Terms {
    currency: string;
    cashPrice: number;
    deposit: number;
    amountFinanced: number;
    costOfCredit: number;
    /** The cost of credit as a share of the amount financed, in percent. */
    costOfCreditPercent: number;
    instalment: number;
    instalments: number;
    period: (typeof INSTALMENT_PERIODS)[number];
    firstDueDate: string;
    /**
     * The deposit is not paid yet: the first due date is one period after the deposit day, so it
     * holds if the deposit is paid today and moves as late as the deposit (server/domain/origination/deposit.ts).
     */
    dueFromDeposit: boolean;
    totalPayable: number;
    lock: LockSolution;
}

/** The loan statuses before the deposit is paid: the first due date still follows the deposit day. */
const BEFORE_DEPOSIT: readonly string[] = ['draft', 'awaiting_deposit'];
export const beforeDeposit = (status: string): boolean => BEFORE_DEPOSIT.includes(status);

export const termsOfQuote = (quote: Quote): Terms => ({
    currency: quote.currency,
    cashPrice: quote.cash_price,
    deposit: quote.deposit,
    amountFinanced: quote.amount_financed,
    costOfCredit: quote.cost_of_credit,
    costOfCreditPercent: quote.cost_of_credit_percent,
    instalment: quote.instalment,
    instalments: quote.instalments,
    period: quote.instalment_period,
    firstDueDate: quote.first_due_date,
    dueFromDeposit: true,
    totalPayable: quote.total_payable,
    lock: quote.lock_solution,
});

/** The terms a loan keeps (contract/customers/loans.ts): the same figures the quote showed. */
export const termsOfLoan = (loan: Loan): Terms => ({
    currency: loan.currency,
    cashPrice: loan.cash_price,
    deposit: loan.deposit,
    amountFinanced: loan.amount_financed,
    costOfCredit: loan.cost_of_credit,
    costOfCreditPercent: costOfCreditPercent(loan.cost_of_credit, loan.amount_financed),
    instalment: loan.instalment,
    instalments: loan.term,
    period: loan.instalment_period,
    firstDueDate: loan.first_due_date,
    dueFromDeposit: beforeDeposit(loan.status),
    totalPayable: loan.total_payable,
    lock: loan.lock_solution,
});

/** One line of the definition list: the term on the left, its figure on the right (wrapping below on a narrow screen). */
const Line = ({
    label,
    children,
    note,
    strong = false,
}: {
    label: string;
    children: string;
    /** A word on the figure, below it. */
    note?: string;
    strong?: boolean;
}) => (
    <Box
        sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            columnGap: 2,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
        }}
    >
        <Typography
            component="dt"
            variant="body2"
            color={strong ? 'text.primary' : 'text.secondary'}
            sx={{ fontWeight: strong ? 600 : 400 }}
        >
            {label}
        </Typography>
        <Typography
            component="dd"
            variant={strong ? 'subtitle1' : 'body2'}
            sx={{ m: 0, fontWeight: strong ? 700 : 500, textAlign: 'right', marginLeft: 'auto', overflowWrap: 'anywhere' }}
        >
            {children}
        </Typography>
        {note ? (
            <Typography
                component="dd"
                variant="caption"
                color="text.secondary"
                sx={{ m: 0, flexBasis: '100%', textAlign: 'right' }}
            >
                {note}
            </Typography>
        ) : null}
    </Box>
);

/**
 * The figures as a definition list, in the order the customer reads them, the total payable and
 * the cost of credit first and large: what they will owe in all, and what the credit costs them.
 */
export const TermsFigures = ({ terms }: { terms: Terms }) => {
    const translate = useTranslate();
    const format = useFormat();
    const locale = useLocale();
    const money = (amount: number) => format.money(amount, terms.currency);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        terms.costOfCreditPercent / 100,
    );
    // Two lists, each group a <div> of its <dt> and <dd>s directly under its <dl>, as assistive
    // technology reads a definition list: the two prominent figures, then the rest in order.
    return (
        <Box>
            <Box
                component="dl"
                sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
                    gap: 1,
                    mb: 1,
                }}
            >
                <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25 }}>
                    <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {translate('loans.quote.total_payable')}
                    </Typography>
                    <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }} data-testid="total-payable">
                        {money(terms.totalPayable)}
                    </Typography>
                </Box>
                <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25 }}>
                    <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {translate('loans.quote.cost_of_credit')}
                    </Typography>
                    <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }} data-testid="cost-of-credit">
                        {money(terms.costOfCredit)}
                    </Typography>
                    <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                        {translate('loans.quote.cost_share', { percent })}
                    </Typography>
                </Box>
            </Box>
            <Box component="dl" sx={{ m: 0 }}>
                <Line label={translate('loans.quote.cash_price')}>{money(terms.cashPrice)}</Line>
                <Line label={translate('loans.deposit')}>{money(terms.deposit)}</Line>
                <Line label={translate('loans.quote.amount_financed')}>{money(terms.amountFinanced)}</Line>
                <Line label={translate('loans.quote.instalments')}>
                    {translate('loans.quote.instalments_value', {
                        smart_count: terms.instalments,
                        amount: money(terms.instalment),
                        period: format.words('loans.periods', terms.period),
                    })}
                </Line>
                <Line
                    label={translate('loans.quote.first_due_date')}
                    note={terms.dueFromDeposit ? translate(`loans.quote.first_due_after_deposit.${terms.period}`) : undefined}
                >
                    {format.day(terms.firstDueDate)}
                </Line>
                <Line label={translate('devices.lock_solution')}>{format.words('devices.solutions', terms.lock)}</Line>
                <Line label={translate('loans.quote.total_payable')} strong>
                    {money(terms.totalPayable)}
                </Line>
            </Box>
        </Box>
    );
};
