import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { Button } from '@mui/material';
import { CanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { StartSaleState } from '../lib/saleEntries';
import { absolute, type VariantKey } from '../lib/customerVariants';
import { ENTRIES, ENTRY_OF_VARIANT, ADD_LOAN_RESOURCE } from '../lib/saleEntries';

/**
 * Starts a sale through the add-loan wizard entry of a customer lookup variant (lib/saleEntries.ts), shown
 * only to the holders of that entry's gate: on a customer view, "Add loan" for the customer in
 * hand; on a lookup screen, "New sale" for someone who is not a customer yet; after a lookup that
 * found no one, a sale for the number looked for (`msisdn`), which the wizard's first step holds.
 */
export const StartSale = ({
    variant,
    forCustomer = false,
    msisdn,
}: {
    variant: VariantKey;
    forCustomer?: boolean;
    msisdn?: string;
}) => {
    const translate = useTranslate();
    const entry = ENTRIES[ENTRY_OF_VARIANT[variant]];
    const state: StartSaleState | undefined = forCustomer ? { fromCustomer: true } : msisdn ? { msisdn } : undefined;
    return (
        <CanAccess resource={ADD_LOAN_RESOURCE} action={entry.key}>
            <Button
                size="small"
                variant={forCustomer ? 'contained' : 'outlined'}
                startIcon={<AddShoppingCartIcon />}
                component={Link}
                to={absolute(entry.path)}
                state={state}
            >
                {translate(
                    forCustomer
                        ? 'loans.wizard.start.add_loan'
                        : msisdn
                          ? 'customers.find.sell_to_number'
                          : 'loans.wizard.start.new_sale',
                )}
            </Button>
        </CanAccess>
    );
};
