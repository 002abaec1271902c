/**
 * The signed-in shell's light and dark themes (spec §9): react-admin's defaults with the brand
 * (layout/brand.ts), side navigation rounded 6, 16 px below page content, the 300 px drawer and
 * the 64/56 px top bar.
 */
import { FormControl, styled, type Theme } from '@mui/material';
import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { APP_BAR_HEIGHT, DRAWER_WIDTH } from '../config';
import { brandOptions, darkPalette } from './brand';

/**
 * MUI 5's names for a text field's parts, which react-admin 5 still passes (its inputs serve MUI 5
 * to 7) beside the same values in `slotProps`, the only place MUI 9's TextField reads them. MUI 9
 * hands what it does not read to its root, a div, where React refused them ("React does not
 * recognize the `InputProps` prop on a DOM element", from every SearchInput, TextInput and
 * DateInput). TextField's own types no longer take them, so only react-admin's copies are dropped.
 */
const MUI5_TEXT_FIELD_PROPS: ReadonlySet<PropertyKey> = new Set(['InputProps', 'InputLabelProps', 'inputProps']);
const STYLING_PROPS: ReadonlySet<PropertyKey> = new Set(['ownerState', 'theme', 'sx', 'as']);

/** TextField's root (a FormControl, styled by the theme's MuiTextField root) without those copies. */
const TextFieldRoot = styled(FormControl, {
    name: 'MuiTextField',
    slot: 'Root',
    shouldForwardProp: prop => !MUI5_TEXT_FIELD_PROPS.has(prop) && !STYLING_PROPS.has(prop),
})({});

const shell: RaThemeOptions = {
    sidebar: { width: DRAWER_WIDTH, closedWidth: 56 },
    components: {
        // Whatever is scrolled into view (a field taking the focus, Shift+Tab upwards, a form's
        // first error) stops below the top bar, which comes back as the page scrolls up.
        MuiCssBaseline: {
            styleOverrides: (theme: Theme) => ({
                html: {
                    scrollPaddingTop: APP_BAR_HEIGHT.desktop,
                    [theme.breakpoints.down('sm')]: { scrollPaddingTop: APP_BAR_HEIGHT.mobile },
                },
            }),
        },
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
        // A checkbox named by `aria-label` (react-admin's row selection, "Select this row") is named
        // on its input, where assistive technology reads it, not on the span around it, which may
        // not carry a name (axe: aria-prohibited-attr, and an input without a label). A label the
        // caller puts on the input itself is kept: slot props given by the caller win.
        MuiCheckbox: {
            defaultProps: {
                slotProps: {
                    root: (ownerState: { 'aria-label'?: string }) =>
                        ownerState['aria-label'] ? { 'aria-label': undefined } : {},
                    input: (ownerState: { 'aria-label'?: string }) =>
                        ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {},
                },
            },
        },
        MuiTextField: { defaultProps: { slots: { root: TextFieldRoot } } },
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

const brand: RaThemeOptions = deepmerge(brandOptions as RaThemeOptions, shell);

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, brand);

export const darkTheme: RaThemeOptions = deepmerge(
    defaultDarkTheme,
    deepmerge(brand, { palette: darkPalette } satisfies RaThemeOptions),
);
