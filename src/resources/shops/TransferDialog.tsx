import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    MenuItem,
    TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { Agent } from '../../../contract/agents';
import type { Store } from '../../../contract/stores';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';

/**
 * Transferring an agent (TRANSFER_AGENT): the store to move them to, then a confirmation naming
 * both stores. `busy` is the transfer's own flag (spec §4), apart from the list's loading.
 */
export const TransferDialog = ({
    agent,
    busy,
    failure,
    onTransfer,
    onClose,
}: {
    agent: Agent | null;
    busy: boolean;
    /** Why the last try failed, when it did. */
    failure: unknown;
    onTransfer: (agent: Agent, storeId: number, storeName: string) => void;
    onClose: () => void;
}) => {
    const translate = useTranslate();
    const titleId = useId();
    const [target, setTarget] = useState<number | ''>('');
    const [confirming, setConfirming] = useState(false);
    const stores = useGetList<Store>('reachable-stores', {}, { enabled: agent !== null, retry: false });
    const choices = (stores.data ?? []).filter(store => store.id !== agent?.store_id);
    const chosen = choices.find(store => store.id === target);
    const name = agent ? `${agent.first_name} ${agent.last_name}` : '';

    const close = () => {
        setTarget('');
        setConfirming(false);
        onClose();
    };

    return (
        <>
            <Dialog
                open={agent !== null && !confirming}
                onClose={busy ? undefined : close}
                aria-labelledby={titleId}
                fullWidth
                maxWidth="xs"
            >
                <DialogTitle id={titleId}>{translate('shops.transfer_title', { name })}</DialogTitle>
                <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                    <DialogContentText>
                        {translate('shops.transfer_help', { name, store: agent?.store_name ?? '—' })}
                    </DialogContentText>
                    {stores.isError ? (
                        <Alert severity="error">{translate(errorKeyOf(stores.error))}</Alert>
                    ) : stores.isSuccess && choices.length === 0 ? (
                        <Alert severity="info">{translate('shops.no_other_store')}</Alert>
                    ) : (
                        <TextField
                            select
                            label={translate('shops.transfer_to')}
                            value={target === '' ? '' : String(target)}
                            onChange={event => setTarget(Number(event.target.value))}
                            disabled={!stores.isSuccess}
                            fullWidth
                        >
                            {choices.map(store => (
                                <MenuItem key={store.id} value={String(store.id)}>
                                    {store.name}
                                </MenuItem>
                            ))}
                        </TextField>
                    )}
                    {failure ? (
                        <Alert severity="error" role="alert">
                            {translate('shops.transfer_failed')} {translate(errorKeyOf(failure))}
                        </Alert>
                    ) : null}
                </DialogContent>
                <DialogActions>
                    <Button onClick={close} disabled={busy}>
                        {translate('ra.action.cancel')}
                    </Button>
                    <Button variant="contained" disabled={!chosen || busy} onClick={() => setConfirming(true)}>
                        {translate('shops.transfer')}
                    </Button>
                </DialogActions>
            </Dialog>
            <ConfirmDialog
                open={agent !== null && confirming}
                title={translate('shops.confirm_title')}
                content={translate('shops.confirm_content', { name, from: agent?.store_name ?? '—', to: chosen?.name ?? '' })}
                busy={busy}
                onClose={() => setConfirming(false)}
                onConfirm={() => {
                    if (agent && chosen) onTransfer(agent, chosen.id, chosen.name);
                    setConfirming(false);
                }}
            />
        </>
    );
};
