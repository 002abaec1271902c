/**
 * The brand every page shares (spec §9): primary #E60000 (a lighter tint on dark backgrounds),
 * cards and buttons rounded 8. The signed-out pages get their MUI theme from here alone, without
 * react-admin; the signed-in shell adds react-admin's parts on top (layout/theme.ts).
 */
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { deepmerge } from '@mui/utils';
import { BRAND_PRIMARY } from '../config';

/**
 * The keyboard focus ring of every button (ButtonBase: buttons, icon buttons, menu and list items,
 * tabs; ButtonBase marks keyboard focus `Mui-focusVisible`), light and dark, meeting WCAG 2.2 focus appearance: a 2 px outline 2 px outside the
 * control, in a colour at 3:1 or more against the page, with a 2 px band in the opposite colour
 * between it and the control, so the ring also stands out against a filled button (the brand red,
 * or its light tint on dark) instead of melting into it. Light pages: black ring on a white band
 * (black on white 21:1, on #E60000 4.4:1); dark: white ring on a black band (white on the dark
 * backgrounds 12:1 and more, black on #FF6B6B 7.6:1). MUI's own focus shadow on a contained button
 * is replaced by the band. Checked in tests/unit/focusRing.test.tsx.
 */
export const FOCUS_RING = {
    light: { ring: '#000000', band: '#FFFFFF' },
    dark: { ring: '#FFFFFF', band: '#000000' },
} as const;
export const FOCUS_RING_WIDTH = 2;

export const focusRing = (theme: Theme) => {
    const { ring, band } = FOCUS_RING[theme.palette.mode];
    return {
        '&.Mui-focusVisible': {
            outline: `${FOCUS_RING_WIDTH}px solid ${ring}`,
            outlineOffset: FOCUS_RING_WIDTH,
            boxShadow: `0 0 0 ${FOCUS_RING_WIDTH}px ${band}`,
        },
    };
};

/**
 * Whether the reader asked their system for less motion (`prefers-reduced-motion: reduce`, WCAG
 * 2.3.3), read when the portal loads. Then nothing slides, fades, grows or ripples: dialogs, menus,
 * drawers, collapses and toasts appear and go at once, and a button's colour changes at once; a
 * spinner still turns, since it says that something is under way.
 */
export const REDUCED_MOTION =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The theme's part for a reader who asked for less motion (REDUCED_MOTION): every transition takes no time. */
const stillOptions: ThemeOptions = {
    transitions: {
        create: () => 'none',
        getAutoHeightDuration: () => 0,
        duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

const movingBrand: ThemeOptions = {
    palette: { primary: { main: BRAND_PRIMARY } },
    shape: { borderRadius: 8 },
    components: {
        MuiCard: { styleOverrides: { root: { borderRadius: 8 } } },
        MuiButtonBase: { styleOverrides: { root: ({ theme }: { theme: Theme }) => focusRing(theme) } },
        // Button's own focus style (a shadow on contained buttons) comes after ButtonBase's: said again here.
        // A hovered text or outlined button's brand red on its own 4% tint is 4.48:1, a hair short
        // of 4.5:1: its darker shade while hovered (light theme; the dark theme's tint is light enough).
        MuiButton: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) => ({
                    borderRadius: 8,
                    textTransform: 'none',
                    ...focusRing(theme),
                    ...(theme.palette.mode === 'light'
                        ? {
                              variants: [
                                  {
                                      props: { variant: 'text', color: 'primary' },
                                      style: { '&:hover': { color: theme.palette.primary.dark } },
                                  },
                                  // An outlined one's is the same tint (4.48:1).
                                  {
                                      props: { variant: 'outlined', color: 'primary' },
                                      style: { '&:hover': { color: theme.palette.primary.dark } },
                                  },
                              ],
                          }
                        : {
                              // The dark theme's filled button (#FF6B6B, near-black words) turns to
                              // the brand red when hovered (its `primary.dark`), where near-black
                              // reads at 4.13:1 and white at 4.8:1.
                              variants: [
                                  {
                                      props: { variant: 'contained', color: 'primary' },
                                      style: { '&:hover': { color: theme.palette.common.white } },
                                  },
                              ],
                          }),
                }),
            },
        },
        // A focused or failing field's label is small text on the field's grey: the brand red and
        // the error red are short of 4.5:1 there, their darker shades are not (on light
        // backgrounds; the dark theme's tints are light enough).
        // A filled toast's words on its colour: MUI's info blue (3.9:1 under white) and warning
        // orange (3.0:1) are short of 4.5:1; the info's dark shade reads at 7:1 under white, the
        // orange at 7:1 under near-black.
        MuiAlert: {
            styleOverrides: {
                root: ({ theme }: { theme: Theme }) =>
                    theme.palette.mode === 'light'
                        ? {
                              variants: [
                                  {
                                      props: { variant: 'filled', severity: 'info' },
                                      style: { backgroundColor: theme.palette.info.dark, color: '#fff' },
                                  },
                                  {
                                      props: { variant: 'filled', severity: 'warning' },
                                      style: { color: 'rgba(0, 0, 0, 0.87)' },
                                  },
                              ],
                          }
                        : {},
            },
        },
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

/** The brand's theme options, still for a reader who asked for less motion. */
export const brandFor = (reduceMotion: boolean): ThemeOptions =>
    reduceMotion ? deepmerge(movingBrand, stillOptions) : movingBrand;

export const brandOptions: ThemeOptions = brandFor(REDUCED_MOTION);

/**
 * Warning text on a light page: the theme's warning orange (and its dark shade, 3.6:1) is short of
 * 4.5:1 on white, this dark amber reads at 7:1. Warning chips outline themselves in it.
 */
export const WARNING_TEXT_ON_LIGHT = '#7A4100';

/**
 * A text or outlined button's colour, readable on a hovered or opened row: the brand red and the
 * error red fall short of 4.5:1 on its grey, their darker shades do not (the dark theme's tints
 * are light enough as they are).
 */
export const readableOn =
    (color: 'primary' | 'error') =>
    (theme: { palette: { mode: 'light' | 'dark'; primary: { dark: string }; error: { dark: string } } }) =>
        theme.palette.mode === 'light' ? { color: theme.palette[color].dark } : {};

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
