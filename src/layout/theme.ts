/**
 * The portal's light and dark themes (spec §9): brand primary #E60000, cards and buttons rounded
 * 8, side navigation 6, 16 px below page content, the 300 px drawer and 64/56 px top bar.
 */
import type { Theme } from '@mui/material';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { APP_BAR_HEIGHT, BRAND_PRIMARY, DRAWER_WIDTH } from '../config';

const brand: RaThemeOptions = {
    palette: { primary: { main: BRAND_PRIMARY } },
    shape: { borderRadius: 8 },
    sidebar: { width: DRAWER_WIDTH, closedWidth: 56 },
    components: {
        MuiCard: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiButton: { styleOverrides: { root: { borderRadius: 8, textTransform: 'none' } } },
        // The top bar is 64 px (56 on phones); react-admin's own is 48 (dense), so its toolbar, the
        // content's offset below it and the sidebar's offset when the bar scrolls away move together.
        RaAppBar: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) => ({
                    '& .RaAppBar-toolbar': {
                        minHeight: APP_BAR_HEIGHT.desktop,
                        [theme.breakpoints.down('sm')]: { minHeight: APP_BAR_HEIGHT.mobile },
                    },
                }),
            },
        },
        RaSidebar: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) => ({
                    '&.RaSidebar-appBarCollapsed': {
                        marginTop: -APP_BAR_HEIGHT.desktop,
                        [theme.breakpoints.down('sm')]: { marginTop: -APP_BAR_HEIGHT.mobile },
                    },
                }),
            },
        },
        RaMenuItemLink: { styleOverrides: { root: { borderRadius: 6, margin: '2px 8px' } } },
        RaLayout: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) => ({
                    '& .RaLayout-appFrame': {
                        marginTop: APP_BAR_HEIGHT.desktop,
                        [theme.breakpoints.down('sm')]: { marginTop: APP_BAR_HEIGHT.mobile },
                    },
                    '& .RaLayout-content': { paddingBottom: 16 },
                }),
            },
        },
    },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, brand);

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, deepmerge(brand, {
    // The brand red is too dark to read as text on a dark background; its lighter tint is used there.
    palette: { mode: 'dark', primary: { main: '#FF4D4D', dark: BRAND_PRIMARY } },
} satisfies RaThemeOptions));
