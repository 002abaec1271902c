/**
 * The keyboard focus ring (layout/brand.ts `focusRing`): on every button, light
 * and dark, a ring of at least 2 px outside the control at 3:1 or more against the page and
 * against the filled brand button, the filled Approve button included.
 */
import { Button, ThemeProvider, createTheme, type Theme } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOCUS_RING, FOCUS_RING_WIDTH } from '../../src/layout/brand';
import { darkTheme, lightTheme } from '../../src/layout/theme';
import { contrast } from './support/contrast';

const THEMES = [
    ['light', createTheme(lightTheme as object)],
    ['dark', createTheme(darkTheme as object)],
] as const satisfies readonly (readonly [string, Theme])[];

describe('the focus ring', () => {
    it.each(THEMES)('stands out at 3:1 against the page and the filled button (%s)', (mode, theme) => {
        const { ring, band } = FOCUS_RING[mode];
        const pages = [theme.palette.background.default, theme.palette.background.paper];
        for (const page of pages) expect(contrast(ring, page)).toBeGreaterThanOrEqual(3);
        // The band between ring and fill contrasts with the fill, and the ring with the band.
        for (const fill of [theme.palette.primary.main, theme.palette.error.main, theme.palette.success.main])
            expect(contrast(band, fill)).toBeGreaterThanOrEqual(3);
        expect(contrast(ring, band)).toBeGreaterThanOrEqual(3);
        expect(FOCUS_RING_WIDTH).toBeGreaterThanOrEqual(2);
    });

    it.each(THEMES)('is drawn outside a keyboard-focused contained button, not by its fill (%s)', (mode, theme) => {
        render(
            <ThemeProvider theme={theme}>
                <Button variant="contained" color="error">
                    Approve
                </Button>
            </ThemeProvider>,
        );
        const button = screen.getByRole('button', { name: 'Approve' });
        // The rules that style this button when focused by keyboard, in the order they apply: the last one wins.
        const rules = [...document.styleSheets]
            .flatMap(sheet => [...sheet.cssRules])
            .filter(
                (rule): rule is CSSStyleRule =>
                    rule instanceof CSSStyleRule &&
                    rule.selectorText.includes('.Mui-focusVisible') &&
                    [...button.classList].some(name => rule.selectorText.includes(`.${name}`)),
            );
        const applied = (property: string) =>
            rules
                .map(rule => rule.style.getPropertyValue(property))
                .filter(value => value !== '')
                .at(-1);
        expect(applied('outline')).toBe(`${FOCUS_RING_WIDTH}px solid ${FOCUS_RING[mode].ring}`);
        expect(applied('outline-offset')).toBe(`${FOCUS_RING_WIDTH}px`);
        // MUI's own focus shadow on a contained button is replaced by the band, not the other way round.
        expect(applied('box-shadow')).toBe(`0 0 0 ${FOCUS_RING_WIDTH}px ${FOCUS_RING[mode].band}`);
    });
});
