import DarkModeIcon from '@mui/icons-material/DarkMode';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Box, CircularProgress, ListItemIcon, ListItemText, MenuItem, Switch } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
    Confirm,
    AppBar,
    Layout as RaLayout,
    RefreshIconButton,
    TitlePortal,
    UserMenu,
    useGetIdentity,
    useLoading,
    useLocaleState,
    useLogout,
    useTheme,
    useTranslate,
    useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { APP_BAR_HEIGHT } from '../config';
import { noticeLoggedOut, SIGN_IN_PATH } from '../authProvider/paths';
import { ErrorPage } from './ErrorPage';
import { FooterImage } from './FooterImage';
import { LanguageMenu } from './LanguageMenu';
import { Menu } from './Menu';
import { BetaStyles } from './BetaStyles';
import { hrefTo } from '../routes';
import { Logo } from './Logo';
import { OfflineBanner } from './OfflineBanner';
import { OutboxButton } from './Outbox';
import { outbox } from '../lib/offlineQueue';

const ProfileItem = () => {
    const translate = useTranslate();
    const { onClose } = useUserMenu() ?? {};
    return (
        <MenuItem component={Link} to={hrefTo('profile')} onClick={onClose}>
            <ListItemIcon>
                <PersonIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('profile.title')}</ListItemText>
        </MenuItem>
    );
};

/** Change one's own password: the form a reset password leads to, inside the shell. */
const ChangePasswordItem = () => {
    const translate = useTranslate();
    const { onClose } = useUserMenu() ?? {};
    return (
        <MenuItem component={Link} to={hrefTo('password')} onClick={onClose}>
            <ListItemIcon>
                <KeyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('password.menu')}</ListItemText>
        </MenuItem>
    );
};

const DarkModeItem = () => {
    const translate = useTranslate();
    const [theme, setTheme] = useTheme();
    const dark = theme === 'dark';
    return (
        <MenuItem onClick={() => setTheme(dark ? 'light' : 'dark')} role="menuitemcheckbox" aria-checked={dark}>
            <ListItemIcon>
                <DarkModeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('shell.dark_mode')}</ListItemText>
            <Switch edge="end" size="small" checked={dark} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
        </MenuItem>
    );
};

/**
 * Log out: the server revokes the token, the session is cleared, and the notice says so (spec §4).
 * What the user's outbox still holds would be lost (it is theirs alone, lib/offlineQueue.ts), so
 * with anything waiting to send they are asked first.
 */
const LogoutItem = () => {
    const translate = useTranslate();
    const logout = useLogout();
    const [asking, setAsking] = useState(0);
    const signOut = () => {
        outbox.clearMine();
        noticeLoggedOut();
        void logout({}, SIGN_IN_PATH, false);
    };
    return (
        <>
            <MenuItem
                onClick={() => {
                    const waiting = outbox.waiting();
                    if (waiting > 0) setAsking(waiting);
                    else signOut();
                }}
            >
                <ListItemIcon>
                    <LogoutIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{translate('ra.auth.logout')}</ListItemText>
            </MenuItem>
            <Confirm
                isOpen={asking > 0}
                title="outbox.sign_out_title"
                content="outbox.sign_out_content"
                contentTranslateOptions={{ smart_count: asking }}
                confirm="ra.auth.logout"
                confirmColor="warning"
                onConfirm={signOut}
                onClose={() => setAsking(0)}
            />
        </>
    );
};

/** The language menu, through react-admin's locale state so its screens follow at once. */
const AdminLanguageMenu = () => {
    const [locale, setLocale] = useLocaleState();
    return <LanguageMenu locale={locale} onChange={setLocale} />;
};

/**
 * The profile menu: its button shows the user's name, so its accessible name says both what it
 * is and that name (WCAG 2.5.3, label in name).
 */
const PortalUserMenu = () => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    const label = translate('ra.auth.user_menu');
    return (
        <UserMenu label={identity?.fullName ? `${label}: ${identity.fullName}` : label}>
            <ProfileItem />
            <ChangePasswordItem />
            <DarkModeItem />
            <LogoutItem />
        </UserMenu>
    );
};

/**
 * The refresh button, which turns into a spinner while anything loads. react-admin's own
 * LoadingIndicator leaves that spinner without a name, so a screen reader met an unnamed progress bar.
 */
export const LoadingIndicator = () => {
    const loading = useLoading();
    const translate = useTranslate();
    return (
        <Box sx={{ position: 'relative' }}>
            <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
            {loading ? (
                <CircularProgress
                    aria-label={translate('app.loading')}
                    color="inherit"
                    size={16}
                    thickness={6}
                    sx={{ position: 'absolute', top: '30%', left: '30%' }}
                />
            ) : null}
        </Box>
    );
};

/**
 * The page's title in the top bar, on one line cut with an ellipsis when it is longer than the
 * room left (a phone at 360 px): react-admin's own shrinks no further than its text (a flex item's
 * minimum width), so a long title ran under the buttons, cut without a mark. The whole title is
 * its `title` attribute, kept equal to the text each page portals in.
 */
const PageTitleBar = () => {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
        const node = ref.current;
        if (!node) return;
        const sync = () => {
            const text = (node.textContent ?? '').trim();
            if (text) node.setAttribute('title', text);
            else node.removeAttribute('title');
        };
        sync();
        const observer = new MutationObserver(sync);
        observer.observe(node, { childList: true, subtree: true, characterData: true });
        return () => observer.disconnect();
    }, []);
    return (
        <Box ref={ref} sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
            <TitlePortal sx={{ minWidth: 0 }} />
        </Box>
    );
};

const PortalAppBar = () => (
    <AppBar
        color="primary"
        toolbar={
            <>
                <OutboxButton />
                <AdminLanguageMenu />
                <LoadingIndicator />
            </>
        }
        userMenu={<PortalUserMenu />}
    >
        <Logo variant="wordmark" size={32} sx={{ mr: 2, display: { xs: 'none', sm: 'inline-flex' } }} />
        <PageTitleBar />
    </AppBar>
);

/** The signed-in shell: top bar, role-gated side menu, the page, and the footer image. */
export const Layout = ({ children }: { children: ReactNode }) => (
    <RaLayout appBar={PortalAppBar} menu={Menu} error={ErrorPage}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
            <OfflineBanner
                sx={theme => ({
                    position: 'sticky',
                    top: { xs: APP_BAR_HEIGHT.mobile, sm: APP_BAR_HEIGHT.desktop },
                    zIndex: theme.zIndex.appBar - 1,
                    mt: 1,
                })}
            />
            <BetaStyles />
            <Box sx={{ flexGrow: 1 }}>{children}</Box>
            <FooterImage />
        </Box>
    </RaLayout>
);
