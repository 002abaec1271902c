import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useCanAccess, useGetIdentity, useGetList, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { PortalIdentity } from '../../authProvider';
import { internationalMsisdn, isMsisdn } from '../../../contract/fields';
import { errorKeyOf } from '../../lib/apiErrors';
import { ENTRIES, ENTRY_OF_VARIANT, ADD_LOAN_RESOURCE } from '../../lib/saleEntries';
import { StartSale } from '../../parts/StartSale';
import { customerStore } from '../../lib/customerStore';
import { AddRequest, FieldAgentRequests } from './FieldAgentRequests';
import { findFor, lookupTerm, USER_NOT_FOUND, type Found } from './lookup';
import { VariantGate } from './VariantGate';
import { absolute, VARIANTS, viewAddress, type VariantKey } from '../../lib/customerVariants';

/** The field agent without a shop picks the shop to look in (the call needs it then). */
const ShopPicker = ({ value, onChange, problem }: { value: string; onChange: (id: string) => void; problem?: string }) => {
    const translate = useTranslate();
    const {
        data = [],
        isPending,
        error,
        refetch,
    } = useGetList('store-options', {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'name', order: 'ASC' },
    });
    if (error)
        return (
            <Alert
                severity="error"
                action={
                    <Button color="inherit" size="small" onClick={() => void refetch()}>
                        {translate('app.retry')}
                    </Button>
                }
            >
                {translate(errorKeyOf(error))}
            </Alert>
        );
    return (
        <TextField
            select
            label={translate('customers.find.shop')}
            value={value}
            onChange={event => onChange(event.target.value)}
            disabled={isPending}
            error={problem !== undefined}
            helperText={problem ?? translate('customers.find.shop_help')}
            fullWidth
        >
            {data.map(store => (
                <MenuItem key={store.id} value={String(store.id)}>
                    {String(store.name)}
                </MenuItem>
            ))}
        </TextField>
    );
};

/** The customer kept from the last lookup: open it again, or clear it. */
const KeptCustomerNote = ({ variant, onClear }: { variant: VariantKey; onClear: () => void }) => {
    const translate = useTranslate();
    const kept = customerStore.read(variant);
    if (!kept) return null;
    const { customer } = kept;
    return (
        <Alert
            severity="info"
            action={
                <Stack direction="row" spacing={1}>
                    <Button component={Link} to={viewAddress(variant, customer.public_id)} color="inherit" size="small">
                        {translate('customers.find.open')}
                    </Button>
                    <Button color="inherit" size="small" onClick={onClear}>
                        {translate('customers.find.clear')}
                    </Button>
                </Stack>
            }
            sx={{ mb: 2, '& .MuiAlert-action': { alignItems: 'center' } }}
        >
            {translate('customers.find.kept', { name: `${customer.first_name} ${customer.last_name}` })}
        </Alert>
    );
};

/** What another lookup screen hands this one: the text to look for again (in history's state, never the address). */
const handedTerm = (state: unknown): string =>
    typeof state === 'object' && state !== null && 'term' in state && typeof state.term === 'string' ? state.term : '';

/**
 * A field agent's own lookup found no one: it searched only the customers this agent registered.
 * Say so, and offer here what else may find or make the customer, so a customer of the shop whom
 * someone else registered is not registered twice: the shop's lookup (for holders of its role)
 * and recording a new customer.
 */
const NotAmongMine = ({ term }: { term: string }) => {
    const translate = useTranslate();
    const { canAccess: shopSearch } = useCanAccess({ resource: VARIANTS.shop.resource, action: 'find' });
    const phone = phoneOf(term);
    return (
        <Alert severity="warning" role="alert">
            <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                {translate('errors.customer_not_found')}
            </Typography>
            <Typography component="p" variant="body2" sx={{ mb: 1 }}>
                {translate(shopSearch ? 'customers.find.not_mine_shop' : 'customers.find.not_mine')}
            </Typography>
            <Stack direction="row" sx={INHERIT_COLOUR}>
                {shopSearch ? (
                    <Button
                        component={Link}
                        to={absolute(VARIANTS.shop.findPath)}
                        state={{ term }}
                        size="small"
                        variant="outlined"
                        color="inherit"
                        startIcon={<SearchIcon />}
                    >
                        {translate('customers.find.search_shop')}
                    </Button>
                ) : null}
                <AddRequest label="customers.find.register_new" msisdn={phone} />
                {phone ? <StartSale variant="fieldagent" msisdn={phone} /> : null}
            </Stack>
        </Alert>
    );
};

/**
 * Buttons inside a warning take its text colour: the brand red on the warning's light amber is
 * short of 4.5:1 (axe found it at 360 px).
 */
const INHERIT_COLOUR = {
    flexWrap: 'wrap',
    gap: 1,
    '& .MuiButton-root': { color: 'inherit', borderColor: 'currentColor' },
} as const;

/** The number a lookup looked for, when what was sent was one (lookupTerm sends a number as digits). */
const phoneOf = (term: string) => (isMsisdn(term) ? internationalMsisdn(term) : '');

/**
 * Any other lookup found no one. For a number, offer the ways forward this user has: recording the
 * customer (the field agents' request, for holders of either field-agent lookup) and a sale through
 * this variant's add-loan entry, whose first step registers a new customer; each with the number
 * filled in. Whoever has neither is told who can; something else typed is checked again.
 */
const NotFound = ({ variant, term, error }: { variant: VariantKey; term: string; error: unknown }) => {
    const translate = useTranslate();
    const phone = phoneOf(term);
    const { canAccess: ownRequests } = useCanAccess({ resource: VARIANTS.fieldagent.resource, action: 'find' });
    const { canAccess: shopRequests } = useCanAccess({ resource: VARIANTS.shop.resource, action: 'find' });
    const { canAccess: sell } = useCanAccess({ resource: ADD_LOAN_RESOURCE, action: ENTRIES[ENTRY_OF_VARIANT[variant]].key });
    const record = ownRequests === true || shopRequests === true;
    const advice = !phone
        ? 'customers.find.not_found_check'
        : record && sell
          ? 'customers.find.not_found_new'
          : sell
            ? 'customers.find.not_found_sale'
            : record
              ? 'customers.find.not_found_record'
              : 'customers.find.not_found_nothing';
    return (
        <Alert severity="warning" role="alert">
            <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                {translate(errorKeyOf(error))}
            </Typography>
            <Typography component="p" variant="body2" sx={{ mb: phone && (record || sell) ? 1 : 0 }}>
                {translate(advice)}
            </Typography>
            {phone && (record || sell) ? (
                <Stack direction="row" sx={INHERIT_COLOUR}>
                    {record ? <AddRequest label="customers.find.register_new" msisdn={phone} /> : null}
                    <StartSale variant={variant} msisdn={phone} />
                </Stack>
            ) : null}
        </Alert>
    );
};

const FindForm = ({ variant }: { variant: VariantKey }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const navigate = useNavigate();
    const { identity } = useGetIdentity();
    const me = identity as PortalIdentity | undefined;
    const needsShop = variant === 'shop' && me !== undefined && me.shop === null;
    const location = useLocation();
    const [typed, setTyped] = useState(() => handedTerm(location.state));
    const [storeId, setStoreId] = useState('');
    const [problem, setProblem] = useState<string>();
    const [shopProblem, setShopProblem] = useState<string>();
    // Renders again after clearing, so the kept customer's note goes.
    const [, setCleared] = useState(0);
    const lookup = useMutation<Found, unknown, { term: string; store?: number }>({
        mutationFn: ({ term, store }) => findFor(variant, term, store),
        onSuccess: found => {
            customerStore.save(variant, found);
            void navigate(viewAddress(variant, found.customer.public_id));
        },
    });

    const submit = (event: FormEvent) => {
        event.preventDefault();
        const checked = lookupTerm(typed);
        const shopMissing = needsShop && !storeId;
        setProblem('problem' in checked ? translate(checked.problem) : undefined);
        setShopProblem(shopMissing ? translate('ra.validation.required') : undefined);
        if ('problem' in checked || shopMissing) return;
        lookup.mutate({ term: checked.term, store: needsShop ? Number(storeId) : undefined });
    };

    const clear = () => {
        customerStore.clear();
        lookup.reset();
        setCleared(count => count + 1);
        notify('customers.find.cleared', { type: 'info' });
    };

    return (
        <Box sx={{ py: 2, maxWidth: 640 }}>
            <Title title={translate(VARIANTS[variant].title)} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
                <PersonSearchIcon color="primary" />
                <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
                    {translate(VARIANTS[variant].title)}
                </Typography>
                <StartSale variant={variant} />
            </Stack>
            <KeptCustomerNote variant={variant} onClear={clear} />
            <Card>
                <CardContent>
                    <form onSubmit={submit} noValidate role="search" aria-label={translate(VARIANTS[variant].title)}>
                        <Stack spacing={2}>
                            <Typography color="text.secondary">{translate('customers.find.intro')}</Typography>
                            {lookup.error && variant === 'fieldagent' && notFound(lookup.error) ? (
                                <NotAmongMine term={lookup.variables?.term ?? ''} />
                            ) : lookup.error && notFound(lookup.error) ? (
                                <NotFound variant={variant} term={lookup.variables?.term ?? ''} error={lookup.error} />
                            ) : lookup.error ? (
                                <Alert severity="error" role="alert">
                                    {translate(errorKeyOf(lookup.error))}
                                </Alert>
                            ) : null}
                            <TextField
                                label={translate('customers.find.lookup')}
                                value={typed}
                                onChange={event => {
                                    setTyped(event.target.value);
                                    setProblem(undefined);
                                }}
                                error={problem !== undefined}
                                helperText={problem ?? translate('customers.find.lookup_help')}
                                autoFocus
                                fullWidth
                                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
                            />
                            {needsShop ? (
                                <ShopPicker
                                    value={storeId}
                                    onChange={id => {
                                        setStoreId(id);
                                        setShopProblem(undefined);
                                    }}
                                    problem={shopProblem}
                                />
                            ) : null}
                            <Box>
                                <Button
                                    type="submit"
                                    variant="contained"
                                    disabled={lookup.isPending}
                                    startIcon={
                                        lookup.isPending ? (
                                            <CircularProgress size={18} color="inherit" aria-hidden />
                                        ) : (
                                            <SearchIcon />
                                        )
                                    }
                                >
                                    {translate(lookup.isPending ? 'customers.find.finding' : 'customers.find.submit')}
                                </Button>
                            </Box>
                        </Stack>
                    </form>
                </CardContent>
            </Card>
            {variant === 'fieldagent' || variant === 'shop' ? (
                <Box sx={{ mt: 2 }}>
                    <FieldAgentRequests />
                </Box>
            ) : null}
        </Box>
    );
};

/** The lookup found no one (the server's 404, or an answer without a match). */
const notFound = (error: unknown) => {
    const key = errorKeyOf(error);
    return key === 'errors.customer_not_found' || key === USER_NOT_FOUND;
};

/** A lookup screen (spec §2, §4), the same for the four variants but for its call and its role. */
export const CustomerFind = ({ variant }: { variant: VariantKey }) => (
    <VariantGate variant={variant}>
        <FindForm key={variant} variant={variant} />
    </VariantGate>
);
