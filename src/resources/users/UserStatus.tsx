import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Admin, AdminStatus } from '../../../contract/users';
import { WARNING_TEXT_ON_LIGHT } from '../../layout/brand';

const COLOURS: Record<AdminStatus, 'success' | 'warning' | 'default'> = {
    active: 'success',
    pending_approval: 'warning',
    disabled: 'default',
};

export const UserStatus = () => {
    const translate = useTranslate();
    const user = useRecordContext<Admin>();
    if (!user) return null;
    return (
        <Chip
            size="small"
            color={COLOURS[user.status]}
            label={translate(`resources.users.statuses.${user.status}`)}
            // White on the theme's warning orange is 3:1; on a light page the awaiting chip is outlined in a dark amber (7:1).
            {...(user.status === 'pending_approval' ? { variant: 'outlined' as const } : {})}
            sx={theme =>
                user.status === 'pending_approval' && theme.palette.mode === 'light'
                    ? { color: WARNING_TEXT_ON_LIGHT, borderColor: WARNING_TEXT_ON_LIGHT }
                    : {}
            }
        />
    );
};
