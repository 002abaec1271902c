import TabIcon from '@mui/icons-material/Tab';
import { Box, Button, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { TAB_LOCK } from '../config';
import { startTabLock, type TabLock, type TabLockState } from '../lib/singleTabLock';
import { useT } from '../i18n/context';

const TabLockContext = createContext<TabLock | null>(null);

/** This tab's lock (null outside the gate): the system check asks it whether this tab holds it. */
export const useTabLock = () => useContext(TabLockContext);

/**
 * Shows the portal in the one active tab, and 'Page blocked' in the others, with "Use here" to
 * take the lock over and, once the holder has missed its heartbeats, how long until this tab
 * takes over by itself.
 */
export const TabLockGate = ({ children }: { children: ReactNode }) => {
    const { translate } = useT();
    const [view, setView] = useState<{ lock: TabLock; state: TabLockState; staleFor: number | null } | null>(null);

    useEffect(() => {
        // Checked every second: the page renders again only when what it shows changes.
        const show = (lock: TabLock) =>
            setView(previous => {
                const next = { lock, state: lock.state, staleFor: lock.staleFor() };
                const same = previous?.lock === lock && previous.state === next.state && previous.staleFor === next.staleFor;
                return same ? previous : next;
            });
        const started = startTabLock((_state, lock) => show(lock), undefined, show);
        const release = () => started.release();
        window.addEventListener('pagehide', release);
        return () => {
            window.removeEventListener('pagehide', release);
            started.release();
        };
    }, []);

    if (view === null) return null;
    const { lock, state, staleFor } = view;
    if (state === 'active') return <TabLockContext.Provider value={lock}>{children}</TabLockContext.Provider>;
    const takeOverIn = staleFor === null ? null : Math.max(0, Math.ceil((TAB_LOCK.abandonedMs - staleFor) / 1000));
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
            {staleFor !== null && takeOverIn !== null && (
                <Typography sx={{ mt: 2 }} data-testid="tab-lock-countdown">
                    {translate('shell.tab_silent', { silent: Math.floor(staleFor / 1000), left: takeOverIn })}
                </Typography>
            )}
            <Button variant="contained" sx={{ mt: 3 }} onClick={() => lock.takeOver()}>
                {translate('shell.use_here')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 420 }}>
                {translate('shell.use_here_hint')}
            </Typography>
        </Box>
    );
};
