import TabIcon from '@mui/icons-material/Tab';
import { Box, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { startTabLock, type TabLockState } from '../lib/singleTabLock';
import { useT } from '../i18n/context';

/** Shows the portal in the one active tab, and 'Page blocked' in the others. */
export const TabLockGate = ({ children }: { children: ReactNode }) => {
    const { translate } = useT();
    const [state, setState] = useState<TabLockState | null>(null);

    useEffect(() => {
        const lock = startTabLock(setState);
        const release = () => lock.release();
        window.addEventListener('pagehide', release);
        return () => {
            window.removeEventListener('pagehide', release);
            lock.release();
        };
    }, []);

    if (state === 'active') return <>{children}</>;
    if (state === null) return null;
    return (
        <Box
            component="main"
            sx={{
                minHeight: '100dvh',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                p: 3,
                textAlign: 'center',
            }}
        >
            <TabIcon color="primary" sx={{ fontSize: 64, mb: 2 }} />
            <Typography component="h1" variant="h5" gutterBottom>
                {translate('shell.page_blocked')}
            </Typography>
            <Typography color="text.secondary">{translate('shell.close_other_tabs')}</Typography>
        </Box>
    );
};
