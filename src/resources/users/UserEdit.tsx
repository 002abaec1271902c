import { Grid } from '@mui/material';
import {
    AutocompleteInput,
    BooleanInput,
    Edit,
    PasswordInput,
    ReferenceInput,
    SaveButton,
    SimpleForm,
    TextInput,
    Toolbar,
    maxLength,
    required,
    useRecordContext,
    type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { internationalMsisdn, isMsisdn } from '../../../contract/fields';
import type { Admin } from '../../../contract/users';
import { usePortalValidators } from '../../lib/validators';
import { quietOnError } from '../../layout/ResourceErrors';
import { EditLoadError } from '../../lists/EditLoadError';
import { UserAccountActions } from './UserAccountActions';
import { useChoosableGroups } from './choosableGroups';
import { isOwnAccount } from './ownAccount';

/**
 * A cleared optional input is "none" (`null`), as the record holds it, not an empty string; the
 * current password is sent only when typed.
 */
const clearedToNull = ({ current_password: currentPassword, ...data }: RaRecord): RaRecord => ({
    ...data,
    email: data.email === '' ? null : data.email,
    store_id: data.store_id === '' ? null : data.store_id,
    ...(typeof currentPassword === 'string' && currentPassword !== '' ? { current_password: currentPassword } : {}),
});

/** The phone number as the server keeps it (contract/fields.ts `msisdn`): trimmed, without the +. */
const storedMsisdn = (value: unknown) => (typeof value === 'string' ? internationalMsisdn(value) : '');

/**
 * On one's own account, a new phone number (where the sign-in codes go) or turning the SMS code
 * off asks for the current password again, as the server does (updateAdmin): the input shows as
 * soon as the form holds such a change.
 */
const CurrentPasswordInput = () => {
    const user = useRecordContext<Admin>();
    const [msisdn, otpEnabled] = useWatch({ name: ['msisdn', 'otp_enabled'] }) as [unknown, unknown];
    if (!user || !isOwnAccount(user)) return null;
    const newPhone = isMsisdn(storedMsisdn(msisdn)) && storedMsisdn(msisdn) !== user.msisdn;
    const turnedOff = user.otp_enabled && otpEnabled === false;
    if (!newPhone && !turnedOff) return null;
    return (
        <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordInput
                source="current_password"
                autoComplete="current-password"
                helperText="resources.users.edit.current_password_help"
                validate={required()}
            />
        </Grid>
    );
};

const GroupInput = ({ own }: { own: boolean }) => {
    const user = useRecordContext<Admin>();
    const { choices, isPending } = useChoosableGroups(user?.group_id);
    return (
        <AutocompleteInput
            source="group_id"
            choices={choices}
            isPending={isPending}
            optionText="name"
            label="resources.users.fields.group_id"
            validate={required()}
            disabled={own}
            helperText={own ? 'resources.users.edit.own_group' : 'resources.users.edit.group_help'}
        />
    );
};

const EditToolbar = () => (
    <Toolbar>
        <SaveButton />
    </Toolbar>
);

const UserForm = () => {
    const validate = usePortalValidators();
    const user = useRecordContext<Admin>();
    const own = isOwnAccount(user);
    return (
        <SimpleForm toolbar={<EditToolbar />}>
            <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 720 }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                    <TextInput source="first_name" validate={[required(), maxLength(80)]} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                    <TextInput source="last_name" validate={[required(), maxLength(80)]} />
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
                    <GroupInput own={own} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                    <ReferenceInput source="store_id" reference="store-options" sort={{ field: 'name', order: 'ASC' }}>
                        <AutocompleteInput
                            optionText="name"
                            label="resources.users.fields.store_id"
                            disabled={own}
                            helperText={own ? 'resources.users.edit.own_group' : 'resources.users.store_help'}
                        />
                    </ReferenceInput>
                </Grid>
                <Grid size={12}>
                    <BooleanInput source="otp_enabled" helperText="resources.users.otp_help" />
                </Grid>
                <CurrentPasswordInput />
            </Grid>
        </SimpleForm>
    );
};

/**
 * A portal user's name, contact, group, shop and second factor (EDIT_USER), and below them the
 * account actions. Saving sends only what changed (dataProvider `update`); a refusal lands on its
 * input, or as a message, and what was typed stays.
 */
export const UserEdit = () => (
    <Edit
        mutationMode="pessimistic"
        redirect="list"
        transform={clearedToNull}
        error={<EditLoadError />}
        queryOptions={quietOnError}
    >
        <UserForm />
        <UserAccountActions />
    </Edit>
);
