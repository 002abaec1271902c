/** A checkbox named on its wrapper (react-admin's row selection) is named on its input instead (layout/theme.ts). */
import { Checkbox, createTheme, ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lightTheme } from '../../src/layout/theme';

const inTheme = (element: React.ReactElement) => render(<ThemeProvider theme={createTheme(lightTheme)}>{element}</ThemeProvider>);

describe('a checkbox named by aria-label', () => {
    it('carries its name on the input, not on the span around it', () => {
        const { container } = inTheme(<Checkbox aria-label="Select this row" />);
        expect(screen.getByRole('checkbox', { name: 'Select this row' }).tagName).toBe('INPUT');
        expect(container.querySelector('span[aria-label]')).toBeNull();
    });

    it('keeps a name given on the input itself', () => {
        inTheme(<Checkbox slotProps={{ input: { 'aria-label': 'Select all' } }} />);
        expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
    });

    it('leaves a checkbox without a name as it is', () => {
        const { container } = inTheme(<Checkbox />);
        expect(container.querySelector('[aria-label]')).toBeNull();
    });
});
