import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { useLocaleState, useTheme } from 'react-admin';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/context';
import { LanguageMenu } from '../../layout/LanguageMenu';
import { Logo } from '../../layout/Logo';

/** The light/dark switch: react-admin's stored theme, so the shell and this page share the choice. */
const DarkModeSwitch = () => {
    const { translate } = useT();
    const [theme, setTheme] = useTheme();
    const dark = theme === 'dark';
    return (
        <IconButton
            color="inherit"
            aria-label={translate('shell.dark_mode')}
            aria-pressed={dark}
            onClick={() => setTheme(dark ? 'light' : 'dark')}
        >
            {dark ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
    );
};

/**
 * The BI page's own slim top bar (spec §2: `/bi` is outside the shell): the logo (to `/`), the
 * page's title as its h1, the way back to the dashboard, the language menu and the light/dark
 * switch. On a phone the way back shows its arrow alone, named in words.
 */
export const BiTopBar = () => {
    const { translate } = useT();
    const [locale, setLocale] = useLocaleState();
    const back = translate('shell.back_to_dashboard');
    return (
        <AppBar position="sticky" color="primary">
            <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 56, sm: 64 }, px: { xs: 1, sm: 2 } }}>
                {/* The mark alone on a phone; its link keeps its name. */}
                <Logo size={28} sx={{ '& > span': { display: { xs: 'none', md: 'inline' } } }} />
                <Typography component="h1" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, ml: 1 }}>
                    {translate('bi.title')}
                </Typography>
                <Button
                    component={Link}
                    to="/dashboard"
                    color="inherit"
                    aria-label={back}
                    startIcon={<ArrowBackIcon />}
                    sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
                >
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                        {back}
                    </Box>
                </Button>
                <LanguageMenu locale={locale} onChange={setLocale} />
                <DarkModeSwitch />
            </Toolbar>
        </AppBar>
    );
};
