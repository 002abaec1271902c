import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { Button } from '@mui/material';
import { CanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { absolute, type VariantKey } from '../customers/variants';
import { ENTRIES, ENTRY_OF_VARIANT } from './entries';
import { ADD_LOAN_RESOURCE } from './gates';

/**
 * Starts a sale through the add-loan wizard entry of a customer lookup variant (entries.ts), shown
 * only to the holders of that entry's gate: on a customer view, "Add loan" for the customer in
 * hand; on a lookup screen, "New sale" for someone who is not a customer yet.
 */
export const StartSale = ({ variant, forCustomer = false }: { variant: VariantKey; forCustomer?: boolean }) => {
    const translate = useTranslate();
    const entry = ENTRIES[ENTRY_OF_VARIANT[variant]];
    return (
        <CanAccess resource={ADD_LOAN_RESOURCE} action={entry.key}>
            <Button
                size="small"
                variant={forCustomer ? 'contained' : 'outlined'}
                startIcon={<AddShoppingCartIcon />}
                component={Link}
                to={absolute(entry.path)}
                state={forCustomer ? { fromCustomer: true } : undefined}
            >
                {translate(forCustomer ? 'loans.wizard.start.add_loan' : 'loans.wizard.start.new_sale')}
            </Button>
        </CanAccess>
    );
};
