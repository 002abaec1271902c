import { Alert, Box, Card, CardContent, FormControlLabel, FormHelperText, Skeleton, Switch, Typography } from '@mui/material';
import { useId } from 'react';
import {
    Form,
    ListBase,
    NumberInput,
    maxValue,
    minValue,
    required,
    useCanAccess,
    useListContext,
    useLocale,
    useNotify,
    useTranslate,
    useInput,
    useUpdate,
} from 'react-admin';
import { LOCK_AFTER_DAYS, type LockPolicyRecord } from '../../../contract/lending';
import { SubmitButton } from '../../layout/SubmitButton';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';

const RESOURCE = 'lock-policy';
const DAYS = [required(), minValue(LOCK_AFTER_DAYS.min), maxValue(LOCK_AFTER_DAYS.max)];

type PolicyForm = Pick<LockPolicyRecord, 'lock_after_days' | 'reminders'>;

/**
 * The reminders switch, on the form's state through `useInput` (react-admin's BooleanInput hands
 * MUI's Switch an `inputRef` prop it passes on to the DOM), with its help text named by the input.
 */
const RemindersInput = ({ disabled }: { disabled: boolean }) => {
    const translate = useTranslate();
    const helpId = useId();
    const { field } = useInput<boolean>({ source: 'reminders' });
    return (
        <Box>
            <FormControlLabel
                label={translate('lock_policy.reminders')}
                disabled={disabled}
                control={
                    <Switch
                        checked={field.value === true}
                        onChange={event => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                        slotProps={{ input: { 'aria-describedby': helpId } }}
                    />
                }
            />
            <FormHelperText id={helpId}>{translate('lock_policy.reminders_help')}</FormHelperText>
        </Box>
    );
};

/** One lock solution's policy: its form for EDIT_LOCK_POLICY, its values read-only for the others. */
const SolutionPolicy = ({ policy, editable }: { policy: LockPolicyRecord; editable: boolean }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const [update] = useUpdate<LockPolicyRecord>();
    const headingId = `lock-policy-${policy.id}`;

    // Only what changed is sent (the data provider's update); a refusal on a field is said on it.
    const save = async (values: Partial<PolicyForm>) => {
        try {
            await update(
                RESOURCE,
                { id: policy.id, data: { ...values, lock_after_days: Number(values.lock_after_days) }, previousData: policy },
                { mutationMode: 'pessimistic', returnPromise: true },
            );
            notify('lock_policy.saved', {
                type: 'success',
                messageArgs: { solution: translate(`devices.solutions.${policy.lock_solution}`) },
            });
            return undefined;
        } catch (error) {
            const fields = fieldErrorsOf(error, ['lock_after_days', 'reminders']);
            if (Object.keys(fields).length > 0) return fields;
            notify(errorKeyOf(error), { type: 'error' });
            return undefined;
        }
    };

    return (
        <Card component="section" variant="outlined" aria-labelledby={headingId}>
            <CardContent>
                <Typography id={headingId} component="h2" variant="h6">
                    {translate(`devices.solutions.${policy.lock_solution}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {policy.updated_at && policy.updated_by
                        ? translate('lock_policy.changed', {
                              name: policy.updated_by,
                              when: formatDateTime(policy.updated_at, locale),
                          })
                        : translate('lock_policy.defaults')}
                </Typography>
                <Form<PolicyForm>
                    record={{ id: policy.id, lock_after_days: policy.lock_after_days, reminders: policy.reminders }}
                    onSubmit={save}
                    disabled={!editable}
                >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
                        <NumberInput
                            source="lock_after_days"
                            label="lock_policy.lock_after_days"
                            helperText="lock_policy.lock_after_days_help"
                            step={1}
                            validate={DAYS}
                            disabled={!editable}
                            sx={{ width: { xs: '100%', sm: '16rem' } }}
                        />
                        <RemindersInput disabled={!editable} />
                    </Box>
                    {editable ? <SubmitButton label="lock_policy.save" /> : null}
                </Form>
            </CardContent>
        </Card>
    );
};

const Policies = () => {
    const translate = useTranslate();
    const { data, isPending, error, refetch } = useListContext<LockPolicyRecord>();
    const { canAccess: editable = false } = useCanAccess({ resource: RESOURCE, action: 'edit' });
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    return (
        <>
            <Typography variant="body1">{translate('lock_policy.intro')}</Typography>
            {editable ? null : <Alert severity="info">{translate('lock_policy.read_only')}</Alert>}
            {isPending ? (
                <Skeleton variant="rounded" height={160} aria-label={translate('ra.page.loading')} />
            ) : (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
                    {data.map(policy => (
                        <SolutionPolicy key={policy.id} policy={policy} editable={editable} />
                    ))}
                </Box>
            )}
        </>
    );
};

/**
 * The lock policy (/dashboard/lock-policy): for each lock solution, the days a payment may be
 * overdue before the phone's lock is asked for, and whether customers are texted reminders
 * (server/domain/lending/job.ts applies it). Open to who may read it; changed by EDIT_LOCK_POLICY.
 */
export const LockPolicy = () => {
    const translate = useTranslate();
    return (
        <Screen resource={RESOURCE} title={translate('lock_policy.title')}>
            <ListBase<LockPolicyRecord> resource={RESOURCE} perPage={100} disableSyncWithLocation>
                <Policies />
            </ListBase>
        </Screen>
    );
};
