/**
 * The one CSV writer of every export (src/lib/csv.ts): separators, quotes and line breaks are
 * quoted, text a spreadsheet would run as a formula is neutralised however it hides its first
 * character, numbers stay numbers, and what it writes reads back as it was.
 */
import { describe, expect, it } from 'vitest';
import { columnValue } from '../../contract/csv';
import type { MoneyTransaction } from '../../contract/money';
import { csvCell, parseCsv, toCsv } from '../../src/lib/csv';
import { transactionCsvColumns } from '../../src/resources/money/present';

describe('a CSV cell', () => {
    it('is quoted when it holds a comma, a semicolon, a quote, a tab or a line break, and only then', () => {
        expect(csvCell('plain text')).toBe('plain text');
        expect(csvCell('a,b')).toBe('"a,b"');
        expect(csvCell('a;b')).toBe('"a;b"');
        expect(csvCell('say "hi"')).toBe('"say ""hi"""');
        expect(csvCell('two\nlines')).toBe('"two\nlines"');
        expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
        expect(csvCell('a\tb')).toBe('"a\tb"');
        expect(csvCell(null)).toBe('');
        expect(csvCell(undefined)).toBe('');
    });

    it.each([
        ['=', '=1+1'],
        ['+', '+27 82 555 0100'],
        ['-', '-2+3'],
        ['@', '@SUM(A1:A2)'],
        ['tab', '\t=1'],
        ['CR', '\r=1'],
        ['a space', '  =1'],
        ['a no-break space', '\u00A0=HYPERLINK("x")'],
        ['a full-width space', '\u3000+1'],
        ['a line break', '\n-1'],
        ['a zero-width space', '\u200B=1'],
        ['a zero-width joiner', '\u200D@x'],
        ['a zero-width non-joiner', '\u200C=1'],
        ['a word joiner', '\u2060=1'],
        ['a byte order mark', '\uFEFF=1'],
        ['a soft hyphen', '\u00AD=1'],
        ['several invisible characters', ' \u200B\u00A0\u2060 =1'],
        ['a full-width equals sign', '\uFF1D1+1'],
        ['a full-width plus sign', '\uFF0B1'],
        ['a full-width minus sign', '\uFF0D1'],
        ['a full-width at sign', '\uFF20SUM(A1)'],
        ['a space then a full-width equals sign', ' \uFF1D1'],
        ['a small equals sign', '\uFE661'],
    ])('neutralises text starting with a formula character (%s) with a leading quote', (_, text) => {
        const cell = csvCell(text);
        // Quoted or not, the text the spreadsheet sees starts with ' and is the original after it.
        const [read] = parseCsv(`${cell}\n`);
        expect(read?.cells).toEqual([`'${text}`]);
    });

    it('leaves text alone that only has a formula character later on', () => {
        expect(csvCell('a=b')).toBe('a=b');
        expect(csvCell('P-x-1')).toBe('P-x-1');
        expect(csvCell('info@example.com')).toBe('info@example.com');
        expect(csvCell('x ＝ y')).toBe('x ＝ y');
    });

    it('neutralises a formula hidden behind a separator too, and quotes it', () => {
        expect(csvCell('=1;2')).toBe(`"'=1;2"`);
        expect(csvCell('-1,5')).toBe(`"'-1,5"`);
    });

    it('writes numbers as numbers, never neutralised: a negative amount stays an amount', () => {
        expect(csvCell(-79)).toBe('-79');
        expect(csvCell(-79, 2)).toBe('-79.00');
        expect(csvCell(1234.5, 2)).toBe('1234.50');
        expect(csvCell(-26.2041)).toBe('-26.2041');
        expect(csvCell(0)).toBe('0');
        expect(csvCell(Number.NaN)).toBe('');
        // The same characters as text are text, and neutralised.
        expect(csvCell('-79.00')).toBe("'-79.00");
    });
});

describe('a CSV export', () => {
    it('writes the titles, then a line per row, CRLF between, every cell through the same rules', () => {
        const rows = [
            { reference: 'TPI-REV-4', amount: -79, note: '=cmd|"/c calc"!A1' },
            { reference: 'P-1', amount: 100.5, note: 'a; b' },
        ];
        const csv = toCsv(rows, [
            { title: 'Reference', value: row => row.reference },
            { title: 'Amount', value: row => row.amount, decimals: 2 },
            { title: '=Note', value: row => row.note },
        ]);
        expect(csv).toBe(
            ["Reference,Amount,'=Note", `TPI-REV-4,-79.00,"'=cmd|""/c calc""!A1"`, 'P-1,100.50,"a; b"'].join('\r\n'),
        );
        expect(parseCsv(csv).map(row => row.cells)).toEqual([
            ['Reference', 'Amount', "'=Note"],
            ['TPI-REV-4', '-79.00', `'=cmd|"/c calc"!A1`],
            ['P-1', '100.50', 'a; b'],
        ]);
    });
});

describe("the payments search's export", () => {
    it('writes a reversal as the negative amount it is, and a payer-chosen account that looks like a formula as text', () => {
        const reversal: MoneyTransaction = {
            id: 9,
            reference: 'TPI-REV-4',
            msisdn: '27710000009',
            loan_reference: 'LPP-000109',
            customer_name: 'Thandi Mokoena',
            customer_public_id: '9b2f6a1e-0000-4000-8000-000000000009',
            amount: -79,
            currency: 'ZAR',
            channel: 'bank',
            kind: 'reversal',
            account: '\u00A0=HYPERLINK("http://x")',
            paid_at: '2026-11-20T08:00:00.000Z',
            created_at: '2026-11-20T08:01:00.000Z',
            suspense_status: null,
            suspense_reason: null,
            upload_id: null,
        };
        const [, row] = parseCsv(
            toCsv(
                [reversal],
                transactionCsvColumns(key => key),
            ),
        );
        expect(row?.cells.slice(0, 8)).toEqual([
            'TPI-REV-4',
            '2026-11-20T08:00:00.000Z',
            '-79.00',
            'ZAR',
            '27710000009',
            'Thandi Mokoena',
            'LPP-000109',
            `'\u00A0=HYPERLINK("http://x")`,
        ]);
    });
});

describe("an export's moments", () => {
    it('are written by one formatter per language and zone, not one per cell (each cost 0.5 ms and ICU memory the collector freed late)', () => {
        const Original = Intl.DateTimeFormat;
        let made = 0;
        Intl.DateTimeFormat = class extends Original {
            constructor(...args: ConstructorParameters<typeof Original>) {
                super(...args);
                made += 1;
            }
        } as typeof Original;
        try {
            const column = { title: 'Added', field: 'at', format: 'datetime' as const };
            const cells = Array.from({ length: 200 }, (_, index) =>
                columnValue(
                    column,
                    { at: new Date(Date.UTC(2026, 0, 1, 8, index)).toISOString() },
                    { locale: 'sw', time_zone: 'Africa/Dar_es_Salaam' },
                ),
            );
            expect(made).toBeLessThanOrEqual(1);
            expect(new Set(cells).size).toBe(200);
            expect(cells[0]).toBe(
                new Intl.DateTimeFormat('sw', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: 'Africa/Dar_es_Salaam',
                }).format(Date.UTC(2026, 0, 1, 8, 0)),
            );
        } finally {
            Intl.DateTimeFormat = Original;
        }
    });
});

describe("an export column's words and JSON", () => {
    const reader = { locale: 'en', time_zone: 'UTC' };
    const said = {
        field: 'action',
        title: 'Event',
        words: { 'admins.update': 'Changed user %{subject} (%{other})', 'seed.demo': 'Seeded' },
        fill: {
            subject: {
                first: [{ field: 'subject' }, { field: 'after.name' }, { field: 'entity_id', prefix: '#' }],
                otherwise: '—',
            },
        },
    };

    it("fills a word's %{name} with the first field holding text, after its prefix, else the otherwise; leaves a name it does not fill", () => {
        const row = { action: 'admins.update', subject: null, after: { name: '  ' }, entity_id: '7' };
        expect(columnValue(said, row, reader)).toBe('Changed user #7 (%{other})');
        expect(columnValue(said, { ...row, subject: 'kea' }, reader)).toBe('Changed user kea (%{other})');
        expect(columnValue(said, { ...row, after: { name: 'Kea $& $1' } }, reader)).toBe('Changed user Kea $& $1 (%{other})');
        expect(columnValue(said, { ...row, entity_id: null }, reader)).toBe('Changed user — (%{other})');
        // A value without words is written as it is, unfilled.
        expect(columnValue(said, { ...row, action: 'old.%{subject}' }, reader)).toBe('old.%{subject}');
        expect(columnValue(said, { ...row, action: 'seed.demo' }, reader)).toBe('Seeded');
    });

    it('writes a JSON column as JSON, null for nothing', () => {
        const json = { title: 'After', field: 'after', format: 'json' as const };
        expect(columnValue(json, { after: { a: [1, 'x'] } }, reader)).toBe('{"a":[1,"x"]}');
        expect(columnValue(json, { after: null }, reader)).toBe('null');
        expect(columnValue(json, {}, reader)).toBe('null');
        expect(columnValue(json, { after: '' }, reader)).toBe('""');
        expect(csvCell(columnValue(json, { after: '=1' }, reader))).toBe('"""=1"""');
    });
});
