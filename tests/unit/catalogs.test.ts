import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/errors';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
    Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
    }, {});

const english = flatten(en as Tree);
const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();

describe.each([
    ['Swahili', flatten(sw as Tree)],
    ['Portuguese', flatten(pt as Tree)],
])('the %s catalog', (_name, catalog) => {
    it('has exactly the keys of the English one', () => {
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    });

    it('keeps every placeholder of the English text', () => {
        for (const [key, text] of Object.entries(english))
            expect([key, placeholders(catalog[key] ?? '')]).toEqual([key, placeholders(text)]);
    });

    it('is a translation, not a copy: under 10% of its texts equal the English', () => {
        const same = Object.keys(english).filter(key => catalog[key] === english[key]);
        expect(same.length / Object.keys(english).length).toBeLessThan(0.1);
    });
});

describe('the English catalog', () => {
    it('has a message for every error key the server may answer', () => {
        for (const key of ERROR_KEYS) expect(english[key], key).toBeTruthy();
    });
});
