import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { fieldAgentRequest } from '../../../contract/customers';
import { isMsisdn } from '../../../contract/fields';
import { callApi } from '../../lib/portalApi';
import { outbox } from '../../lib/offlineQueue';
import { useFieldProblem } from '../../dialogs/ActionDialog';
import { DialogAction } from './actions/DialogAction';
import { useFormat } from '../../lib/useFormat';
import { Loaded, Section } from '../../parts/Section';
import { StatusChip } from '../../lists/StatusChip';
import { useSingleMutation } from '../../lib/singleFlight';

const REQUESTS_KEY = ['field-agent-requests'] as const;

type Form = { msisdn: string; first_name: string; last_name: string; id_number: string; town: string; note: string };
const EMPTY: Form = { msisdn: '', first_name: '', last_name: '', id_number: '', town: '', note: '' };
const ID_NUMBER = /^[A-Za-z0-9]{6,20}$/;

const problemsOf = (form: Form): Partial<Record<keyof Form, string>> => {
    const problems: Partial<Record<keyof Form, string>> = {};
    if (!isMsisdn(form.msisdn)) problems.msisdn = 'validation.phone';
    if (!form.first_name.trim()) problems.first_name = 'ra.validation.required';
    if (!form.last_name.trim()) problems.last_name = 'ra.validation.required';
    if (!ID_NUMBER.test(form.id_number.trim())) problems.id_number = 'customers.requests.invalid_id';
    if (form.town.trim().length < 2) problems.town = 'ra.validation.required';
    return problems;
};

/**
 * Recording a prospective customer met in the field: they become a customer registered by the
 * agent. Offered by this list, and by the agent's lookup when it found no one (`msisdn`: the
 * number looked for, filled in).
 */
export const AddRequest = ({ label = 'customers.requests.add', msisdn = '' }: { label?: string; msisdn?: string }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const [open, setOpen] = useState(false);
    const [form, setForm] = useState<Form>(EMPTY);
    const [problems, setProblems] = useState<Partial<Record<keyof Form, string>>>({});
    const add = useSingleMutation({
        // Offline (or with no answer from the network) the request waits on the phone, with its key,
        // and is sent once the connection is back (lib/offlineQueue.ts); the notice says so.
        mutationFn: (body: Form) =>
            outbox.submit(
                'fieldAgentRequest',
                {
                    action: 'add',
                    msisdn: body.msisdn.trim(),
                    first_name: body.first_name.trim(),
                    last_name: body.last_name.trim(),
                    id_number: body.id_number.trim(),
                    town: body.town.trim(),
                    note: body.note.trim() || undefined,
                },
                `${body.first_name.trim()} ${body.last_name.trim()} · ${body.msisdn.trim()}`,
            ),
        onSuccess: answer => {
            if ('queued' in answer) notify('outbox.queued', { type: 'info' });
            else notify('customers.requests.done', { type: 'success' });
            setOpen(false);
            setForm(EMPTY);
            void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
        },
    });
    const fieldProblem = useFieldProblem(add.error);
    const confirm = () => {
        const found = problemsOf(form);
        setProblems(found);
        if (Object.keys(found).length === 0) add.mutate(form);
    };
    const field = (
        name: keyof Form,
        extra: { autoFocus?: boolean; required?: boolean; type?: string; multiline?: boolean } = {},
    ) => {
        const problem = problems[name] ? translate(problems[name]) : fieldProblem(name);
        return (
            <TextField
                label={translate(`customers.requests.fields.${name}`)}
                value={form[name]}
                onChange={event => setForm(current => ({ ...current, [name]: event.target.value }))}
                error={problem !== undefined}
                helperText={problem}
                fullWidth
                {...extra}
            />
        );
    };
    const dialog = {
        open,
        show: () => {
            add.reset();
            if (msisdn) setForm(current => ({ ...current, msisdn }));
            setOpen(true);
        },
        close: () => {
            if (!add.isPending) setOpen(false);
        },
        busy: add.isPending,
        error: add.error,
    };
    return (
        <DialogAction
            action={dialog}
            label={label}
            icon={PersonAddIcon}
            title="customers.requests.add_title"
            intro="customers.requests.add_intro"
            onConfirm={confirm}
        >
            <Stack spacing={2}>
                {field('msisdn', { autoFocus: true, required: true, type: 'tel' })}
                {field('first_name', { required: true })}
                {field('last_name', { required: true })}
                {field('id_number', { required: true })}
                {field('town', { required: true })}
                {field('note', { multiline: true })}
            </Stack>
        </DialogAction>
    );
};

const STATUS_TONES = { open: 'info', done: 'success', cancelled: 'neutral' } as const;

/** The field agent's own customer requests, newest first, and adding one. */
export const FieldAgentRequests = () => {
    const format = useFormat();
    const query = useQuery({
        queryKey: REQUESTS_KEY,
        queryFn: async ({ signal }) => {
            const answer = await callApi(fieldAgentRequest, { body: { action: 'fetch' } }, { signal });
            return answer.action === 'fetch' ? answer.data : [];
        },
    });
    return (
        <Section title="customers.requests.title" action={<AddRequest />}>
            <Loaded query={query} empty="customers.requests.empty" isEmpty={rows => rows.length === 0}>
                {rows => (
                    <List dense disablePadding>
                        {rows.map(row => (
                            <ListItem
                                key={row.id}
                                divider
                                disableGutters
                                secondaryAction={
                                    <StatusChip
                                        label={format.words('customers.requests.statuses', row.status)}
                                        tone={STATUS_TONES[row.status]}
                                    />
                                }
                            >
                                <ListItemText
                                    primary={`${row.first_name} ${row.last_name} · ${row.msisdn}`}
                                    secondary={[row.town, format.time(row.created_at), row.note ?? '']
                                        .filter(Boolean)
                                        .join(' · ')}
                                    sx={{ pr: 12 }}
                                />
                            </ListItem>
                        ))}
                    </List>
                )}
            </Loaded>
        </Section>
    );
};
