/**
 * The page's title in the top bar (layout/Layout.tsx): one line, cut with an
 * ellipsis when the room runs out (a phone at 360 px), able to shrink below its text's width, and
 * the whole title kept as the bar's `title` attribute.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

contractServer();

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('the page title in the top bar', () => {
    it('is cut with an ellipsis, shrinks with the bar, and keeps the whole title as its title attribute', async () => {
        signedInAs(['FIND_DIGITAL_ASSISTED_CUSTOMER']);
        renderPortal('/dashboard/customers/findassisted');
        const title = 'Find digital assisted customer';
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
        const portal = document.getElementById('react-admin-title');
        if (!portal) throw new Error('No title in the top bar');
        await waitFor(() => expect(portal.textContent).toBe(title));
        const style = getComputedStyle(portal);
        expect([style.textOverflow, style.whiteSpace, style.overflow, style.minWidth]).toEqual([
            'ellipsis',
            'nowrap',
            'hidden',
            '0px',
        ]);
        const bar = portal.parentElement;
        expect(getComputedStyle(bar as HTMLElement).minWidth).toBe('0px');
        await waitFor(() => expect(bar?.getAttribute('title')).toBe(title));
    });
});
