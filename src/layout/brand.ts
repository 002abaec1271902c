/**
 * The brand every page shares (spec §9): primary #E60000 (a lighter tint on dark backgrounds),
 * cards and buttons rounded 8. The signed-out pages get their MUI theme from here alone, without
 * react-admin; the signed-in shell adds react-admin's parts on top (layout/theme.ts).
 */
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { deepmerge } from '@mui/utils';
import { BRAND_PRIMARY } from '../config';

export const brandOptions: ThemeOptions = {
    palette: { primary: { main: BRAND_PRIMARY } },
    shape: { borderRadius: 8 },
    components: {
        MuiCard: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiButton: { styleOverrides: { root: { borderRadius: 8, textTransform: 'none' } } },
        // A focused or failing field's label is small text on the field's grey: the brand red and
        // the error red are short of 4.5:1 there, their darker shades are not (on light
        // backgrounds; the dark theme's tints are light enough).
        MuiFormLabel: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) =>
                    theme.palette.mode === 'light'
                        ? {
                              '&.Mui-focused': { color: theme.palette.primary.dark },
                              '&.Mui-error': { color: theme.palette.error.dark },
                          }
                        : {},
            },
        },
    },
};

/**
 * Warning text on a light page: the theme's warning orange (and its dark shade, 3.6:1) is short of
 * 4.5:1 on white, this dark amber reads at 7:1. Warning chips outline themselves in it.
 */
export const WARNING_TEXT_ON_LIGHT = '#7A4100';

/**
 * The brand red is too dark to read as text on a dark background; a lighter tint is used there,
 * light enough for 4.5:1 on the dark theme's papers (#FF6B6B: 4.7:1 on #313131, where #FF4D4D was
 * 3.97:1). Buttons filled with it take dark text (MUI's contrast rule).
 */
export const darkPalette = { mode: 'dark', primary: { main: '#FF6B6B', dark: BRAND_PRIMARY } } as const;

/** The form look of react-admin's default theme (filled, dense, full width), so both halves of the portal match. */
const signedOutForms: ThemeOptions = {
    components: {
        MuiTextField: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
        MuiFormControl: { defaultProps: { variant: 'filled', margin: 'dense', size: 'small', fullWidth: true } },
    },
};

export type ThemeMode = 'light' | 'dark';

export const signedOutTheme = (mode: ThemeMode): Theme =>
    createTheme(
        deepmerge(
            deepmerge(signedOutForms, brandOptions),
            mode === 'dark' ? { palette: darkPalette } : { palette: { background: { default: '#fafafb' } } },
        ),
    );

/** react-admin keeps the theme chosen in the signed-in shell under this key (localStorageStore(…, 'pfp')). */
const STORED_THEME_KEY = 'RaStorepfp.theme';

/** The mode chosen in the signed-in shell, else the system's preference. */
export const preferredMode = (): ThemeMode => {
    try {
        const stored: unknown = JSON.parse(localStorage.getItem(STORED_THEME_KEY) ?? 'null');
        if (stored === 'dark' || stored === 'light') return stored;
    } catch {
        // unreadable: as if none
    }
    return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
};
