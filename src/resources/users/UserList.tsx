import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    ColumnsButton,
    CreateButton,
    DataTable,
    EditButton,
    FilterButton,
    List,
    ReferenceInput,
    SearchInput,
    SelectInput,
    SimpleList,
    TopToolbar,
    useCanAccess,
    useTranslate,
} from 'react-admin';
import { ADMIN_STATUSES, type Admin } from '../../../contract/users';
import { exportAdmins, type ExportColumn } from '../../../contract/exports';
import { StreamedExportButton } from '../../lists/ExportAllButton';
import { ListEmpty } from '../../lists/ListEmpty';
import { ListLoadError, quietOnError } from '../../layout/ResourceErrors';
import { UserBulkActions } from './UserBulkActions';
import { UserStatus } from './UserStatus';
import { LocalDateField } from '../../lists/LocalDateField';

/** The "Add filter" menu names a filter by its element's own `source` and `label`. */
const StatusInput = ({ source, label }: { source: 'status'; label: string }) => {
    const translate = useTranslate();
    return (
        <SelectInput
            source={source}
            label={label}
            choices={ADMIN_STATUSES.map(status => ({ id: status, name: translate(`resources.users.statuses.${status}`) }))}
        />
    );
};

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="group_id" source="group_id" reference="groups" sort={{ field: 'name', order: 'ASC' }}>
        <SelectInput optionText="name" label="resources.users.fields.group_id" />
    </ReferenceInput>,
    <StatusInput key="status" source="status" label="resources.users.fields.status" />,
];

const NameCell = ({ user }: { user: Admin }) => (
    <Box>
        <Typography variant="body2">
            {user.first_name} {user.last_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
            {user.username}
        </Typography>
    </Box>
);

/**
 * Every user the filters select as a file the server writes (contract/exports.ts), in the reader's
 * words and dates: its columns as data (contract/csv.ts writes them on both sides).
 */
export const useExportColumns = (): ExportColumn[] => {
    const translate = useTranslate();
    const title = (field: string) => translate(`resources.users.fields.${field}`);
    return [
        { title: title('username'), field: 'username' },
        { title: title('first_name'), field: 'first_name' },
        { title: title('last_name'), field: 'last_name' },
        { title: title('msisdn'), field: 'msisdn' },
        { title: title('email'), field: 'email' },
        { title: title('group_id'), field: 'group_name' },
        { title: title('store_id'), field: 'store_name' },
        {
            title: title('status'),
            field: 'status',
            words: Object.fromEntries(ADMIN_STATUSES.map(status => [status, translate(`resources.users.statuses.${status}`)])),
        },
        { title: title('created_at'), field: 'created_at', format: 'datetime' },
    ];
};

export const UserList = () => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    // EDIT_USER opens a user from their row, or from its Edit link (the one keyboards reach).
    const { canAccess: canEdit } = useCanAccess({ resource: 'users', action: 'edit' });
    const columns = useExportColumns();
    return (
        <List
            // react-admin's own export would skip src/lib/csv.ts's guards and stop at one page.
            exporter={false}
            filters={filters}
            sort={{ field: 'created_at', order: 'DESC' }}
            actions={
                <TopToolbar>
                    <FilterButton />
                    {phone ? null : <ColumnsButton />}
                    <StreamedExportButton call={exportAdmins} columns={columns} fileName="users" />
                    <CreateButton />
                </TopToolbar>
            }
            empty={<ListEmpty />}
            error={<ListLoadError />}
            queryOptions={quietOnError}
        >
            {phone ? (
                <SimpleList<Admin>
                    primaryText={user => `${user.first_name} ${user.last_name}`}
                    secondaryText={user =>
                        `${user.username} · ${user.group_name}${user.store_name ? ` · ${user.store_name}` : ''}`
                    }
                    tertiaryText={user => translate(`resources.users.statuses.${user.status}`)}
                    linkType={canEdit ? 'edit' : false}
                />
            ) : (
                // Rows are selected for the account actions, which the edit gate's holders alone take.
                <DataTable bulkActionButtons={canEdit ? <UserBulkActions /> : false} rowClick={canEdit ? 'edit' : false}>
                    <DataTable.Col
                        source="username"
                        label="resources.users.fields.name"
                        render={(user: Admin) => <NameCell user={user} />}
                    />
                    <DataTable.Col source="msisdn" disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }} />
                    <DataTable.Col source="group_name" label="resources.users.fields.group_id" disableSort />
                    <DataTable.Col
                        source="store_name"
                        label="resources.users.fields.store_id"
                        disableSort
                        render={(user: Admin) => user.store_name ?? '—'}
                        sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                    />
                    <DataTable.Col source="status" field={UserStatus} />
                    <DataTable.Col
                        source="created_at"
                        field={LocalDateField}
                        sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                    />
                    {canEdit ? (
                        <DataTable.Col label={false} align="right">
                            <EditButton />
                        </DataTable.Col>
                    ) : null}
                </DataTable>
            )}
        </List>
    );
};
