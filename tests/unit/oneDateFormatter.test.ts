/**
 * One date formatter: src/lib/format.ts writes every date in the portal, in the
 * reader's language; nothing else formats one itself, where the browser's language or default
 * order would slip back in (react-admin's DateField wrote 11/25/2026 to Swahili readers).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the portal, but the formatter itself. */
const SRC = join(__dirname, '../../src');
const FORMATTER = 'lib/format.ts';
const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap(name => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sources(path);
        return /\.tsx?$/.test(name) ? [path] : [];
    });

describe('one date formatter', () => {
    it(`is the only place src writes a date: no DateField, toLocale…String or Intl.DateTimeFormat outside ${FORMATTER}`, () => {
        const found = sources(SRC)
            .filter(path => relative(SRC, path) !== FORMATTER)
            .flatMap(path =>
                readFileSync(path, 'utf8')
                    .split('\n')
                    .map((line, index) => ({ line, at: `${relative(SRC, path)}:${index + 1}` }))
                    // Asking the browser its time zone (lib/fingerprint.ts) formats nothing.
                    .filter(({ line }) =>
                        /\bDateField\b|\.toLocale(Date|Time)?String\(|DateTimeFormat\((?!\)\.resolvedOptions\(\))/.test(line),
                    )
                    .map(({ at, line }) => `${at}: ${line.trim()}`),
            );
        expect(found).toEqual([]);
    });
});
