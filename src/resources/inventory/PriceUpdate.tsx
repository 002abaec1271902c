import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { PhoneModel } from '../../../contract/inventory';
import { useWrite } from '../../dataProvider/useWrite';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';
import { useSingleFlight } from '../../lib/singleFlight';
import { LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { PriceEditor } from './PriceEditor';
import { fetchPreview, PreviewTable, PriceTable, pricesBody, pricesOf, titleOf, type PriceChange } from './priceTables';

/**
 * Updating phone prices (`inventory/update`, UPDATE_PHONE_PRICES): each model's new prices are
 * collected, previewed by the server (before, after, the change in percent, and which cuts wait
 * for a checker, judged against each price's highest of the last 24 hours), and sent together
 * after a confirmation (the `inventoryUpdatePrices` write, which refreshes the devices, the
 * catalogue and the maker-checker queues). The catalogue is every shop's, so a caller attached to
 * a shop hears the server's refusal at the preview.
 */
export const PriceUpdate = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const models = useGetList<PhoneModel>('phone-models');
    const [changes, setChanges] = useState<PriceChange[]>([]);
    const [confirming, setConfirming] = useState(false);

    // The preview answers for the changes it was asked about; any edit since asks for a new one.
    const preview = useMutation({ mutationFn: fetchPreview });
    const previewed = preview.data && preview.variables === changes ? preview.data : null;
    const waiting = previewed?.filter(row => row.needs_approval).length ?? 0;

    // One request from the confirm button, however often it is pressed (src/lib/singleFlight.ts).
    const flight = useSingleFlight();
    const update = useWrite('inventoryUpdatePrices', {
        onSuccess: answer => {
            setConfirming(false);
            setChanges([]);
            preview.reset();
            notify(answer.requested.length ? 'inventory.prices.updated_requested' : 'inventory.prices.updated', {
                type: 'success',
                messageArgs: { smart_count: answer.updated.length, requested: answer.requested.length },
            });
        },
        onError: error => {
            setConfirming(false);
            notify(errorKeyOf(error), { type: 'error' });
        },
    });
    const busy = flight.busy || update.isPending;
    const send = () => {
        const land = flight.take();
        if (land) update.mutate(pricesBody(changes), { onSettled: land });
    };

    return (
        <Screen
            resource="inventory"
            action="edit"
            title={translate('inventory.update_title')}
            actions={
                <Button component={Link} to="/dashboard/inventory" startIcon={<ArrowBackIcon />}>
                    {translate('inventory.back')}
                </Button>
            }
        >
            {models.error ? (
                <LoadError error={models.error} onRetry={() => void models.refetch()} />
            ) : models.isPending ? (
                <LoadingRows rows={3} />
            ) : (
                <Card>
                    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                        <PriceEditor
                            models={models.data ?? []}
                            changes={changes}
                            onAdd={change =>
                                setChanges(all => [...all.filter(other => other.model.sku !== change.model.sku), change])
                            }
                        />
                        <Typography component="h2" variant="h6">
                            {translate('inventory.prices.changes_title')}
                        </Typography>
                        {changes.length === 0 ? (
                            <Alert severity="info">{translate('inventory.prices.none')}</Alert>
                        ) : (
                            <>
                                <PriceTable
                                    label={translate('inventory.prices.changes_title')}
                                    rows={changes.map(change => ({
                                        key: change.model.sku,
                                        title: titleOf(change.model),
                                        before: pricesOf(change.model),
                                        after: change.prices,
                                    }))}
                                    onRemove={key => setChanges(all => all.filter(change => change.model.sku !== key))}
                                />
                                <Box>
                                    <Button
                                        variant={previewed ? 'outlined' : 'contained'}
                                        onClick={() => preview.mutate(changes)}
                                        disabled={preview.isPending || busy}
                                    >
                                        {translate('inventory.prices.preview')}
                                    </Button>
                                </Box>
                                {preview.isError && preview.variables === changes ? (
                                    <Alert severity="error">{translate(errorKeyOf(preview.error))}</Alert>
                                ) : null}
                                {previewed ? (
                                    <>
                                        <Typography component="h2" variant="h6">
                                            {translate('inventory.prices.preview_title')}
                                        </Typography>
                                        <PreviewTable models={previewed} />
                                        {waiting ? (
                                            <Alert severity="warning">
                                                {translate('inventory.prices.needs_checker_note', { smart_count: waiting })}
                                            </Alert>
                                        ) : null}
                                        <Box>
                                            <Button variant="contained" onClick={() => setConfirming(true)} disabled={busy}>
                                                {translate('inventory.prices.submit')}
                                            </Button>
                                        </Box>
                                    </>
                                ) : null}
                            </>
                        )}
                        {update.data?.updated.length ? (
                            <>
                                <Typography component="h2" variant="h6">
                                    {translate('inventory.prices.result_title')}
                                </Typography>
                                <PriceTable
                                    label={translate('inventory.prices.result_title')}
                                    rows={update.data.updated.map(row => ({
                                        key: row.sku,
                                        title: titleOf(row.after),
                                        before: pricesOf(row.before),
                                        after: pricesOf(row.after),
                                    }))}
                                />
                            </>
                        ) : null}
                    </CardContent>
                </Card>
            )}
            <ConfirmDialog
                open={confirming}
                title={translate('inventory.prices.confirm_title')}
                content={
                    waiting
                        ? translate('inventory.prices.confirm_content_checker', {
                              smart_count: waiting,
                              at_once: changes.length - waiting,
                          })
                        : translate('inventory.prices.confirm_content', { smart_count: changes.length })
                }
                busy={busy}
                onClose={() => setConfirming(false)}
                onConfirm={send}
            />
        </Screen>
    );
};
