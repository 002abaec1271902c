import {
    AutocompleteInput,
    BooleanInput,
    Create,
    PasswordInput,
    ReferenceInput,
    SimpleForm,
    TextInput,
    maxLength,
    minLength,
    required,
} from 'react-admin';
import { Grid } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { usePortalValidators } from '../../lib/validators';

export const UserCreate = () => {
    const validate = usePortalValidators();
    return (
        <Create redirect="list">
            <SimpleForm>
                <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 720 }}>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="first_name" validate={[required(), maxLength(80)]} autoFocus />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="last_name" validate={[required(), maxLength(80)]} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput
                            source="username"
                            helperText="register.username_help"
                            validate={[required(), validate.username]}
                            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput
                            source="msisdn"
                            type="tel"
                            helperText="register.msisdn_help"
                            validate={[required(), validate.phone]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="email" type="email" validate={validate.optionalEmail} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <PasswordInput
                            source="password"
                            autoComplete="new-password"
                            validate={[required(), minLength(PASSWORD_MIN_LENGTH)]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <ReferenceInput source="group_id" reference="groups" sort={{ field: 'name', order: 'ASC' }}>
                            <AutocompleteInput optionText="name" validate={required()} label="resources.users.fields.group_id" />
                        </ReferenceInput>
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <ReferenceInput source="store_id" reference="store-options" sort={{ field: 'name', order: 'ASC' }}>
                            <AutocompleteInput
                                optionText="name"
                                label="resources.users.fields.store_id"
                                helperText="resources.users.store_help"
                            />
                        </ReferenceInput>
                    </Grid>
                    <Grid size={12}>
                        <BooleanInput source="otp_enabled" helperText="resources.users.otp_help" />
                    </Grid>
                </Grid>
            </SimpleForm>
        </Create>
    );
};
