import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Admin } from '../../../contract/users';
import { useWrite } from '../../dataProvider/useWrite';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';
import { useSingleFlight } from '../../lib/singleFlight';
import { ResetPassword } from './ResetPassword';
import { UserStatus } from './UserStatus';
import { isOwnAccount } from './ownAccount';
import type { AccountAction } from './writes';

const ICONS: Record<AccountAction, ReactElement> = {
    disable: <BlockIcon />,
    enable: <CheckCircleOutlineIcon />,
    end_sessions: <LogoutIcon />,
    release: <LockOpenIcon />,
};

const GATES: Record<AccountAction, string> = {
    disable: 'status',
    enable: 'status',
    end_sessions: 'end_sessions',
    release: 'release',
};

const ActionButton = ({ action, onClick }: { action: AccountAction; onClick: () => void }) => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'users', action: GATES[action] });
    if (!canAccess) return null;
    return (
        <Button
            variant="outlined"
            color={action === 'disable' ? 'error' : 'primary'}
            startIcon={ICONS[action]}
            onClick={onClick}
            sx={{ justifyContent: 'flex-start' }}
        >
            {translate(`resources.users.account.${action}`)}
        </Button>
    );
};

/**
 * Disable or enable the account, end its sessions, forgive its failed sign-ins, reset its password
 * (ResetPassword.tsx): each asks first, saying what will happen, shows its progress in the dialog,
 * and reports the outcome in words. Not offered on one's own account (the server refuses one's own
 * status and password reset) nor, for the status, on a registration awaiting approval (that is
 * decided in the approvals).
 */
export const UserAccountActions = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const user = useRecordContext<Admin>();
    const [asked, setAsked] = useState<AccountAction | null>(null);
    // One request from one confirm, however fast the clicks (lib/singleFlight.ts).
    const flight = useSingleFlight();
    // The data provider's write (writes.ts) reads the account again, and the lists showing it.
    const write = useWrite('usersAccountAction', {
        onSuccess: (count, { action }) => {
            setAsked(null);
            notify(`resources.users.account.${action}_done`, {
                type: 'success',
                messageArgs: { name: user ? `${user.first_name} ${user.last_name}` : '', smart_count: count ?? 0 },
            });
        },
        onError: error => {
            setAsked(null);
            notify(errorKeyOf(error), { type: 'error' });
        },
    });
    if (!user) return null;
    const confirm = (action: AccountAction) => {
        const land = flight.take();
        if (land) write.mutate({ action, id: user.id }, { onSettled: land });
    };
    const name = `${user.first_name} ${user.last_name}`;
    const own = isOwnAccount(user);
    const statusAction: AccountAction | null =
        own || user.status === 'pending_approval' ? null : user.status === 'active' ? 'disable' : 'enable';
    const offered: AccountAction[] = [...(statusAction ? [statusAction] : []), 'end_sessions', 'release'];
    return (
        <Box component="section" aria-labelledby="account-actions-title" sx={{ px: 2, pb: 2 }}>
            <Divider sx={{ mb: 2 }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography component="h2" variant="h6" id="account-actions-title">
                    {translate('resources.users.account.title')}
                </Typography>
                <UserStatus />
            </Stack>
            {user.status === 'pending_approval' ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('resources.users.account.awaiting_approval')}
                </Typography>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {offered.map(action => (
                    <ActionButton key={action} action={action} onClick={() => setAsked(action)} />
                ))}
                {own ? null : <ResetPassword user={user} />}
            </Stack>
            <ConfirmDialog
                open={asked !== null}
                busy={write.isPending || flight.busy}
                title={asked ? translate(`resources.users.account.${asked}_title`, { name }) : ''}
                content={asked ? translate(`resources.users.account.${asked}_content`, { name }) : ''}
                onConfirm={() => asked && confirm(asked)}
                onClose={() => setAsked(null)}
            />
        </Box>
    );
};
