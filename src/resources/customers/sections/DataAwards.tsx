import DataUsageIcon from '@mui/icons-material/DataUsage';
import {
    Alert,
    FormControl,
    FormControlLabel,
    FormHelperText,
    FormLabel,
    List,
    ListItem,
    ListItemText,
    Radio,
    RadioGroup,
    TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { customerDataAwards, DATA_BUNDLES_MB } from '../../../../contract/customers';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from '../actions/DialogAction';
import { useDialogAction } from '../actions/useDialogAction';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Loaded, Section } from '../../../parts/Section';

type Bundle = (typeof DATA_BUNDLES_MB)[number];

/** 100 MB, 500 MB, 1 GB. */
export const bundleLabel = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);

/**
 * Data awards (AWARD_DATA): the bundles given to the customer, newest first, and giving one with a
 * reason; once in 30 days, so the button says from when the next may be given.
 */
export const DataAwards = ({ msisdn }: { msisdn: string }) => {
    const translate = useTranslate();
    const format = useFormat();
    const labelId = useId();
    const query = useCustomerQuery(msisdn, ['data-awards'], customerDataAwards, { body: { msisdn } });
    const action = useDialogAction('customerAwardData', answer => [
        'customers.awards.done',
        { bundle: bundleLabel(answer.bundle_mb) },
    ]);
    const fieldProblem = useFieldProblem(action.error);
    const [bundle, setBundle] = useState<Bundle | null>(null);
    const [reason, setReason] = useState('');
    const [problems, setProblems] = useState<{ bundle?: string; reason?: string }>({});
    const next = query.data?.next_award_at ?? null;

    const open = () => {
        setBundle(null);
        setReason('');
        setProblems({});
        action.show();
    };
    const confirm = () => {
        const found = {
            bundle: bundle === null ? translate('customers.awards.bundle_required') : undefined,
            reason: reason.trim().length < 3 ? translate('customers.awards.reason_required') : undefined,
        };
        setProblems(found);
        if (bundle !== null && !found.reason) action.run({ body: { msisdn, bundle_mb: bundle, reason: reason.trim() } });
    };
    // The server's refusals of a bundle (awarded too recently) read as a whole in the dialog's alert.
    const bundleProblem = problems.bundle;
    const reasonProblem = problems.reason ?? fieldProblem('reason');

    return (
        <Section
            title="customers.awards.title"
            action={
                <DialogAction
                    action={{ ...action, show: open }}
                    label="customers.awards.award"
                    icon={DataUsageIcon}
                    disabled={next !== null}
                    title="customers.awards.title"
                    intro="customers.awards.intro"
                    onConfirm={confirm}
                >
                    <FormControl error={bundleProblem !== undefined}>
                        <FormLabel id={labelId}>{translate('customers.awards.bundle')}</FormLabel>
                        <RadioGroup
                            row
                            aria-labelledby={labelId}
                            value={bundle ?? ''}
                            onChange={event => {
                                setBundle(Number(event.target.value) as Bundle);
                                setProblems(current => ({ ...current, bundle: undefined }));
                            }}
                        >
                            {DATA_BUNDLES_MB.map(size => (
                                <FormControlLabel key={size} value={size} control={<Radio />} label={bundleLabel(size)} />
                            ))}
                        </RadioGroup>
                        {bundleProblem ? <FormHelperText>{bundleProblem}</FormHelperText> : null}
                    </FormControl>
                    <TextField
                        label={translate('customers.awards.reason')}
                        value={reason}
                        onChange={event => setReason(event.target.value)}
                        error={reasonProblem !== undefined}
                        helperText={reasonProblem}
                        required
                        multiline
                        minRows={2}
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: 500 } }}
                    />
                </DialogAction>
            }
        >
            {next ? (
                <Alert severity="info" sx={{ mb: 1 }}>
                    {translate('customers.awards.next_at', { date: format.day(next) })}
                </Alert>
            ) : null}
            <Loaded query={query} empty="customers.awards.empty" isEmpty={answer => answer.data.length === 0}>
                {answer => (
                    <List dense disablePadding>
                        {answer.data.map(award => (
                            <ListItem key={award.id} divider disableGutters>
                                <ListItemText
                                    primary={`${bundleLabel(award.bundle_mb)} · ${award.reason}`}
                                    secondary={translate('customers.awards.given_by', {
                                        name: award.awarded_by.name,
                                        date: format.day(award.created_at),
                                    })}
                                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                                />
                            </ListItem>
                        ))}
                    </List>
                )}
            </Loaded>
        </Section>
    );
};
