import { Create, SimpleForm, TextInput, maxLength, minLength, required } from 'react-admin';

export const GroupCreate = () => (
    <Create redirect="show">
        <SimpleForm>
            <TextInput source="name" validate={[required(), minLength(2), maxLength(80)]} autoFocus />
            <TextInput source="description" multiline minRows={2} validate={maxLength(300)} />
        </SimpleForm>
    </Create>
);
