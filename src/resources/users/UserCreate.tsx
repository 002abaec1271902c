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
    useNotify,
    useRedirect,
} from 'react-admin';
import { Grid } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import type { Admin } from '../../../contract/users';
import { internationalMsisdn } from '../../lib/contractChecks';
import { usePortalValidators } from '../../lib/validators';

/** What is sent: the phone number in international form (a South African 0821234567 as 27821234567). */
const transform = (values: Record<string, unknown>) => ({
    ...values,
    msisdn: typeof values.msisdn === 'string' ? internationalMsisdn(values.msisdn) : values.msisdn,
});

/**
 * A new portal user. The form checks itself (`noValidate`): the browser's own tooltips would speak
 * before the portal's messages, in the browser's language. Saved, it says who was created.
 */
export const UserCreate = () => {
    const validate = usePortalValidators();
    const notify = useNotify();
    const redirect = useRedirect();
    return (
        <Create
            transform={transform}
            mutationOptions={{
                onSuccess: (user: Admin) => {
                    notify('resources.users.created', { type: 'info', messageArgs: { username: user.username } });
                    redirect('list', 'users');
                },
            }}
        >
            <SimpleForm noValidate>
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
                            helperText="resources.users.msisdn_help"
                            validate={[required(), validate.internationalPhone]}
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
