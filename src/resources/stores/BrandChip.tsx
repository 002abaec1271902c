import StorefrontIcon from '@mui/icons-material/Storefront';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Whether a store is the operator's own (branded) or a dealer's: said in words, the fill only repeats it. */
export const BrandChip = ({ branded }: { branded: boolean }) => {
    const translate = useTranslate();
    return branded ? (
        <Chip size="small" color="primary" icon={<StorefrontIcon />} label={translate('stores.branded.yes')} />
    ) : (
        <Chip size="small" variant="outlined" label={translate('stores.branded.no')} />
    );
};
