import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Admin, AdminStatus } from '../../../contract/security';

const COLOURS: Record<AdminStatus, 'success' | 'warning' | 'default'> = {
    active: 'success',
    pending_approval: 'warning',
    disabled: 'default',
};

export const UserStatus = () => {
    const translate = useTranslate();
    const user = useRecordContext<Admin>();
    if (!user) return null;
    return <Chip size="small" color={COLOURS[user.status]} label={translate(`resources.users.statuses.${user.status}`)} />;
};
