/**
 * Less motion for a reader who asks for it (layout/brand.ts `brandFor`, `prefers-reduced-motion`),
 * and the brand red of a hovered button that is not filled, on its hover tint, at 4.5:1.
 */
import { Button, Dialog, ThemeProvider, createTheme, type Theme } from '@mui/material';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brandFor } from '../../src/layout/brand';
import { darkTheme, lightTheme } from '../../src/layout/theme';
import { contrast, over } from './support/contrast';

const withTheme = (theme: Theme) => (
    <ThemeProvider theme={theme}>
        <Button>Save</Button>
        <Dialog open aria-label="A dialog">
            A dialog
        </Dialog>
    </ThemeProvider>
);

describe('less motion', () => {
    it('shows a dialog and a button at once, without a fade or a ripple, for a reader who asked', () => {
        render(withTheme(createTheme(brandFor(true))));
        const container = document.querySelector<HTMLElement>('.MuiDialog-container');
        expect(container?.style.transition).toBe('none');
        const button = screen.getByRole('button', { name: 'Save', hidden: true });
        fireEvent.mouseDown(button);
        expect(button.querySelector('.MuiTouchRipple-root')).toBeNull();
    });

    it('fades the dialog in and ripples the button for everyone else', () => {
        render(withTheme(createTheme(brandFor(false))));
        const container = document.querySelector<HTMLElement>('.MuiDialog-container');
        expect(container?.style.transition).toMatch(/^opacity \d+ms/);
        const button = screen.getByRole('button', { name: 'Save', hidden: true });
        fireEvent.mouseDown(button);
        expect(button.querySelector('.MuiTouchRipple-root')).not.toBeNull();
    });
});

/** A colour as the page shows it on `ground`: rgba(…)'s alpha mixed in. */
const shown = (color: string, ground: string) => {
    const rgba = /^rgba\((\d+), ?(\d+), ?(\d+), ?([\d.]+)\)/.exec(color);
    return rgba ? over(`rgb(${rgba[1]}, ${rgba[2]}, ${rgba[3]})`, Number(rgba[4]), ground) : color;
};

type Variant = { props: Record<string, string>; style: { '&:hover'?: { color?: string } } };

/** The words' colour of a hovered primary button of this variant: the theme's override, else `otherwise`. */
const hoverColor = (theme: Theme, variant: string, otherwise: string) => {
    const root = theme.components?.MuiButton?.styleOverrides?.root as unknown as (props: { theme: Theme }) => {
        variants?: Variant[];
    };
    const own = root({ theme }).variants?.find(each => each.props.variant === variant && each.props.color === 'primary');
    return own?.style['&:hover']?.color ?? otherwise;
};

describe('a hovered button that is not filled (light theme)', () => {
    const theme = createTheme(lightTheme as object);

    it.each(['text', 'outlined'])('reads at 4.5:1 on its hover tint (%s)', variant => {
        // MUI's hover tint: the brand red at the action's hover opacity, on the page and on a card.
        for (const ground of [theme.palette.background.default, theme.palette.background.paper]) {
            const tint = over(theme.palette.primary.main, theme.palette.action.hoverOpacity, ground);
            const words = hoverColor(theme, variant, theme.palette.primary.main);
            expect(contrast(words, tint), `${variant} on ${ground}`).toBeGreaterThanOrEqual(4.5);
        }
    });
});

describe('a hovered filled button (dark theme)', () => {
    it('reads at 4.5:1 on the shade it turns to', () => {
        const theme = createTheme(darkTheme as object);
        // MUI's filled button turns to `primary.dark` when hovered; its words are `contrastText`
        // (near-black at 87% here) unless the theme says otherwise.
        const ground = theme.palette.primary.dark;
        const words = shown(hoverColor(theme, 'contained', theme.palette.primary.contrastText), ground);
        expect(contrast(words, ground)).toBeGreaterThanOrEqual(4.5);
    });
});
