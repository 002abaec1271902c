import { Box, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import {
    Form,
    ReferenceInput,
    required,
    SelectInput,
    TextInput,
    useGetList,
    useLocale,
    useNotify,
    useTranslate,
    type Validator,
} from 'react-admin';
import { imeiProblem } from '../../lib/imeiCheck';
import type { PhoneModel } from '../../../contract/inventory';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { session } from '../../lib/session';
import { formatAmount } from '../../lib/format';
import { useWrite } from '../../dataProvider/useWrite';
import { SubmitButton } from '../../layout/SubmitButton';

/** 15 digits whose last is the Luhn check digit (contract/fields.ts `imei`, which the server applies too). */
export const imeiCheck: Validator = (value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? undefined : imeiProblem(text);
};
const imeiChecks = [required(), imeiCheck];

interface DeviceForm {
    sku?: string;
    imei?: string;
    store_id?: number | null;
}

/** One device by IMEI (ADD_INVENTORY), in the caller's shop unless another store is chosen. */
export const OneDevice = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const models = useGetList<PhoneModel>('phone-models');
    const add = useWrite('inventoryAddDevice');
    const ownShop = session.user()?.shop ?? null;
    // After a device is added the form starts again, ready for the next scan, keeping the model and store.
    const [next, setNext] = useState<{ round: number; keep: DeviceForm }>({ round: 0, keep: {} });

    const save = async (values: DeviceForm) => {
        try {
            const item = await add.mutateAsync({
                sku: values.sku ?? '',
                imei: (values.imei ?? '').trim(),
                store_id: values.store_id ?? undefined,
            });
            notify('inventory.one.added', { type: 'success', messageArgs: { imei: item.imei, store: item.store_name } });
            setNext(({ round }) => ({ round: round + 1, keep: { sku: values.sku, store_id: values.store_id } }));
            return undefined;
        } catch (error) {
            const fields = fieldErrorsOf(error, ['sku', 'imei', 'store_id']);
            if (Object.keys(fields).length > 0) return fields;
            notify(errorKeyOf(error), { type: 'error' });
            return undefined;
        }
    };

    return (
        <Card>
            <CardContent>
                <Typography component="h2" variant="h6">
                    {translate('inventory.one.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {translate('inventory.one.help')}
                </Typography>
                <Form key={next.round} record={next.keep} onSubmit={save} mode="onBlur" reValidateMode="onChange">
                    <SelectInput
                        source="sku"
                        label="inventory.fields.model"
                        validate={required()}
                        isPending={models.isPending}
                        choices={(models.data ?? []).map(model => ({
                            id: model.sku,
                            name: `${model.brand} ${model.model} (${model.sku}) · ${formatAmount(model.cash_price, locale)}`,
                        }))}
                    />
                    <TextInput
                        source="imei"
                        label="inventory.fields.imei"
                        validate={imeiChecks}
                        autoFocus={next.round > 0}
                        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 15 } }}
                    />
                    <ReferenceInput source="store_id" reference="reachable-stores">
                        <SelectInput
                            optionText="name"
                            label="inventory.fields.store"
                            validate={ownShop ? undefined : required()}
                            helperText={ownShop ? 'inventory.one.store_help' : undefined}
                        />
                    </ReferenceInput>
                    <Box sx={{ mt: 1 }}>
                        <SubmitButton label="inventory.one.submit" />
                    </Box>
                </Form>
            </CardContent>
        </Card>
    );
};
