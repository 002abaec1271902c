import { Divider } from '@mui/material';
import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ShowLoadError, quietOnError } from '../../layout/ResourceErrors';
import { GroupRoles } from './GroupRoles';
import { LocalDateField } from '../../lists/LocalDateField';

export const GroupShow = () => (
    <Show error={<ShowLoadError />} queryOptions={quietOnError}>
        <SimpleShowLayout>
            <TextField source="name" />
            <TextField source="description" emptyText="—" />
            <NumberField source="user_count" />
            <LocalDateField source="created_at" showTime />
            <Divider />
            <GroupRoles />
        </SimpleShowLayout>
    </Show>
);
