import { Divider } from '@mui/material';
import { DateField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { GroupRoles } from './GroupRoles';

export const GroupShow = () => (
    <Show>
        <SimpleShowLayout>
            <TextField source="name" />
            <TextField source="description" emptyText="—" />
            <NumberField source="user_count" />
            <DateField source="created_at" showTime />
            <Divider />
            <GroupRoles />
        </SimpleShowLayout>
    </Show>
);
