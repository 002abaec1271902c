import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import {
    AutocompleteInput,
    CanAccess,
    DataTable,
    Form,
    ReferenceManyField,
    useCreate,
    useDelete,
    useGetList,
    useListContext,
    useNotify,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { GroupRole } from '../../../contract/auth';
import type { AdminGroup } from '../../../contract/security';
import { LIST_LIMIT } from '../../config';
import { errorKeyOf } from '../../lib/apiErrors';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { useSingleFlight } from '../../lib/singleFlight';
import { ListLoadError, quietOnError } from '../../layout/ResourceErrors';
import { useRoleWords } from './roleWords';

/** A role in the reader's words, with the code itself beside it for those who know the codes. */
const RoleName = ({ code, serverText }: { code: string; serverText: string }) => {
    const roleWords = useRoleWords();
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <span>{roleWords(code, serverText)}</span>
            <Chip label={code} size="small" variant="outlined" sx={{ fontFamily: 'monospace', fontSize: 11 }} />
        </Stack>
    );
};

/**
 * Removing a role asks first (dialogs/ConfirmDialog.tsx). Cancelled, the focus goes back to the
 * Remove button; done, that row is gone, so the focus goes to the list's heading.
 */
const useRemoveRole = (group: AdminGroup, afterRemoval: () => void) => {
    const translate = useTranslate();
    const roleWords = useRoleWords();
    const notify = useNotify();
    const [deleteOne, { isPending }] = useDelete();
    // useDelete's isPending comes a task after the click: a double click would remove twice.
    const flight = useSingleFlight();
    const [pending, setPending] = useState<GroupRole | null>(null);
    const [removed, setRemoved] = useState(false);
    const confirm = () => {
        if (!pending) return;
        const land = flight.take();
        if (!land) return;
        void deleteOne(
            'group-roles',
            { id: pending.id, previousData: pending },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    setRemoved(true);
                    setPending(null);
                    notify('resources.security.role_removed', { type: 'info' });
                },
                onError: error => {
                    setPending(null);
                    notify(errorKeyOf(error), { type: 'error' });
                },
                onSettled: land,
            },
        );
    };
    const dialog = (
        <ConfirmDialog
            open={pending !== null}
            busy={isPending || flight.busy}
            title={translate('resources.security.remove_role_title')}
            content={
                pending
                    ? translate('resources.security.remove_role_content', {
                          role: roleWords(pending.admin_role.code, pending.admin_role.name),
                          group: group.name,
                      })
                    : ''
            }
            onConfirm={confirm}
            onClose={() => setPending(null)}
            onExited={() => {
                if (!removed) return;
                setRemoved(false);
                afterRemoval();
            }}
        />
    );
    return { ask: setPending, dialog };
};

const RemoveRoleButton = ({ onClick }: { onClick: () => void }) => {
    const translate = useTranslate();
    return (
        <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={onClick}>
            {translate('resources.security.remove_role')}
        </Button>
    );
};

const AddRoleButton = () => {
    const translate = useTranslate();
    const { isSubmitting } = useFormState();
    return (
        <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            disabled={isSubmitting}
            sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap' }}
        >
            {translate('resources.security.add_role')}
        </Button>
    );
};

/** Give the group a role it does not hold yet. */
const AddRole = ({ group, held }: { group: AdminGroup; held: ReadonlySet<number> }) => {
    const translate = useTranslate();
    const roleWords = useRoleWords();
    const notify = useNotify();
    const [create] = useCreate();
    // A new key empties the form after each role added.
    const [formKey, setFormKey] = useState(0);
    const { data: roles = [], isPending } = useGetList('roles', {
        pagination: { page: 1, perPage: LIST_LIMIT },
        sort: { field: 'code', order: 'ASC' },
    });
    const choices = roles
        .filter(role => !held.has(Number(role.id)))
        .map(role => ({ id: role.id, name: `${roleWords(String(role.code), String(role.name))} (${String(role.code)})` }));

    const submit = async ({ role_id }: { role_id?: number | null }) => {
        if (!role_id) return { role_id: 'ra.validation.required' };
        try {
            await create('group-roles', { data: { group_id: group.id, role_id } }, { returnPromise: true });
            notify('resources.security.role_added', { type: 'success' });
            setFormKey(key => key + 1);
        } catch (error) {
            notify(errorKeyOf(error), { type: 'error' });
        }
        return undefined;
    };

    return (
        <Form key={formKey} onSubmit={(values: { role_id?: number | null }) => submit(values)} record={{}}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                <AutocompleteInput
                    source="role_id"
                    label="resources.security.add_role_label"
                    choices={choices}
                    isPending={isPending}
                    noOptionsText={translate('resources.security.no_more_roles')}
                    sx={{ minWidth: { sm: 380 } }}
                    helperText={false}
                />
                <AddRoleButton />
            </Stack>
        </Form>
    );
};

const RolesOfGroup = ({ group, afterRemoval }: { group: AdminGroup; afterRemoval: () => void }) => {
    const translate = useTranslate();
    const { data = [], error } = useListContext<GroupRole>();
    const remove = useRemoveRole(group, afterRemoval);
    if (error) return <ListLoadError />;
    return (
        <>
            {remove.dialog}
            <CanAccess resource="group-roles" action="create">
                <Box sx={{ mb: 2 }}>
                    <AddRole group={group} held={new Set(data.map(row => row.role_id))} />
                </Box>
            </CanAccess>
            <DataTable
                bulkActionButtons={false}
                rowClick={false}
                empty={
                    <Typography color="text.secondary" sx={{ py: 2 }}>
                        {translate('resources.security.no_roles')}
                    </Typography>
                }
            >
                <DataTable.Col
                    label="resources.security.fields.role"
                    render={(row: GroupRole) => <RoleName code={row.admin_role.code} serverText={row.admin_role.name} />}
                />
                <DataTable.Col
                    label={false}
                    align="right"
                    render={(row: GroupRole) => (
                        <CanAccess resource="group-roles" action="delete">
                            <RemoveRoleButton onClick={() => remove.ask(row)} />
                        </CanAccess>
                    )}
                />
            </DataTable>
        </>
    );
};

/** The roles of the group shown, with add and remove for those who may edit roles. */
export const GroupRoles = () => {
    const translate = useTranslate();
    const group = useRecordContext<AdminGroup>();
    // Where the focus goes once a role is removed: its row, and the button in it, are gone.
    const heading = useRef<HTMLHeadingElement>(null);
    if (!group) return null;
    return (
        <Box>
            <Typography component="h2" variant="h6" sx={{ mb: 1, '&:focus': { outline: 'none' } }} ref={heading} tabIndex={-1}>
                {translate('resources.security.roles_of_group')}
            </Typography>
            <ReferenceManyField
                reference="group-roles"
                target="group_id"
                perPage={LIST_LIMIT}
                sort={{ field: 'id', order: 'ASC' }}
                queryOptions={quietOnError}
            >
                <RolesOfGroup group={group} afterRemoval={() => heading.current?.focus()} />
            </ReferenceManyField>
        </Box>
    );
};
