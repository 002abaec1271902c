import { Box, Chip, Typography } from '@mui/material';
import {
    AutocompleteInput,
    DataTable,
    DateInput,
    FilterButton,
    List,
    ReferenceInput,
    ResourceContextProvider,
    TextInput,
    TopToolbar,
    useCanAccess,
    useLocale,
    useTranslate,
} from 'react-admin';
import type { AuditEventRecord } from '../../../contract/audit';
import { exportAudit, type ExportColumn } from '../../../contract/exports';
import { formatDateTime } from '../../lib/format';
import { StreamedExportButton } from '../../lists/ExportAllButton';
import { ListLoadError, quietOnError } from '../../layout/ResourceErrors';
import { auditExportColumns, auditWordsKey, subjectOf } from './actions';
import { AuditDiff } from './AuditDiff';

/**
 * The date filters hold moments the server compares with (contract `listAuditEvents`): "from" the
 * start of that day, "to" its end, in the user's time zone; the input shows the day.
 */
const dayBoundary = (edge: 'start' | 'end') => (value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value || null;
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const moment = edge === 'start' ? new Date(year, month - 1, day) : new Date(year, month - 1, day, 23, 59, 59, 999);
    return moment.toISOString();
};

const useFilters = () => {
    const { canAccess: canListUsers } = useCanAccess({ resource: 'users', action: 'list' });
    return [
        ...(canListUsers
            ? [
                  <ReferenceInput key="actor_id" source="actor_id" reference="users" alwaysOn>
                      <AutocompleteInput
                          label="resources.audit-events.fields.actor"
                          optionText={(user: { first_name: string; last_name: string; username: string }) =>
                              `${user.first_name} ${user.last_name} (${user.username})`
                          }
                          sx={{ minWidth: { sm: 220 } }}
                      />
                  </ReferenceInput>,
              ]
            : []),
        <TextInput
            key="action"
            source="action"
            label="resources.audit-events.fields.action"
            helperText="resources.audit-events.action_help"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />,
        <TextInput
            key="entity"
            source="entity"
            label="resources.audit-events.fields.entity"
            helperText="resources.audit-events.entity_help"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />,
        <TextInput key="entity_id" source="entity_id" label="resources.audit-events.fields.entity_id" />,
        <DateInput key="from" source="from" label="resources.audit-events.fields.from" parse={dayBoundary('start')} />,
        <DateInput key="to" source="to" label="resources.audit-events.fields.to" parse={dayBoundary('end')} />,
    ];
};

const Code = ({ text }: { text: string }) => (
    <Chip label={text} size="small" variant="outlined" sx={{ fontFamily: 'monospace', fontSize: 12 }} />
);

/** An event in the reader's words ("Created user kea.tester"); a code no longer written, as it is. */
const useEventWords = () => {
    const translate = useTranslate();
    return (event: AuditEventRecord) => {
        const key = auditWordsKey(event.action);
        return key ? translate(key, { subject: subjectOf(event) }) : event.action;
    };
};

/** What happened in words, with the codes it was recorded under beneath, for those who filter by them. */
const EventCell = ({ event }: { event: AuditEventRecord }) => {
    const words = useEventWords();
    const record = `${event.entity}${event.entity_id ? ` #${event.entity_id}` : ''}`;
    return (
        <Box>
            <Typography variant="body2">{words(event)}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
                {`${event.action} · ${record}`}
            </Typography>
        </Box>
    );
};

const ActorCell = ({ event }: { event: AuditEventRecord }) => {
    const translate = useTranslate();
    if (!event.actor) return <Typography variant="body2">{translate('resources.audit-events.system')}</Typography>;
    return (
        <Box>
            <Typography variant="body2">{event.actor.name}</Typography>
            <Typography variant="caption" color="text.secondary">
                {event.actor.username}
            </Typography>
        </Box>
    );
};

const WhenCell = ({ event }: { event: AuditEventRecord }) => {
    const locale = useLocale();
    return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(Date.parse(event.at), locale)}</span>;
};

/** The export's columns in the reader's words (actions.ts `auditExportColumns`). */
const useExportColumns = (): ExportColumn[] => auditExportColumns(useTranslate());

const AuditEmpty = () => {
    const translate = useTranslate();
    return (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {translate('errors.no_records')}
        </Typography>
    );
};

/**
 * The audit trail (VIEW_AUDIT_TRAIL), newest first: who, with which role, did what to which
 * record, when; a row opens to show what changed. Filters by user, action, entity and dates, and
 * export of every filtered event as CSV in the list's order, streamed by the server to the
 * browser's own download (neither holds the whole trail).
 */
export const AuditList = () => {
    const columns = useExportColumns();
    return (
        <List
            filters={useFilters()}
            exporter={false}
            perPage={25}
            // Newest first; the When column sorts either way along its index (migration 0030).
            sort={{ field: 'at', order: 'DESC' }}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <StreamedExportButton call={exportAudit} columns={columns} fileName="audit-trail" />
                </TopToolbar>
            }
            empty={false}
            error={<ListLoadError />}
            queryOptions={quietOnError}
        >
            <DataTable bulkActionButtons={false} rowClick="expand" expand={<AuditDiff />} empty={<AuditEmpty />}>
                <DataTable.Col
                    source="at"
                    label="resources.audit-events.fields.at"
                    render={(event: AuditEventRecord) => <WhenCell event={event} />}
                />
                <DataTable.Col
                    source="actor"
                    label="resources.audit-events.fields.actor"
                    disableSort
                    render={(event: AuditEventRecord) => <ActorCell event={event} />}
                    sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                />
                <DataTable.Col
                    source="role_used"
                    label="resources.audit-events.fields.role_used"
                    disableSort
                    render={(event: AuditEventRecord) => (event.role_used ? <Code text={event.role_used} /> : '—')}
                    sx={{ display: { xs: 'none', md: 'table-cell' } }}
                />
                <DataTable.Col
                    source="action"
                    label="resources.audit-events.fields.event"
                    disableSort
                    render={(event: AuditEventRecord) => <EventCell event={event} />}
                />
            </DataTable>
        </List>
    );
};

/** The trail at /dashboard/audit: the `audit-events` resource under a shorter route (App.tsx). */
export const AuditTrail = () => (
    <ResourceContextProvider value="audit-events">
        <AuditList />
    </ResourceContextProvider>
);
