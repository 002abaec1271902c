import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Screen } from '../../lists/Screen';
import { BulkAdd } from './BulkAdd';
import { OneDevice } from './OneDevice';

/** Adding devices (`inventory/add`, ADD_INVENTORY): one by IMEI, or many from a CSV file. */
export const InventoryAdd = () => {
    const translate = useTranslate();
    return (
        <Screen
            resource="inventory"
            action="create"
            title={translate('inventory.add_title')}
            actions={
                <Button component={Link} to="/dashboard/inventory" startIcon={<ArrowBackIcon />}>
                    {translate('inventory.back')}
                </Button>
            }
        >
            <Box
                sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
                }}
            >
                <Box>
                    <OneDevice />
                </Box>
                <BulkAdd />
            </Box>
        </Screen>
    );
};
