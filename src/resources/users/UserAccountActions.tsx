import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { endAdminSessions, releaseAdminThrottle, setAdminStatus, type Admin } from '../../../contract/security';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { ResetPassword } from './ResetPassword';
import { UserStatus } from './UserStatus';
import { isOwnAccount } from './ownAccount';
import { useSingleMutation } from '../../lib/singleFlight';

type AccountAction = 'disable' | 'enable' | 'end_sessions' | 'release';

/** Each action: its gate (users' `actions` in calls.ts), its call, and the message of its outcome. */
const run = async (action: AccountAction, user: Admin): Promise<{ message: string; count?: number }> => {
    const params = { id: String(user.id) };
    switch (action) {
        case 'disable':
        case 'enable':
            await callApi(setAdminStatus, { params, body: { status: action === 'disable' ? 'disabled' : 'active' } });
            return { message: `resources.users.account.${action}_done` };
        case 'end_sessions':
            return {
                message: 'resources.users.account.end_sessions_done',
                count: (await callApi(endAdminSessions, { params })).ended,
            };
        case 'release':
            return {
                message: 'resources.users.account.release_done',
                count: (await callApi(releaseAdminThrottle, { params })).released,
            };
    }
};

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
    const refresh = useRefresh();
    const user = useRecordContext<Admin>();
    const [asked, setAsked] = useState<AccountAction | null>(null);
    const mutation = useSingleMutation({
        mutationFn: ({ action, target }: { action: AccountAction; target: Admin }) => run(action, target),
        onSuccess: ({ message, count }, { target }) => {
            setAsked(null);
            notify(message, {
                type: 'success',
                messageArgs: { name: `${target.first_name} ${target.last_name}`, smart_count: count ?? 0 },
            });
            refresh();
        },
        onError: error => {
            setAsked(null);
            notify(errorKeyOf(error), { type: 'error' });
        },
    });
    if (!user) return null;
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
                busy={mutation.isPending}
                title={asked ? translate(`resources.users.account.${asked}_title`, { name }) : ''}
                content={asked ? translate(`resources.users.account.${asked}_content`, { name }) : ''}
                onConfirm={() => asked && mutation.mutate({ action: asked, target: user })}
                onClose={() => setAsked(null)}
            />
        </Box>
    );
};
