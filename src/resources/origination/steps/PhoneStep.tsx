import {
    Box,
    Card,
    CardContent,
    Chip,
    FormControl,
    FormHelperText,
    FormLabel,
    Radio,
    Skeleton,
    Stack,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import {
    Form,
    required,
    SelectInput,
    TextInput,
    useInput,
    useTranslate,
    ValidationError,
    type RaRecord,
    type Validator,
} from 'react-admin';
import { qualifiedDevices } from '../../../../contract/customers';
import { roleAllows } from '../../../../contract/define';
import { imeiValidationCheck } from '../../../../contract/origination';
import { registrationOptions } from '../../../../contract/registration';
import { listStores } from '../../../../contract/stores';
import { LoadError } from '../../../lists/LoadError';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { session } from '../../../lib/session';
import { useFormat } from '../../../lib/useFormat';
import { useWizardChecks } from '../checks';
import { loanStore, type QualifiedPhone } from '../../../lib/loanStore';
import { PhonePicture } from '../PhonePicture';
import { kycOnFile } from './identityValues';
import { FormActions, StepActions, StepHeading, StepProblem, useWizard } from '../wizard';

interface PhoneValues {
    sku: string;
    store_id: number | '';
    imei: string;
}

/** The IMEI check's refusals, each said on the IMEI. */
const IMEI_REFUSALS = ['errors.imei_not_in_stock', 'errors.imei_in_use', 'errors.imei_invalid'];

/**
 * The stores a seller without a shop may take the phone from: get_phone_stores (those within
 * their reach) when their roles open it, else every shop open for registration, as the field
 * agent's lookup by shop offers (src/resources/customers/CustomerFind.tsx).
 */
const useStoreChoices = () =>
    useQuery({
        queryKey: ['add-loan', 'stores'],
        queryFn: async ({ signal }) => {
            const roles = new Set(session.roles()?.codes ?? []);
            if (roleAllows(listStores.access, true, roles)) {
                const answer = await callApi(listStores, { body: {} }, { signal });
                return answer.stores.map(store => ({ id: store.id, name: `${store.name} (${store.town})` }));
            }
            const answer = await callApi(registrationOptions, {}, { signal });
            return answer.stores.map(store => ({ id: store.id, name: `${store.name} (${store.town})` }));
        },
    });

const StorePicker = () => {
    const choices = useStoreChoices();
    if (choices.error) return <LoadError error={choices.error} onRetry={() => void choices.refetch()} />;
    return (
        <SelectInput
            source="store_id"
            label="loans.wizard.phone.store"
            helperText="loans.wizard.phone.store_help"
            choices={choices.data ?? []}
            isPending={choices.isPending}
            translateChoice={false}
            validate={required()}
            onChange={(chosen: RaRecord | ChangeEvent<HTMLInputElement>) => {
                const store = Number('target' in chosen ? chosen.target.value : chosen.id);
                loanStore.setDevice({ storeId: Number.isInteger(store) && store > 0 ? store : null });
            }}
            fullWidth
        />
    );
};

const PhoneCard = ({
    phone,
    currency,
    chosen,
    onChoose,
    name,
}: {
    phone: QualifiedPhone;
    currency: string;
    chosen: boolean;
    onChoose: () => void;
    name: string;
}) => {
    const translate = useTranslate();
    const format = useFormat();
    const labelId = useId();
    const outOfStock = phone.in_stock <= 0;
    return (
        <Card
            component="li"
            variant="outlined"
            sx={{
                borderColor: chosen ? 'primary.main' : undefined,
                borderWidth: chosen ? 2 : 1,
                opacity: outOfStock ? 0.6 : 1,
            }}
        >
            <Box
                component="label"
                sx={{
                    display: 'block',
                    height: '100%',
                    cursor: outOfStock ? 'default' : 'pointer',
                    '&:hover': outOfStock ? undefined : { bgcolor: 'action.hover' },
                }}
            >
                <CardContent sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: 1.5, alignItems: 'start' }}>
                    <Radio
                        checked={chosen}
                        onChange={onChoose}
                        value={phone.sku}
                        name={name}
                        disabled={outOfStock}
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                        sx={{ p: 0.5 }}
                    />
                    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                            <PhonePicture image={phone.image} />
                            <Typography id={labelId} variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                                {`${phone.brand} ${phone.model}`}
                            </Typography>
                        </Stack>
                        <Typography variant="body2">
                            {translate('customers.qualified.price', { amount: format.money(phone.cash_price, currency) })}
                        </Typography>
                        <Typography variant="body2">
                            {translate('customers.qualified.deposit', { amount: format.money(phone.deposit, currency) })}
                        </Typography>
                        <Typography variant="body2">
                            {translate('loans.instalment_value', {
                                amount: format.money(phone.instalment_amount, currency),
                                period: format.words('loans.periods', phone.instalment_period),
                                term: phone.term,
                            })}
                        </Typography>
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                            <Chip
                                size="small"
                                variant="outlined"
                                label={format.words('devices.solutions', phone.lock_solution)}
                            />
                            <Chip
                                size="small"
                                color={outOfStock ? 'default' : 'success'}
                                variant="outlined"
                                label={
                                    outOfStock
                                        ? translate('loans.wizard.phone.out_of_stock')
                                        : translate('customers.qualified.in_stock', { count: phone.in_stock })
                                }
                            />
                        </Stack>
                    </Stack>
                </CardContent>
            </Box>
        </Card>
    );
};

/** The phones as cards to choose one from; the choice is kept (spec §3 selectedPhone). */
const PhoneChoiceInput = ({ phones, currency }: { phones: QualifiedPhone[]; currency: string }) => {
    const translate = useTranslate();
    const labelId = useId();
    const name = useId();
    const { field, fieldState } = useInput({ source: 'sku', validate: required() as Validator });
    const choose = (phone: QualifiedPhone) => {
        field.onChange(phone.sku);
        loanStore.setPhone(phone);
    };
    return (
        <FormControl error={fieldState.invalid} component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
                {translate('loans.wizard.phone.choose')}
            </FormLabel>
            <Box
                component="ul"
                role="radiogroup"
                aria-labelledby={labelId}
                sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
                    gap: 1.5,
                    p: 0,
                    m: 0,
                    listStyle: 'none',
                }}
            >
                {phones.map(phone => (
                    <PhoneCard
                        key={phone.sku}
                        phone={phone}
                        currency={currency}
                        name={name}
                        chosen={field.value === phone.sku}
                        onChoose={() => choose(phone)}
                    />
                ))}
            </Box>
            {fieldState.error?.message ? (
                <FormHelperText>
                    <ValidationError error={fieldState.error.message} />
                </FormHelperText>
            ) : null}
        </FormControl>
    );
};

/**
 * Step 4: the phone. The models the customer qualifies for (their financed amount fits the credit
 * left) as cards; the store it comes from when the seller has no shop; the IMEI of the unit in
 * hand, checked (imei/validation/check) before the terms.
 */
export const PhoneStep = () => {
    const translate = useTranslate();
    const format = useFormat();
    const { draft, update, go, needsStore } = useWizard();
    const checks = useWizardChecks();
    const msisdn = draft.customer?.msisdn ?? draft.msisdn;
    const [problem, setProblem] = useState<string | null>(null);
    // A customer whose KYC was on file came straight from the customer step.
    const back = !draft.identity || kycOnFile(draft.lookup?.existing ?? null) ? 'customer' : 'identity';
    const phones = useQuery({
        queryKey: ['add-loan', 'qualified', msisdn],
        queryFn: ({ signal }) => callApi(qualifiedDevices, { body: { msisdn } }, { signal }),
    });
    const [initial] = useState<PhoneValues>(() => ({
        sku: draft.phone?.sku ?? loanStore.read()?.phone?.sku ?? '',
        store_id: draft.storeId ?? loanStore.read()?.storeId ?? '',
        imei: draft.device?.imei ?? loanStore.read()?.imei ?? '',
    }));

    const keep = (values: Partial<PhoneValues>) => {
        const phone = phones.data?.devices.find(device => device.sku === values.sku) ?? draft.phone;
        update({ phone, storeId: typeof values.store_id === 'number' ? values.store_id : draft.storeId });
    };

    const submit = async (raw: Record<string, unknown>) => {
        const values = raw as Partial<PhoneValues>;
        setProblem(null);
        const phone = phones.data?.devices.find(device => device.sku === values.sku);
        if (!phone) return { sku: 'ra.validation.required' };
        const storeId = needsStore && typeof values.store_id === 'number' ? values.store_id : undefined;
        loanStore.setPhone(phone);
        update({ phone, storeId: storeId ?? null });
        try {
            const device = await callApi(imeiValidationCheck, {
                body: { imei: (values.imei ?? '').trim(), sku: phone.sku, store_id: storeId },
            });
            update({ device });
            go('terms');
            return undefined;
        } catch (error) {
            const key = apiErrorOf(error)?.key;
            if (key && IMEI_REFUSALS.includes(key)) return { imei: key };
            if (key === 'errors.store_required' || key === 'errors.unknown_store') return { store_id: key };
            const fields = fieldErrorsOf(error, ['imei', 'sku', 'store_id']);
            if (Object.keys(fields).length > 0) return fields;
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };

    if (phones.error)
        return (
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.phone.title" />
                <LoadError error={phones.error} onRetry={() => void phones.refetch()} />
            </Stack>
        );
    if (phones.isPending)
        return (
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.phone.title" />
                <Skeleton variant="rounded" height={160} />
            </Stack>
        );
    const { devices, currency, available_limit } = phones.data;
    return (
        <Form onSubmit={submit} defaultValues={initial} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={2}>
                <StepHeading title="loans.wizard.phone.title" intro="loans.wizard.phone.intro" />
                <Typography color="text.secondary">
                    {translate('customers.qualified.available', { amount: format.money(available_limit, currency) })}
                </Typography>
                {devices.length === 0 ? (
                    <Typography role="status">{translate('customers.qualified.none')}</Typography>
                ) : (
                    <>
                        <PhoneChoiceInput phones={devices} currency={currency} />
                        {needsStore ? <StorePicker /> : null}
                        <TextInput
                            source="imei"
                            label="loans.wizard.phone.imei"
                            helperText="loans.wizard.phone.imei_help"
                            validate={[required(), checks.imei]}
                            onChange={(event: ChangeEvent<HTMLInputElement>) => loanStore.setDevice({ imei: event.target.value })}
                            fullWidth
                            slotProps={{
                                htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 15, spellCheck: false },
                            }}
                        />
                    </>
                )}
                <StepProblem problem={problem} />
                {devices.length === 0 ? (
                    <StepActions back={back} />
                ) : (
                    <FormActions back={back} label="loans.wizard.phone.check" keep={keep} />
                )}
            </Stack>
        </Form>
    );
};
