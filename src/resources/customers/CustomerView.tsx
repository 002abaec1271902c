import ClearIcon from '@mui/icons-material/Clear';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CanAccess, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { customerByPublicId, type Customer } from '../../../contract/customers';
import { LoadError } from '../../lists/LoadError';
import { PageLoading } from '../../layout/PageLoading';
import { apiErrorOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { useOnline } from '../../lib/online';
import { StartSale } from '../../parts/StartSale';
import { ConvertCustomer } from './actions/ConvertCustomer';
import { RateCall } from './actions/RateCall';
import { DataAwards } from './sections/DataAwards';
import { customerStore } from '../../lib/customerStore';
import type { Found } from './lookup';
import { useFormat } from '../../lib/useFormat';
import { Deposits } from './sections/Deposits';
import { ExistingOrder } from './sections/ExistingOrder';
import { Identity } from './sections/Identity';
import { Limits } from './sections/Limits';
import { Loans } from './sections/Loans';
import { Messages } from './sections/Messages';
import { QualifiedPhones } from './sections/QualifiedPhones';
import { VariantGate } from './VariantGate';
import { absolute, CUSTOMER_PARAM, VARIANTS, type VariantKey } from '../../lib/customerVariants';

/**
 * No customer to show, and a way back to the lookup: nobody in hand (first visit, cleared, or kept
 * by someone else), or an address naming no customer this user may see in this view, which says
 * the lookup's own words ("Customer record not found") whether the customer is out of sight or
 * does not exist.
 */
const NoCustomer = ({ variant, notFound = false }: { variant: VariantKey; notFound?: boolean }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ py: 6, px: 2, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}>
            <Title title={translate('customers.view.title')} />
            <PersonSearchIcon sx={{ fontSize: 56 }} color="primary" />
            <Typography component="h1" variant="h5">
                {translate(notFound ? 'errors.customer_not_found' : 'customers.view.none_title')}
            </Typography>
            <Typography color="text.secondary">
                {translate(notFound ? 'customers.view.not_found_body' : 'customers.view.none_body')}
            </Typography>
            <Button component={Link} to={absolute(VARIANTS[variant].findPath)} variant="contained">
                {translate('customers.view.find')}
            </Button>
        </Box>
    );
};

const Header = ({
    variant,
    customer,
    onClear,
    onConverted,
}: {
    variant: VariantKey;
    customer: Customer;
    onClear: () => void;
    onConverted: (changed: Customer) => void;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const name = `${customer.first_name} ${customer.last_name}`;
    return (
        <Card>
            <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
                        <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
                            {(customer.first_name[0] ?? '?').toUpperCase()}
                        </Avatar>
                        <Box sx={{ minWidth: 0 }}>
                            <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
                                {name}
                            </Typography>
                            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                                <Chip
                                    size="small"
                                    color="primary"
                                    label={format.words('customers.types', customer.customer_type)}
                                />
                                <Chip
                                    size="small"
                                    variant="outlined"
                                    label={format.words('customers.kyc', customer.kyc_status)}
                                />
                                <Chip
                                    size="small"
                                    variant="outlined"
                                    label={format.words('customers.channels', customer.channel)}
                                />
                            </Stack>
                        </Box>
                    </Stack>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                        <StartSale variant={variant} forCustomer />
                        <CanAccess resource="customer" action="convert">
                            <ConvertCustomer customer={customer} onConverted={onConverted} />
                        </CanAccess>
                        <Button
                            size="small"
                            variant="outlined"
                            startIcon={<PersonSearchIcon />}
                            component={Link}
                            to={absolute(VARIANTS[variant].findPath)}
                        >
                            {translate('customers.view.find_another')}
                        </Button>
                        <Button size="small" color="inherit" startIcon={<ClearIcon />} onClick={onClear}>
                            {translate('customers.view.clear')}
                        </Button>
                    </Stack>
                </Stack>
            </CardContent>
        </Card>
    );
};

/**
 * Offline, the customer shown is the one kept on this phone when they were last opened
 * (lib/customerStore.ts), and the sections that need the server say so each in its place: this
 * says what the page is, rather than letting old figures pass for the server's.
 */
export const KeptFromBefore = () => {
    const translate = useTranslate();
    const online = useOnline();
    if (online) return null;
    return (
        <Alert severity="info" role="status" data-testid="kept-from-before">
            {translate('outbox.kept_before')}
        </Alert>
    );
};

/** The customer 360: every section the user's roles open, side by side on a desk, one under another on a phone. */
const CustomerDetails = ({ variant, kept }: { variant: VariantKey; kept: Found }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const navigate = useNavigate();
    const [customer, setCustomer] = useState(kept.customer);
    const { msisdn } = customer;
    const clear = () => {
        customerStore.clear();
        notify('customers.find.cleared', { type: 'info' });
        void navigate(absolute(VARIANTS[variant].findPath));
    };
    const converted = (changed: Customer) => {
        customerStore.update(variant, changed);
        setCustomer(changed);
    };
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('customers.view.title_of', { name: `${customer.first_name} ${customer.last_name}` })} />
            <Stack spacing={2}>
                <KeptFromBefore />
                <Header variant={variant} customer={customer} onClear={clear} onConverted={converted} />
                <Grid container spacing={2}>
                    <Grid size={{ xs: 12, md: 5, lg: 4 }}>
                        <Stack spacing={2}>
                            <Identity customer={customer} />
                            <CanAccess resource="customer" action="limits">
                                <Limits msisdn={msisdn} />
                            </CanAccess>
                            <CanAccess resource="customer" action="rate_call">
                                <RateCall msisdn={msisdn} />
                            </CanAccess>
                            <CanAccess resource="customer" action="award_data">
                                <DataAwards msisdn={msisdn} />
                            </CanAccess>
                        </Stack>
                    </Grid>
                    <Grid size={{ xs: 12, md: 7, lg: 8 }}>
                        <Stack spacing={2}>
                            {kept.order ? <ExistingOrder msisdn={msisdn} order={kept.order} /> : null}
                            <CanAccess resource="customer" action="loans">
                                <Loans msisdn={msisdn} variant={variant} />
                            </CanAccess>
                            <CanAccess resource="customer" action="deposits">
                                <Deposits msisdn={msisdn} />
                            </CanAccess>
                            <CanAccess resource="customer" action="messages">
                                <Messages msisdn={msisdn} />
                            </CanAccess>
                            <CanAccess resource="customer" action="qualified_phones">
                                <QualifiedPhones msisdn={msisdn} />
                            </CanAccess>
                        </Stack>
                    </Grid>
                </Grid>
            </Stack>
        </Box>
    );
};

const publicId = z.uuid();

/**
 * The customer the address names, read under the view's own rule, who then becomes the customer
 * in hand (the add-loan wizard starts from it, and a visit without an address falls back to it).
 */
const AddressedCustomer = ({ variant, named }: { variant: VariantKey; named: string }) => {
    const valid = publicId.safeParse(named).success;
    const read = useQuery({
        queryKey: ['customer-address', variant, named],
        queryFn: ({ signal }) =>
            callApi(customerByPublicId, { params: { public_id: named }, query: { view: variant } }, { signal }),
        enabled: valid,
        retry: false,
    });
    useEffect(() => {
        if (read.data) customerStore.save(variant, read.data);
    }, [read.data, variant]);
    // Not an id at all reads as nobody, like an id that names no one.
    if (!valid || apiErrorOf(read.error)?.key === 'errors.customer_not_found') return <NoCustomer variant={variant} notFound />;
    if (read.data) return <CustomerDetails variant={variant} kept={read.data} />;
    if (read.isError) return <LoadError error={read.error} onRetry={() => void read.refetch()} sx={{ my: 2 }} />;
    return <PageLoading />;
};

/**
 * The address names the customer (`?customer=<public_id>`); without one, the customer kept in
 * storage (spec §3) is shown and their address replaces the bare one. The kept customer stands in
 * for the one named when they are the same, without asking the server again.
 */
const ViewScreen = ({ variant }: { variant: VariantKey }) => {
    const [params, setParams] = useSearchParams();
    const named = params.get(CUSTOMER_PARAM);
    // Read once per visit of the screen: the kept customer survives a reload (lib/customerStore.ts).
    const [kept] = useState(() => customerStore.read(variant));
    useEffect(() => {
        // Replaced, not pushed: Back leaves the view rather than returning to its bare address.
        if (!named && kept) setParams({ [CUSTOMER_PARAM]: kept.customer.public_id }, { replace: true });
    }, [named, kept, setParams]);
    const shown = named ?? kept?.customer.public_id;
    // One element for the kept customer with or without their address, so the view is not built twice.
    if (kept && shown === kept.customer.public_id) return <CustomerDetails key={shown} variant={variant} kept={kept} />;
    return named ? <AddressedCustomer key={named} variant={variant} named={named} /> : <NoCustomer variant={variant} />;
};

/** A customer view screen (spec §2), the same for the four variants but for its role. */
export const CustomerView = ({ variant }: { variant: VariantKey }) => (
    <VariantGate variant={variant}>
        <ViewScreen key={variant} variant={variant} />
    </VariantGate>
);
