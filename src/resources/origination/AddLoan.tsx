import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { CanAccess, Title, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccessDenied } from '../../layout/AccessDenied';
import { PageLoading } from '../../layout/PageLoading';
import { absolute } from '../../lib/customerVariants';
import type { KeptSale } from '../../lib/loanStore';
import { ADD_LOAN_RESOURCE, ENTRIES, type Entry, type EntryKey } from '../../lib/saleEntries';
import { Resume } from './Resume';
import { Running } from './Running';
import { isStartSaleState, startOf } from './start';

/** The seller's sale in progress was started through another entry: it is finished (or cancelled) there. */
const Elsewhere = ({ kept }: { kept: KeptSale }) => {
    const translate = useTranslate();
    const other = ENTRIES[kept.entry];
    return (
        <Alert
            severity="info"
            action={
                <Button component={Link} to={absolute(other.path)} color="inherit" size="small">
                    {translate('loans.wizard.resume.continue')}
                </Button>
            }
        >
            {translate('loans.wizard.resume.elsewhere', { entry: translate(other.title), reference: kept.loanReference ?? '' })}
        </Alert>
    );
};

const Wizard = ({ entry }: { entry: Entry }) => {
    const translate = useTranslate();
    const location = useLocation();
    const navigate = useNavigate();
    const [start] = useState(() => startOf(entry, location.state));

    // The link's "start with this customer" is used once: a reload resumes what is kept instead.
    useEffect(() => {
        if (isStartSaleState(location.state)) void navigate(location.pathname, { replace: true, state: null });
    }, [location.pathname, location.state, navigate]);

    return (
        <Box sx={{ py: 2, px: { xs: 0, sm: 1 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, maxWidth: 1040 }}>
            <Title title={translate(entry.title)} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <PointOfSaleIcon color="primary" aria-hidden />
                <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
                    {translate(entry.title)}
                </Typography>
            </Stack>
            {start.kind === 'resume' ? <Resume entry={entry} kept={start.kept} reference={start.reference} /> : null}
            {start.kind === 'elsewhere' ? <Elsewhere kept={start.kept} /> : null}
            {start.kind === 'ready' ? <Running entry={entry} start={start} note={null} /> : null}
        </Box>
    );
};

/** One of the five add-loan routes (lib/saleEntries.ts), open to the holders of its gate (calls.ts). */
export const AddLoan = ({ entry }: { entry: EntryKey }) => (
    <CanAccess resource={ADD_LOAN_RESOURCE} action={entry} accessDenied={<AccessDenied />} loading={<PageLoading />}>
        <Wizard key={entry} entry={ENTRIES[entry]} />
    </CanAccess>
);
