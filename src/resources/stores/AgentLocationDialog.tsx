import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Button } from '@mui/material';
import { useId } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import type { Agent } from '../../../contract/agents';
import { useWrite } from '../../dataProvider/useWrite';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { LocationInputs } from './LocationInputs';
import { SubmitButton } from '../../layout/SubmitButton';

/** Moves an agent's location (UPDATE_AGENT_LOCATION) with the same picker as a new store's. */
export const AgentLocationDialog = ({
    agent,
    onClose,
    onMoved,
}: {
    agent: Agent | null;
    onClose: () => void;
    onMoved: (agent: Agent) => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const titleId = useId();
    const location = useWrite('storesAgentLocation');

    // A refusal on a coordinate is said on its field, and the form keeps what was typed.
    const save = async (values: { latitude?: number; longitude?: number }) => {
        if (!agent) return undefined;
        try {
            const moved = await location.mutateAsync({
                agentId: agent.id,
                latitude: Number(values.latitude),
                longitude: Number(values.longitude),
            });
            notify('stores.location.moved', { type: 'success', messageArgs: { name: `${moved.first_name} ${moved.last_name}` } });
            onMoved(moved);
            return undefined;
        } catch (error) {
            const fields = fieldErrorsOf(error, ['latitude', 'longitude']);
            if (Object.keys(fields).length > 0) return fields;
            notify(errorKeyOf(error), { type: 'error' });
            return undefined;
        }
    };

    return (
        <Dialog open={agent !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
            {agent ? (
                <Form
                    onSubmit={save}
                    record={{ id: agent.id, latitude: agent.latitude ?? undefined, longitude: agent.longitude ?? undefined }}
                >
                    <DialogTitle id={titleId}>
                        {translate('stores.location.move_title', { name: `${agent.first_name} ${agent.last_name}` })}
                    </DialogTitle>
                    <DialogContent>
                        <DialogContentText sx={{ mb: 2 }}>{translate('stores.location.move_help')}</DialogContentText>
                        <LocationInputs />
                    </DialogContent>
                    <DialogActions>
                        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                        <SubmitButton label="stores.location.save" />
                    </DialogActions>
                </Form>
            ) : null}
        </Dialog>
    );
};
