import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
    Accordion,
    AccordionDetails,
    AccordionSummary,
    Box,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CallResponse } from '../../../../contract/define';
import { checkInsurance, loanStatements, type Loan, type ScheduledLoan } from '../../../../contract/customers';
import { costOfCreditPercent } from '../../../../contract/origination';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { ScheduleTable } from './Schedule';
import { Fact, Facts, Loaded } from '../../../parts/Section';
import { beforeDeposit, TermsFigures, type Terms } from '../../../parts/terms';

/** The terms the loan was accepted on, from its statement: what the customer owes in all, and why. */
const termsOfStatement = (statement: CallResponse<typeof loanStatements>, loan: Loan): Terms => ({
    currency: statement.currency,
    cashPrice: statement.cash_price,
    deposit: statement.deposit,
    amountFinanced: statement.financed,
    costOfCredit: statement.cost_of_credit,
    costOfCreditPercent: costOfCreditPercent(statement.cost_of_credit, statement.financed),
    instalment: statement.instalment,
    instalments: statement.term,
    period: statement.instalment_period,
    firstDueDate: statement.first_due_date,
    dueFromDeposit: beforeDeposit(loan.status),
    totalPayable: statement.price,
    lock: loan.lock_solution,
});

const Statement = ({ msisdn, loan }: { msisdn: string; loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['statement', loan.loan_reference], loanStatements, {
        body: { loan_reference: loan.loan_reference },
    });
    return (
        <Box>
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
                {translate('loans.statement.title')}
            </Typography>
            <Loaded query={query}>
                {statement => (
                    <>
                        <Box component="section" aria-label={translate('loans.quote.title')} sx={{ maxWidth: 560, mb: 1.5 }}>
                            <Typography component="h5" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                                {translate('loans.quote.title')}
                            </Typography>
                            <TermsFigures terms={termsOfStatement(statement, loan)} />
                        </Box>
                        <Facts min={110}>
                            <Fact label="loans.balance">{format.money(statement.balance, statement.currency)}</Fact>
                        </Facts>
                        {statement.entries.length === 0 ? (
                            <Typography color="text.secondary" sx={{ mt: 1 }}>
                                {translate('loans.statement.empty')}
                            </Typography>
                        ) : (
                            // Focusable, so a keyboard can scroll it where the table is wider than its column (a phone).
                            <Box
                                sx={{ overflowX: 'auto', mt: 1 }}
                                tabIndex={0}
                                role="group"
                                aria-label={translate('loans.statement.title')}
                            >
                                <Table size="small" aria-label={translate('loans.statement.title')}>
                                    <TableHead>
                                        <TableRow>
                                            <TableCell>{translate('loans.statement.date')}</TableCell>
                                            <TableCell>{translate('loans.statement.kind')}</TableCell>
                                            <TableCell align="right">{translate('loans.statement.amount')}</TableCell>
                                            <TableCell align="right">{translate('loans.statement.balance_after')}</TableCell>
                                        </TableRow>
                                    </TableHead>
                                    <TableBody>
                                        {statement.entries.map(entry => (
                                            <TableRow key={entry.reference}>
                                                <TableCell>{format.day(entry.date)}</TableCell>
                                                <TableCell>{format.words('loans.kinds', entry.kind)}</TableCell>
                                                <TableCell align="right">
                                                    {format.money(entry.amount, statement.currency)}
                                                </TableCell>
                                                <TableCell align="right">
                                                    {format.money(entry.balance_after, statement.currency)}
                                                </TableCell>
                                            </TableRow>
                                        ))}
                                    </TableBody>
                                </Table>
                            </Box>
                        )}
                    </>
                )}
            </Loaded>
        </Box>
    );
};

const Insurance = ({ msisdn, loan }: { msisdn: string; loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['insurance', loan.loan_reference], checkInsurance, {
        body: { loan_reference: loan.loan_reference },
    });
    return (
        <Box>
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
                {translate('loans.insurance.title')}
            </Typography>
            <Loaded query={query}>
                {insurance => (
                    <Facts min={120}>
                        <Fact label="loans.insurance.status">{format.words('loans.insurance.statuses', insurance.status)}</Fact>
                        <Fact label="loans.insurance.insurer">{insurance.insurer}</Fact>
                        <Fact label="loans.insurance.policy_number">{insurance.policy_number}</Fact>
                        <Fact label="loans.insurance.premium">
                            {insurance.premium === null ? '' : format.money(insurance.premium, insurance.currency)}
                        </Fact>
                        <Fact label="loans.insurance.cover_until">{format.day(insurance.cover_until)}</Fact>
                    </Facts>
                )}
            </Loaded>
        </Box>
    );
};

/** A loan's schedule (when it has one), its statement and insurance, fetched when opened. */
export const LoanDetails = ({ msisdn, loan }: { msisdn: string; loan: ScheduledLoan }) => {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const id = useId();
    return (
        <Accordion
            expanded={open}
            onChange={(_, expanded) => setOpen(expanded)}
            disableGutters
            variant="outlined"
            slotProps={{ transition: { unmountOnExit: true } }}
        >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-details`} id={`${id}-summary`}>
                <Typography variant="body2">{translate('loans.details')}</Typography>
            </AccordionSummary>
            <AccordionDetails id={`${id}-details`} sx={{ display: 'grid', gap: 2 }}>
                {open ? (
                    <>
                        {/*
                         * The schedule beside the statement where both tables fit whole (a wide
                         * screen), else above it: a narrower column made both scroll sideways.
                         */}
                        <Box
                            sx={{
                                display: 'grid',
                                gap: 2,
                                gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
                                alignItems: 'start',
                            }}
                        >
                            {loan.standing ? <ScheduleTable loan={loan} /> : null}
                            <Statement msisdn={msisdn} loan={loan} />
                        </Box>
                        <Insurance msisdn={msisdn} loan={loan} />
                    </>
                ) : null}
            </AccordionDetails>
        </Accordion>
    );
};
