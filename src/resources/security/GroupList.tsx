import { useMediaQuery, type Theme } from '@mui/material';
import {
    CreateButton,
    DataTable,
    Link,
    List,
    SearchInput,
    SimpleList,
    TopToolbar,
    useCreatePath,
    useTranslate,
} from 'react-admin';
import type { MouseEvent } from 'react';
import type { AdminGroup } from '../../../contract/security';
import { ListEmpty } from '../../lists/ListEmpty';
import { ListLoadError, quietOnError } from '../../layout/ResourceErrors';
import { LocalDateField } from '../../lists/LocalDateField';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The group's name as a link to it: the row opens on a click, the link with the keyboard too. */
const NameLink = ({ group }: { group: AdminGroup }) => {
    const createPath = useCreatePath();
    return (
        <Link
            to={createPath({ resource: 'security', id: group.id, type: 'show' })}
            onClick={(event: MouseEvent) => event.stopPropagation()}
        >
            {group.name}
        </Link>
    );
};

export const GroupList = () => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <List
            // No export here; react-admin's default one would skip src/lib/csv.ts's guards.
            exporter={false}
            filters={filters}
            sort={{ field: 'name', order: 'ASC' }}
            actions={
                <TopToolbar>
                    <CreateButton />
                </TopToolbar>
            }
            empty={<ListEmpty />}
            error={<ListLoadError />}
            queryOptions={quietOnError}
        >
            {phone ? (
                <SimpleList<AdminGroup>
                    primaryText={group => group.name}
                    secondaryText={group => group.description}
                    tertiaryText={group =>
                        translate('resources.security.counts', { roles: group.role_count, users: group.user_count })
                    }
                    linkType="show"
                />
            ) : (
                <DataTable rowClick="show" bulkActionButtons={false}>
                    <DataTable.Col source="name" render={(group: AdminGroup) => <NameLink group={group} />} />
                    <DataTable.Col source="description" disableSort sx={{ display: { xs: 'none', md: 'table-cell' } }} />
                    <DataTable.NumberCol source="role_count" disableSort />
                    <DataTable.NumberCol source="user_count" disableSort />
                    <DataTable.Col
                        source="created_at"
                        field={LocalDateField}
                        sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                    />
                </DataTable>
            )}
        </List>
    );
};
