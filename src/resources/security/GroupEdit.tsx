import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, maxLength, minLength, required } from 'react-admin';
import { quietOnError } from '../../layout/ResourceErrors';
import { EditLoadError } from '../../lists/EditLoadError';

/**
 * Rename or describe a group (ADD_SECURITY_GROUP), opened from the group's screen. Only what
 * changed is sent; the groups the portal knows by name keep it (errors.group_name_fixed, shown
 * on the name).
 */
export const GroupEdit = () => (
    <Edit mutationMode="pessimistic" redirect="show" error={<EditLoadError />} queryOptions={quietOnError}>
        <SimpleForm
            toolbar={
                <Toolbar>
                    <SaveButton />
                </Toolbar>
            }
        >
            <TextInput source="name" validate={[required(), minLength(2), maxLength(80)]} autoFocus />
            <TextInput source="description" multiline minRows={2} validate={maxLength(300)} />
        </SimpleForm>
    </Edit>
);
