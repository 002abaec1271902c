/**
 * A statement cannot stall the server: reading it is linear in its size for every line-ending
 * style (server/domain/money/statement/csv.ts `csvRecords`), and a statement past
 * MAX_STATEMENT_ROWS is refused before anything is stored, and junk lines are stored compactly yet
 * reported one by one.
 */
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENT_ROWS, reconcileDeposits, reconciliationRows as rowsCall } from '../../contract/money';
import { reconciliationRows, reconciliationUploads, transactions } from '../../server/db/schema';
import { csvRecords } from '../../server/domain/money/statement';
import { signInAs } from './contractCases';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let maker = '';

beforeAll(async () => {
    server = await startTestServer();
    maker = await signInAs(server, 'maker');
}, 60_000);
afterAll(() => server?.close());

const send = (bytes: Buffer) =>
    server.call(reconcileDeposits, {
        body: { channel: 'bank' },
        files: [{ name: 'statement.csv', type: 'text/csv', bytes }],
        token: maker,
    });

/** How many rows each table behind statements holds. */
const stored = async () =>
    Promise.all(
        [reconciliationUploads, transactions, reconciliationRows].map(
            async table => (await server.db.select({ value: count() }).from(table))[0]?.value ?? 0,
        ),
    );

const HEADER = 'date,amount,reference,msisdn,account';

/** A statement of `rows` rows ended by `ending`: payments from numbers no customer has (suspense), one in ten rejected. */
const statementOf = (rows: number, prefix: string, ending = '\n') => {
    const lines = [HEADER];
    for (let n = 1; n <= rows; n++) {
        const reference = `${prefix}-${n}`;
        lines.push(
            n % 10 === 0
                ? `2026-03-02,n/a,${reference},27980000001,`
                : `2026-03-02,1.00,${reference},2798${String(n).padStart(7, '0')},`,
        );
    }
    return Buffer.from(`${lines.join(ending)}${ending}`);
};

// ---------------------------------------------------------------------------------------------
// Reading

type Ending = '\r' | '\n' | '\r\n';

/** A field as a statement writer would: quoted when it holds a separator, a quote or a line break. */
const written = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** Line breaks as the reader counts them: LF, or CR not followed by LF. */
const breaksIn = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

/** The records a reader should find in a file of `records` ended as given, and the file. */
const generatedOf = (records: readonly { fields: string[]; ending: Ending }[], lastEnded: boolean) => {
    let text = '';
    let line = 1;
    const expected: [number, ...string[]][] = [];
    let previous: Ending | null = null;
    records.forEach(({ fields, ending: chosen }, index) => {
        const blank = fields.length === 1 && (fields[0] ?? '').trim() === '';
        // A lone CR followed by a blank record's LF would be one CRLF: a writer would not end so.
        const ending = previous === '\r' && blank && fields[0] === '' ? '\r' : chosen;
        const body = fields.map(written).join(',');
        const last = index === records.length - 1;
        const record = `${body}${last && !lastEnded ? '' : ending}`;
        if (!blank) expected.push([line, ...fields]);
        line += breaksIn(record);
        text += record;
        previous = ending;
    });
    return { text, expected };
};

const read = (text: string) => [...csvRecords(Buffer.from(text, 'utf8'))].map(({ line, fields }) => [line, ...fields]);

/** The quickest of five timings of reading `bytes` whole, in ms (after one unmeasured read). */
const readingMs = (bytes: Buffer) => {
    let records = 0;
    for (const _ of csvRecords(bytes)) records++;
    const samples: number[] = [];
    for (let run = 0; run < 5; run++) {
        const start = performance.now();
        for (const _ of csvRecords(bytes)) records--;
        samples.push(performance.now() - start);
    }
    expect(records).toBeLessThan(0);
    // The quickest of five: other work on a shared machine only ever adds time, so the least is
    // the nearest to the read's own cost (the middle of three still carried a busy moment).
    return Math.min(...samples);
};

/** A file of about `size` bytes: a header, then `row` (its own line ending included) over and over. */
const fileOf = (row: string, size: number) => {
    const header = 'date,amount,reference,msisdn\n';
    return Buffer.from(`${header}${row.repeat(Math.floor((size - header.length) / row.length))}`);
};

describe('reading a statement', () => {
    it('finds every record and its line, whatever the endings, quotes and line breaks inside quotes (generated files)', () => {
        const field = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\r', '\n', 'é', '☕'), maxLength: 8 });
        const record = fc.record({
            fields: fc.array(field, { minLength: 1, maxLength: 5 }),
            ending: fc.constantFrom<Ending>('\r', '\n', '\r\n'),
        });
        fc.assert(
            fc.property(fc.array(record, { maxLength: 30 }), fc.boolean(), (records, lastEnded) => {
                const { text, expected } = generatedOf(records, lastEnded);
                expect(read(text)).toEqual(expected);
            }),
            { numRuns: 500 },
        );
    });

    it('takes time linear in the size for every line-ending style: 4 MB within 8 times 1 MB', () => {
        const rows: Record<string, string> = {
            'lone CRs': '\r',
            'lone LFs': '\n',
            CRLFs: '\r\n',
            'rows ended by CR': '2026-03-02,1.00,REF-1,27710000001\r',
            'quoted line breaks': '2026-03-02,"1\r\n2","a\rb",27710000001\n',
        };
        const MB = 1024 * 1024;
        for (const [style, row] of Object.entries(rows)) {
            const small = readingMs(fileOf(row, MB));
            const large = readingMs(fileOf(row, 4 * MB));
            // Linear is about 4; reading from every record to the end of the file made it 16 and more.
            // A floor of 5 ms keeps a read too quick to time from deciding.
            expect(
                large / Math.max(small, 5),
                `${style}: ${small.toFixed(1)} ms for 1 MB, ${large.toFixed(1)} ms for 4 MB`,
            ).toBeLessThan(8);
        }
    }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The row cap

describe('a statement past the row cap', () => {
    it('is refused whole, 413 statement_too_many_rows on file, before anything is stored', async () => {
        const before = await stored();
        const over = await send(statementOf(MAX_STATEMENT_ROWS + 1, 'OVER'));
        expect([over.status, over.error.key, over.error.field]).toEqual([413, 'errors.statement_too_many_rows', 'file']);
        // 5 MB of one-letter lines: 2.6 million rows, refused as soon as the cap's next is found.
        const letters = Buffer.from(`date,amount,reference,msisdn\n${'a\n'.repeat(2_600_000)}`);
        const flood = await send(letters);
        expect([flood.status, flood.error.key]).toEqual([413, 'errors.statement_too_many_rows']);
        expect(await stored()).toEqual(before);
    });

    it('counts rows, not blank lines: a statement at the cap with blank lines between its rows is imported', async () => {
        const text = statementOf(MAX_STATEMENT_ROWS, 'ATCAP', '\r\n\r\n');
        const answer = await send(text);
        expect(answer.status).toBe(201);
        expect(answer.body.upload).toMatchObject({ rows: MAX_STATEMENT_ROWS, rejected: MAX_STATEMENT_ROWS / 10 });
    }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// Rejected rows, stored compactly

describe('junk lines', () => {
    it('store a row per run of the same fault, and are still reported line by line with their field and problem', async () => {
        const lines = [
            'date,amount,reference,msisdn',
            ...Array.from({ length: 10_000 }, () => 'a'),
            '2026-03-02,oops,JUNK-KEPT-1,27980000002',
            ...Array.from({ length: 5 }, () => ','),
            '2026-03-02,1.00,JUNK-PAID-1,27980000003',
            ...Array.from({ length: 3 }, () => 'a'),
        ];
        const answer = await send(Buffer.from(`${lines.join('\n')}\n`));
        expect(answer.status).toBe(201);
        const { upload } = answer.body;
        expect(upload).toMatchObject({ rows: 10_010, suspense: 1, rejected: 10_009 });
        // Four runs (10,000 invalid dates, the kept row, 5 missing dates, 3 invalid dates), not 10,009 rows.
        const [kept] = await server.db
            .select({ value: count() })
            .from(reconciliationRows)
            .where(eq(reconciliationRows.uploadId, upload.id));
        expect(kept?.value).toBe(4);

        const page = async (page_number: number) => {
            const rows = await server.call(rowsCall, {
                body: { upload_id: upload.id, outcome: 'rejected', page_size: 500, page_number },
                token: maker,
            });
            expect(rows.status).toBe(200);
            expect(rows.body.total_items).toBe(10_009);
            return rows.body.data.map(row => [row.line, row.field, row.problem, row.reference]);
        };
        const first = await page(1);
        expect(first).toHaveLength(500);
        expect(first.slice(0, 2)).toEqual([
            [2, 'date', 'invalid', null],
            [3, 'date', 'invalid', null],
        ]);
        expect(await page(21)).toEqual([
            [10_002, 'amount', 'invalid', 'JUNK-KEPT-1'],
            ...[10_003, 10_004, 10_005, 10_006, 10_007].map(line => [line, 'date', 'missing', null]),
            ...[10_009, 10_010, 10_011].map(line => [line, 'date', 'invalid', null]),
        ]);
        const all = await server.call(rowsCall, {
            body: { upload_id: upload.id, page_size: 500, page_number: 21 },
            token: maker,
        });
        expect(all.body.data.map(row => [row.line, row.outcome])).toContainEqual([10_008, 'suspense']);
    }, 60_000);
});
