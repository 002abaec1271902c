import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { Store } from '../../../contract/stores';
import { useWrite } from '../../dataProvider/useWrite';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { RegionLeadInput } from './StoreCreate';
import { SubmitButton } from '../../layout/SubmitButton';

/**
 * Names (or clears) a store's region lead (ADD_REGION_LEAD): an active portal user. Clearing the
 * picker and saving leaves the store without one.
 */
export const RegionLeadDialog = ({
    store,
    open,
    onClose,
    onSaved,
}: {
    store: Store;
    open: boolean;
    onClose: () => void;
    onSaved: (store: Store) => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const titleId = useId();
    const regionLead = useWrite('storesRegionLead');

    // A refusal on the picker is said there, and the dialog keeps what was chosen.
    const save = async (values: { admin_id?: number | null }) => {
        try {
            const saved = await regionLead.mutateAsync({ storeId: store.id, adminId: values.admin_id ?? null });
            notify(saved.region_lead ? 'stores.region_lead.saved' : 'stores.region_lead.cleared', {
                type: 'success',
                messageArgs: { store: saved.name, name: saved.region_lead?.name ?? '' },
            });
            onSaved(saved);
            return undefined;
        } catch (error) {
            const fields = fieldErrorsOf(error, ['admin_id']);
            if (Object.keys(fields).length > 0) return fields;
            notify(errorKeyOf(error), { type: 'error' });
            return undefined;
        }
    };

    return (
        <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
            {open ? (
                <Form onSubmit={save} record={{ id: store.id, admin_id: store.region_lead?.id ?? null }}>
                    <DialogTitle id={titleId}>{translate('stores.region_lead.title', { store: store.name })}</DialogTitle>
                    <DialogContent>
                        <DialogContentText sx={{ mb: 2 }}>{translate('stores.region_lead.help')}</DialogContentText>
                        <RegionLeadInput source="admin_id" />
                    </DialogContent>
                    <DialogActions>
                        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                        <SubmitButton label="stores.region_lead.save" />
                    </DialogActions>
                </Form>
            ) : null}
        </Dialog>
    );
};
