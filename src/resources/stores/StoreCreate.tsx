import { Box, Card, CardContent } from '@mui/material';
import {
    AutocompleteInput,
    BooleanInput,
    Form,
    HttpError,
    maxLength,
    minLength,
    ReferenceInput,
    required,
    TextInput,
    useCanAccess,
    useCreate,
    useGetIdentity,
    useNotify,
    useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Store } from '../../../contract/stores';
import type { Admin } from '../../../contract/users';
import type { PortalIdentity } from '../../authProvider';
import { errorKeyOf } from '../../lib/apiErrors';
import { LocationInputs } from './LocationInputs';
import { Screen } from '../../lists/Screen';
import { SubmitButton } from '../../layout/SubmitButton';

const placeChecks = [required(), minLength(2), maxLength(80)];

interface StoreForm {
    name: string;
    region: string;
    town: string;
    latitude: number;
    longitude: number;
    region_lead_id?: number | null;
    branded?: boolean;
}

const FIELDS = ['name', 'region', 'town', 'latitude', 'longitude', 'region_lead_id', 'branded'];

/** The data provider puts a 400 or 409 naming a field on `body.errors` as `{ field: key }` (dataProvider/index.ts). */
const formErrorsOf = (error: unknown): Record<string, string> => {
    const errors: unknown = error instanceof HttpError ? (error.body as { errors?: unknown } | null)?.errors : undefined;
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
    return Object.fromEntries(
        Object.entries(errors as Record<string, unknown>).filter(
            (entry): entry is [string, string] => FIELDS.includes(entry[0]) && typeof entry[1] === 'string',
        ),
    );
};

/**
 * Marking a store branded (the operator's own, contract/stores.ts `createStore`) is for staff
 * without a shop: the server refuses it (403 on `branded`) to anyone attached to one. Unknown until
 * the identity is read, so not offered before.
 */
const useCanMarkBranded = () => {
    const { identity, isPending } = useGetIdentity();
    return !isPending && identity !== undefined && (identity as PortalIdentity).shop === null;
};

/** Naming a region lead needs ADD_REGION_LEAD, and picking one reads the users list (VIEW_USERS). */
export const useCanNameRegionLead = () => {
    const lead = useCanAccess({ resource: 'stores', action: 'region_lead' });
    const users = useCanAccess({ resource: 'users', action: 'list' });
    return lead.canAccess === true && users.canAccess === true;
};

/** An active portal user, picked by name or username. */
export const RegionLeadInput = ({ source = 'region_lead_id' }: { source?: string }) => {
    const allowed = useCanNameRegionLead();
    if (!allowed) return null;
    return (
        <ReferenceInput source={source} reference="users" filter={{ status: 'active' }}>
            <AutocompleteInput
                label="stores.fields.region_lead"
                optionText={(user: Admin) => `${user.first_name} ${user.last_name} (${user.username})`}
                helperText="stores.region_lead_help"
                filterToQuery={text => ({ q: text })}
            />
        </ReferenceInput>
    );
};

/** A new phone store; its creator becomes its owner (ADD_STORE). */
export const StoreCreate = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const navigate = useNavigate();
    const [create] = useCreate<StoreForm, Error, Store>();
    const canMarkBranded = useCanMarkBranded();

    // A refusal naming a field is said on it, and the form keeps what was typed.
    const save = async (values: Partial<StoreForm>) => {
        try {
            const store = await create(
                'stores',
                {
                    data: {
                        name: values.name ?? '',
                        region: values.region ?? '',
                        town: values.town ?? '',
                        latitude: Number(values.latitude),
                        longitude: Number(values.longitude),
                        region_lead_id: values.region_lead_id ?? undefined,
                        // Sent only by those who were offered the switch: the others' stores are unbranded.
                        branded: canMarkBranded ? values.branded === true : undefined,
                    },
                },
                { returnPromise: true },
            );
            // With returnPromise the saved store comes back, or the call throws.
            if (!store) return undefined;
            notify('stores.created', { type: 'success', messageArgs: { name: store.name } });
            void navigate(`/dashboard/stores/${store.id}`);
            return undefined;
        } catch (error) {
            const fields = formErrorsOf(error);
            if (Object.keys(fields).length > 0) return fields;
            notify(errorKeyOf(error), { type: 'error' });
            return undefined;
        }
    };

    return (
        <Screen resource="stores" action="create" title={translate('stores.create_title')}>
            <Card sx={{ maxWidth: 720 }}>
                <CardContent>
                    <Form onSubmit={save} mode="onBlur" reValidateMode="onChange">
                        <TextInput source="name" label="stores.fields.name" validate={placeChecks} autoFocus />
                        <TextInput source="region" label="stores.fields.region" validate={placeChecks} />
                        <TextInput source="town" label="stores.fields.town" validate={placeChecks} />
                        <LocationInputs />
                        <RegionLeadInput />
                        {canMarkBranded ? (
                            <BooleanInput
                                source="branded"
                                label="stores.branded.label"
                                helperText="stores.branded.help"
                                defaultValue={false}
                            />
                        ) : null}
                        <Box sx={{ mt: 1 }}>
                            <SubmitButton label="stores.create" />
                        </Box>
                    </Form>
                </CardContent>
            </Card>
        </Screen>
    );
};
