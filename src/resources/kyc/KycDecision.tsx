import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { GENDERS } from '../../../contract/customers';
import { KYC_CORRECTABLE_FIELDS, type KycCorrections, type KycSubmission } from '../../../contract/kyc';
import { useWrite } from '../../dataProvider/useWrite';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';
import { useSingleFlight } from '../../lib/singleFlight';
import type { KycDecision } from './writes';

/** A rejection says why (contract: 3 to 500 characters). */
const REASON_MIN = 3;
const REASON_MAX = 500;

interface DecisionState {
    choice: 'approve' | 'reject' | 'return';
}

type Correctable = (typeof KYC_CORRECTABLE_FIELDS)[number];
type Draft = Record<Correctable, string>;

const draftOf = (submission: KycSubmission): Draft => ({
    first_name: submission.confirmed.first_name ?? '',
    last_name: submission.confirmed.last_name ?? '',
    gender: submission.confirmed.gender ?? '',
});

/** The fields the checker changed, as the contract takes them; unchanged ones are not sent. */
const correctionsOf = (submission: KycSubmission, draft: Draft): KycCorrections => {
    const was = draftOf(submission);
    const corrections: KycCorrections = {};
    const first = draft.first_name.trim();
    const last = draft.last_name.trim();
    if (first !== was.first_name) corrections.first_name = first;
    if (last !== was.last_name) corrections.last_name = last;
    const gender = GENDERS.find(value => value === draft.gender);
    if (gender && gender !== was.gender) corrections.gender = gender;
    return corrections;
};

/**
 * What the checker may correct before approving, where the documents show a misread name or
 * gender (contract `KYC_CORRECTABLE_FIELDS`); each change is recorded with its value before.
 */
const Corrections = ({ draft, onChange, disabled }: { draft: Draft; onChange: (draft: Draft) => void; disabled: boolean }) => {
    const translate = useTranslate();
    return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <Typography component="legend" variant="body2" color="text.secondary">
                {translate('kyc.corrections.intro')}
            </Typography>
            {(['first_name', 'last_name'] as const).map(field => (
                <TextField
                    key={field}
                    label={translate(`kyc.corrections.${field}`)}
                    value={draft[field]}
                    onChange={event => onChange({ ...draft, [field]: event.target.value })}
                    disabled={disabled}
                    fullWidth
                    margin="dense"
                    slotProps={{ htmlInput: { maxLength: 80 } }}
                />
            ))}
            <TextField
                select
                label={translate('kyc.corrections.gender')}
                value={draft.gender}
                onChange={event => onChange({ ...draft, gender: event.target.value })}
                disabled={disabled}
                fullWidth
                margin="dense"
            >
                {GENDERS.map(gender => (
                    <MenuItem key={gender} value={gender}>
                        {translate(`customers.genders.${gender}`)}
                    </MenuItem>
                ))}
            </TextField>
        </Box>
    );
};

/**
 * Approve, send back and reject, each asked first; a rejection needs its reason and sending back a
 * note for the agent (both at least REASON_MIN characters). The server's refusal shows in the dialog.
 */
export const Decision = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [open, setOpen] = useState<DecisionState | null>(null);
    const [visible, setVisible] = useState(false);
    const [reason, setReason] = useState('');
    const [problem, setProblem] = useState<string | undefined>();
    const [draft, setDraft] = useState<Draft>(() => draftOf(submission));
    // Whether it succeeds or is refused (decided meanwhile, one's own), the write refetches the
    // queue and this submission (`kyc-submissions`): the screen shows it as it now is, and a
    // refusal shows in the dialog, which keeps what was typed.
    const write = useWrite('decideKycSubmission', {
        onSuccess: saved => {
            notify(`kyc.${saved.status}`, {
                type: 'success',
                messageArgs: { id: saved.id, name: saved.customer.name },
            });
            setVisible(false);
        },
    });
    const { busy, take } = useSingleFlight();
    const mutation = {
        isPending: busy || write.isPending,
        isError: write.isError,
        error: write.error,
        reset: write.reset,
        mutate: (decision: KycDecision) => {
            const land = take();
            if (land) write.mutate({ id: submission.id, ...decision }, { onSettled: land });
        },
    };
    const start = (choice: DecisionState['choice']) => {
        mutation.reset();
        setReason('');
        setDraft(draftOf(submission));
        setProblem(undefined);
        setOpen({ choice });
        setVisible(true);
    };
    const confirm = () => {
        if (open?.choice === 'approve') {
            const corrections = correctionsOf(submission, draft);
            if ((corrections.first_name ?? 'ok').length < 2 || (corrections.last_name ?? 'ok').length < 2) {
                setProblem('kyc.corrections.name_required');
                return;
            }
            mutation.mutate(Object.keys(corrections).length ? { decision: 'approve', corrections } : { decision: 'approve' });
            return;
        }
        const text = reason.trim();
        const sendBack = open?.choice === 'return';
        const wrong = text.length < REASON_MIN ? (sendBack ? 'kyc.note_required' : 'kyc.reason_required') : undefined;
        setProblem(wrong);
        if (!wrong) mutation.mutate(sendBack ? { decision: 'return', note: text } : { decision: 'reject', reason: text });
    };
    const reject = open?.choice === 'reject';
    const sendBack = open?.choice === 'return';
    const confirmLabel = { approve: 'kyc.approve', reject: 'kyc.reject', return: 'kyc.send_back' } as const;
    return (
        <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button variant="contained" startIcon={<CheckCircleIcon />} onClick={() => start('approve')}>
                    {translate('kyc.approve')}
                </Button>
                <Button variant="outlined" startIcon={<ReplyIcon />} onClick={() => start('return')}>
                    {translate('kyc.send_back')}
                </Button>
                <Button variant="outlined" color="error" startIcon={<CancelIcon />} onClick={() => start('reject')}>
                    {translate('kyc.reject')}
                </Button>
            </Box>
            {open ? (
                <ConfirmDialog
                    open={visible}
                    title={translate(`kyc.${open.choice}_title`, { id: submission.id, name: submission.customer.name })}
                    content={translate(`kyc.${open.choice}_content`, { name: submission.customer.name })}
                    busy={mutation.isPending}
                    onConfirm={confirm}
                    onClose={() => setVisible(false)}
                    confirmLabel={translate(confirmLabel[open.choice])}
                    confirmColor={reject ? 'error' : 'primary'}
                    focusContent={reject || sendBack}
                >
                    {reject || sendBack ? (
                        <TextField
                            label={translate(sendBack ? 'kyc.note' : 'kyc.reason')}
                            value={reason}
                            onChange={event => setReason(event.target.value)}
                            error={problem !== undefined}
                            helperText={translate(problem ?? (sendBack ? 'kyc.note_help' : 'kyc.reason_help'))}
                            required
                            autoFocus
                            disabled={mutation.isPending}
                            fullWidth
                            multiline
                            minRows={2}
                            margin="normal"
                            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
                        />
                    ) : (
                        <>
                            <Corrections draft={draft} onChange={setDraft} disabled={mutation.isPending} />
                            {problem ? (
                                <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                                    {translate(problem)}
                                </Alert>
                            ) : null}
                        </>
                    )}
                    {mutation.isError ? (
                        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                            {translate(errorKeyOf(mutation.error))}
                        </Alert>
                    ) : null}
                </ConfirmDialog>
            ) : null}
        </>
    );
};
