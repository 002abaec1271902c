import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PasswordIcon from '@mui/icons-material/Password';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId, useRef, useState, type FocusEvent } from 'react';
import { CanAccess, useNotify, useTranslate } from 'react-admin';
import type { Admin } from '../../../contract/users';
import { useWrite } from '../../dataProvider/useWrite';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';
import { useSingleFlight } from '../../lib/singleFlight';

type Copied = 'copied' | 'copy_failed' | null;

/**
 * The temporary password, shown once: it is in this dialog's state only, and goes when the dialog
 * closes (the server keeps only its hash). A click beside the dialog does not close it; Done does.
 */
const TemporaryPasswordDialog = ({ password, name, onClose }: { password: string | null; name: string; onClose: () => void }) => {
    const translate = useTranslate();
    const titleId = useId();
    const warningId = useId();
    const input = useRef<HTMLInputElement>(null);
    const [copied, setCopied] = useState<Copied>(null);

    const copy = async () => {
        try {
            if (!password || !navigator.clipboard) throw new Error('No clipboard');
            await navigator.clipboard.writeText(password);
            setCopied('copied');
        } catch {
            // Selected, so it can be copied by hand.
            input.current?.select();
            setCopied('copy_failed');
        }
    };

    return (
        <Dialog
            open={password !== null}
            onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
            aria-labelledby={titleId}
            aria-describedby={warningId}
            slotProps={{ transition: { onExited: () => setCopied(null) } }}
        >
            <DialogTitle id={titleId}>{translate('resources.users.account.temporary_title', { name })}</DialogTitle>
            <DialogContent>
                <Alert severity="warning" id={warningId} sx={{ mb: 2 }}>
                    {translate('resources.users.account.temporary_warning', { name })}
                </Alert>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                    <TextField
                        label={translate('resources.users.account.temporary_label')}
                        value={password ?? ''}
                        inputRef={input}
                        fullWidth
                        slotProps={{
                            htmlInput: {
                                readOnly: true,
                                spellCheck: false,
                                style: { fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: '0.05em' },
                                onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
                            },
                        }}
                    />
                    <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
                        {translate('resources.users.account.copy')}
                    </Button>
                </Stack>
                <Typography
                    role="status"
                    variant="body2"
                    color={copied === 'copy_failed' ? 'error' : 'text.secondary'}
                    sx={{ mt: 1, minHeight: '1.5em' }}
                >
                    {copied ? translate(`resources.users.account.${copied}`) : ''}
                </Typography>
            </DialogContent>
            <DialogActions>
                <Button variant="contained" onClick={onClose}>
                    {translate('resources.users.account.done')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

/**
 * Reset a user's password (EDIT_USER, the edit screen's gate): asked first, saying the user's
 * sessions end; then the temporary password the server made, shown once with a copy button. Not
 * offered on one's own account (UserAccountActions), which is changed from the profile menu.
 */
export const ResetPassword = ({ user }: { user: Admin }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [asked, setAsked] = useState(false);
    const [temporary, setTemporary] = useState<string | null>(null);
    const name = `${user.first_name} ${user.last_name}`;
    // One request from one confirm, however fast the clicks (lib/singleFlight.ts): a second would
    // make a second password and void the one shown.
    const flight = useSingleFlight();
    const reset = useWrite('usersResetPassword', {
        // The answer holds the password: the mutation cache forgets it as soon as nothing observes it.
        gcTime: 0,
        onSuccess: answer => {
            setAsked(false);
            setTemporary(answer.temporary_password);
        },
        onError: error => {
            setAsked(false);
            notify(errorKeyOf(error), { type: 'error' });
        },
    });
    return (
        <CanAccess resource="users" action="edit" error={null}>
            <Button
                variant="outlined"
                startIcon={<PasswordIcon />}
                onClick={() => setAsked(true)}
                sx={{ justifyContent: 'flex-start' }}
            >
                {translate('resources.users.account.reset_password')}
            </Button>
            <ConfirmDialog
                open={asked}
                busy={reset.isPending || flight.busy}
                title={translate('resources.users.account.reset_password_title', { name })}
                content={translate('resources.users.account.reset_password_content', { name })}
                onConfirm={() => {
                    const land = flight.take();
                    if (land) reset.mutate({ id: user.id }, { onSettled: land });
                }}
                onClose={() => setAsked(false)}
            />
            <TemporaryPasswordDialog password={temporary} name={name} onClose={() => setTemporary(null)} />
        </CanAccess>
    );
};
