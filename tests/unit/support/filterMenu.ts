/**
 * A list's "Add filter" menu, as a reader meets it: every item named by a string of the language's
 * catalog. react-admin names an item by its filter element's own `label` and `source`; an element
 * that holds neither (a wrapper component) showed a blank item, and a `source` with no catalog
 * entry shows the field's code made readable ("Store id"), in English whatever the language.
 */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import en from '../../../src/i18n/en';

/** Every message of a catalog, each form of a plural apart. */
const messagesOf = (value: unknown): string[] =>
    typeof value === 'string'
        ? value.split('||||').map(form => form.trim())
        : value !== null && typeof value === 'object'
          ? Object.values(value).flatMap(messagesOf)
          : [];

/** Opens the menu, checks each item, closes it, and answers the items' names in order. */
export const expectFilterMenuNamed = async (user: UserEvent, catalog: TranslationMessages = en): Promise<string[]> => {
    const known = new Set(messagesOf(catalog));
    const addFilter = String(catalog.ra?.action?.add_filter ?? 'Add filter');
    await user.click(await screen.findByRole('button', { name: addFilter }));
    const menu = await screen.findByRole('menu');
    const names = within(menu)
        .getAllByRole('menuitemcheckbox')
        .map(item => item.textContent?.trim() ?? '');
    expect(names.filter(name => name === '' || !known.has(name))).toEqual([]);
    await user.keyboard('{Escape}');
    return names;
};
