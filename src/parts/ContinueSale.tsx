import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button } from '@mui/material';
import { CanAccess, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Loan, LoanStatus } from '../../contract/customers';
import { session } from '../lib/session';
import { absolute, type VariantKey } from '../lib/customerVariants';
import { ENTRIES, ENTRY_OF_VARIANT, ADD_LOAN_RESOURCE } from '../lib/saleEntries';
import { loanStore } from '../lib/loanStore';

/** A sale in progress: the loan exists, and the wizard can take it on from where the server says it stands. */
export const SALE_IN_PROGRESS: readonly LoanStatus[] = ['draft', 'awaiting_deposit', 'awaiting_lock'];

/**
 * "Continue sale" on a customer view, for a sale whose wizard was closed or whose kept draft was
 * lost (another browser, storage cleared): the loan's reference becomes the kept sale of this
 * entry, and the wizard resumes it from `loan_progress` (origination/AddLoan.tsx), the server being the truth
 * of its step, device and codes. Offered to the holders of the entry's gate who may act on the sale
 * (its seller, or someone of the shop that sold it: the server's rule, which decides in the end).
 */
export const ContinueSale = ({ variant, msisdn, loan }: { variant: VariantKey; msisdn: string; loan: Loan }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const entry = ENTRIES[ENTRY_OF_VARIANT[variant]];
    const shop = session.user()?.shop ?? null;
    if (!SALE_IN_PROGRESS.includes(loan.status)) return null;
    if (shop !== null && loan.store !== null && loan.store.id !== shop.id) return null;
    const resume = () => {
        loanStore.setLoanReference(entry.key, msisdn, loan.loan_reference);
        void navigate(absolute(entry.path));
    };
    return (
        <CanAccess resource={ADD_LOAN_RESOURCE} action={entry.key}>
            <Button size="small" variant="contained" startIcon={<PlayArrowIcon />} onClick={resume}>
                {translate('loans.continue_sale')}
            </Button>
        </CanAccess>
    );
};
