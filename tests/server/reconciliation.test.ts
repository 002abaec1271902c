/**
 * Reconciliation (contract/money/reconciliation.ts, server/domain/money/reconciliation/ and
 * statement/): a statement's every row gets its outcome (matched, suspense with why, duplicate,
 * rejected with its field and problem) on the right line, balances fall in file order, the same
 * file again (in turn or at once) imports nothing, a file that is not text or lacks a column
 * imports nothing, and the history and rows calls answer what was imported.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../contract/kyc';
import {
    reconcileDeposits,
    reconciliationRows,
    reconciliationUploads,
    type ReconciliationRow,
    type ReconciliationUpload,
} from '../../contract/money';
import { addGroupRole, listAdminGroups, listAdminRoles } from '../../contract/security';
import {
    auditEvents,
    customers,
    loans,
    reconciliationRows as rowsTable,
    reconciliationUploads as uploadsTable,
    transactions,
} from '../../server/db/schema';
import { startOfDay } from '../../server/time';
import { csvRecords } from '../../server/domain/money/statement';
import { png } from '../e2e/fixtures/kycImages';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshMsisdn, makeCustomer, makeLoan, nextSerial } from './customerFixtures';
import { rowsOf as resultRows, startTestServer, type TestServer } from './harness';
import type { FilePart } from './multipart';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'agent']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const csvPart = (text: string | Buffer, name = 'statement.csv', type = 'text/csv'): FilePart => ({
    name,
    type,
    bytes: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
});

const send = (file: FilePart, as = 'maker', channel: 'bank' | 'mpesa' | 'card' | 'cash' = 'bank') =>
    server.call(reconcileDeposits, { body: { channel }, files: [file], token: token[as] });

const imported = async (text: string, channel: 'bank' | 'mpesa' = 'bank'): Promise<ReconciliationUpload> => {
    const answer = await send(csvPart(text), 'maker', channel);
    if (answer.status !== 201) throw new Error(`Upload failed: ${answer.status} ${JSON.stringify(answer.error)}`);
    return answer.body.upload;
};

const rowsOf = async (uploadId: number, outcome?: ReconciliationRow['outcome']) => {
    const answer = await server.call(reconciliationRows, {
        body: { upload_id: uploadId, page_size: 500, ...(outcome ? { outcome } : {}) },
        token: token.maker,
    });
    expect(answer.status).toBe(200);
    return answer.body;
};

const balanceOf = async (loanId: number) =>
    (await server.db.select({ balance: loans.balance }).from(loans).where(eq(loans.id, loanId)))[0]?.balance;

const transactionCount = async () => (await server.db.select({ value: count() }).from(transactions))[0]?.value ?? 0;
const uploadCount = async () => (await server.db.select({ value: count() }).from(uploadsTable))[0]?.value ?? 0;

/** References unique to this test run. */
const ref = (name: string) => `${name}-${nextSerial()}`;

// ---------------------------------------------------------------------------------------------
// One statement, every outcome

describe('a statement with good, bad and duplicate rows', () => {
    it('gives each line its outcome, lowers balances in file order and records the upload and each batch in the audit', async () => {
        const named = await makeLoan(server.db, { balance: 1000 });
        const single = await makeLoan(server.db, { balance: 500 });
        const twice = await makeLoan(server.db, { balance: 500 });
        await makeLoan(server.db, { balance: 500, customerId: twice.customer.id, msisdn: twice.msisdn });
        const ended = await makeLoan(server.db, { status: 'completed', balance: 0 });
        const stranger = freshMsisdn();
        // A payment recorded before the statement (a mobile-money callback, say).
        const before = ref('PRE');
        const [earlier] = await server.db
            .insert(transactions)
            .values({ reference: before, msisdn: stranger, loanId: null, amount: 5, channel: 'mpesa', kind: 'instalment' })
            .returning();
        const r = Object.fromEntries(
            ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'c1', 'd1', 'e1', 'r9', 'r10', 'r11', 'r12'].map(key => [
                key,
                ref(key.toUpperCase()),
            ]),
        );
        const payer = freshMsisdn();
        const lines = [
            /* 1 */ 'Date, AMOUNT ,Reference,MSISDN,Account,Note',
            /* 2 */ `2026-03-02,100.00,${r.a1},${payer},  ${named.loanReference.toLowerCase()} ,first`,
            /* 3 */ `2026-03-02T10:15:00,250.5,${r.a2},+${payer},${named.loanReference},"a note, with a comma"`,
            /* 4 */ `2026-03-02,700,${r.a3},${payer},${named.loanReference},over what is left`,
            /* 5 */ `2026-03-02,649.50,${r.a4},${payer},${named.loanReference},"spread over`,
            /* 6 */ `two lines, with ""quotes"""`,
            /* 7 */ '',
            /* 8 */ `2026-03-03,10,${r.b1},${single.msisdn},,by the payer's number`,
            /* 9 */ `2026-03-03,10,${r.b2},${single.msisdn},NOPE-0000,names no loan: the number decides`,
            /* 10 */ `2026-03-03,10,${r.c1},${twice.msisdn},,two active loans`,
            /* 11 */ `2026-03-03,10,${r.d1},${stranger},,nobody's number`,
            /* 12 */ `2026-03-03,10,${r.e1},${payer},${ended.loanReference},a paid-off loan`,
            /* 13 */ `2026-03-03,10,${r.a1},${payer},${named.loanReference},again in the file`,
            /* 14 */ `2026-03-03,10,${before},${stranger},,recorded before`,
            /* 15 */ `,10,${ref('R1')},${payer},,`,
            /* 16 */ `2026-02-30,10,${ref('R2')},${payer},,`,
            /* 17 */ `2026-03-03,,${ref('R3')},${payer},,`,
            /* 18 */ `2026-03-03,1.234,${ref('R4')},${payer},,`,
            /* 19 */ `2026-03-03,0.00,${ref('R5')},${payer},,`,
            /* 20 */ `2026-03-03,-5,${ref('R6')},${payer},,`,
            /* 21 */ `2026-03-03,1000000.01,${ref('R7')},${payer},,`,
            /* 22 */ `2026-03-03,10,,${payer},,`,
            /* 23 */ `2026-03-03,10,"bad ref!",${payer},,`,
            /* 24 */ `2026-03-03,10,${r.r9},,,`,
            /* 25 */ `2026-03-03,10,${r.r10},12ab,,`,
            /* 26 */ `2026-03-03,10,${r.r11},${payer},"bad account!",`,
            /* 27 */ `2026-03-03,10,${r.r12},${payer},,,one too many`,
            // A rejected row's reference was not recorded: the same reference later is no duplicate.
            /* 28 */ `2026-03-03,10,${r.r12},${single.msisdn},,,,`,
        ];
        // A byte order mark and CRLF, as spreadsheets write them; one row ends the file without a line break.
        const text = `\uFEFF${lines.join('\r\n')}`;
        const auditsBefore = (await server.db.select({ value: count() }).from(auditEvents))[0]?.value ?? 0;
        const upload = await imported(text, 'mpesa');

        expect(upload).toMatchObject({
            file_name: 'statement.csv',
            channel: 'mpesa',
            uploaded_by: { name: expect.any(String) },
            rows: 25,
            matched: 6,
            suspense: 4,
            duplicate: 2,
            rejected: 13,
            amount_recorded: 100 + 250.5 + 649.5 + 10 + 10 + 10 + 700 + 10 + 10 + 10,
            same_file_as: null,
            importing: false,
        });

        const { data, total_items } = await rowsOf(upload.id);
        expect(total_items).toBe(25);
        const byLine = new Map(data.map(row => [row.line, row]));
        const outcome = (line: number) => {
            const row = byLine.get(line);
            return row?.outcome === 'rejected'
                ? `rejected ${row.field ?? '-'} ${row.problem ?? ''}`
                : row?.outcome === 'suspense'
                  ? `suspense ${row.suspense_reason ?? ''}`
                  : row?.outcome === 'matched'
                    ? `matched ${row.loan_reference ?? ''}`
                    : String(row?.outcome);
        };
        expect(data.map(row => row.line)).toEqual([
            2,
            3,
            4,
            5,
            8,
            9,
            10,
            11,
            12,
            13,
            14,
            ...Array.from({ length: 14 }, (_, i) => 15 + i),
        ]);
        expect(Object.fromEntries(data.map(row => [row.line, outcome(row.line)]))).toEqual({
            2: `matched ${named.loanReference}`,
            3: `matched ${named.loanReference}`,
            4: 'suspense exceeds_balance',
            5: `matched ${named.loanReference}`,
            8: `matched ${single.loanReference}`,
            9: `matched ${single.loanReference}`,
            10: 'suspense several_loans',
            11: 'suspense unknown_account',
            12: 'suspense loan_not_active',
            13: 'duplicate',
            14: 'duplicate',
            15: 'rejected date missing',
            16: 'rejected date invalid',
            17: 'rejected amount missing',
            18: 'rejected amount invalid',
            19: 'rejected amount not_positive',
            20: 'rejected amount not_positive',
            21: 'rejected amount too_large',
            22: 'rejected reference missing',
            23: 'rejected reference invalid',
            24: 'rejected msisdn missing',
            25: 'rejected msisdn invalid',
            26: 'rejected account invalid',
            27: 'rejected - too_many_columns',
            // Empty columns beyond the header's are no fault.
            28: `matched ${single.loanReference}`,
        });
        // The duplicates name the payment that came first: earlier in the file, or before the file.
        expect(byLine.get(13)?.transaction_id).toBe(byLine.get(2)?.transaction_id);
        expect(byLine.get(14)?.transaction_id).toBe(earlier?.id);
        expect(byLine.get(3)).toMatchObject({ reference: r.a2, msisdn: payer, amount: 250.5 });
        expect(byLine.get(20)).toMatchObject({ amount: -5, reference: expect.stringMatching(/^R6-/) });

        // Balances: 1000 − 100 − 250.50 − 649.50 (the 700 did not fit after the first two); 500 − 10 − 10 − 10.
        expect(await balanceOf(named.loan.id)).toBe(0);
        expect(await balanceOf(single.loan.id)).toBe(470);
        expect(await balanceOf(twice.loan.id)).toBe(500);
        expect(await balanceOf(ended.loan.id)).toBe(0);

        // What the payments hold: when paid (a plain date is midnight in Johannesburg), the channel,
        // the account as given, the suspense state.
        const recorded = await server.db
            .select()
            .from(transactions)
            .where(eq(transactions.uploadId, upload.id))
            .orderBy(transactions.uploadLine);
        expect(recorded).toHaveLength(10);
        const at = (line: number) => recorded.find(row => row.uploadLine === line);
        expect(at(2)).toMatchObject({
            loanId: named.loan.id,
            amount: 100,
            channel: 'mpesa',
            kind: 'instalment',
            account: named.loanReference,
            paidAt: startOfDay('2026-03-02'),
            suspenseStatus: null,
            suspenseReason: null,
            msisdn: payer,
        });
        expect(at(3)?.paidAt).toEqual(new Date(startOfDay('2026-03-02').getTime() + (10 * 60 + 15) * 60_000));
        expect(at(3)?.msisdn).toBe(payer);
        expect(at(11)).toMatchObject({ loanId: null, suspenseStatus: 'open', suspenseReason: 'unknown_account', account: null });
        expect(at(12)).toMatchObject({ loanId: null, suspenseStatus: 'open', suspenseReason: 'loan_not_active' });

        // Duplicates and rejections are kept as rows of the upload; nothing else.
        const kept = await server.db.select({ value: count() }).from(rowsTable).where(eq(rowsTable.uploadId, upload.id));
        expect(kept[0]?.value).toBe(15);

        // The upload's claim with its rows, then one event per batch with that batch's counts: a file
        // this small is one batch.
        const audits = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.entity, 'reconciliation_uploads'), eq(auditEvents.entityId, String(upload.id))))
            .orderBy(auditEvents.id);
        expect(audits.map(event => event.action)).toEqual(['reconciliation_uploads.create', 'reconciliation_uploads.import']);
        expect(audits[0]?.after).toMatchObject({ rows: 25, batches: 1 });
        expect(audits[1]?.after).toMatchObject({ batch: 1, done: true, matched: 6, suspense: 4, duplicate: 2, rejected: 13 });
        // Beside it only the named loan's completion: lines 2, 3 and 5 paid its 1,000 to 0 (migration 0022's trigger).
        const since = await server.db
            .select({ action: auditEvents.action })
            .from(auditEvents)
            .orderBy(auditEvents.id)
            .offset(auditsBefore);
        expect(since.map(event => event.action).sort()).toEqual([
            'loans.complete',
            'reconciliation_uploads.create',
            'reconciliation_uploads.import',
        ]);
    });

    it('accepts date-times with an offset, LF endings, any column order and no account column', async () => {
        const loan = await makeLoan(server.db, { balance: 100 });
        const a = ref('TZ');
        const b = ref('TZ');
        const upload = await imported(
            `msisdn,reference,amount,date\n${loan.msisdn},${a},1,2026-03-02T08:00:00Z\n\n${loan.msisdn},${b},2,2026-03-02 10:00:00+02:00\n`,
        );
        expect(upload).toMatchObject({ rows: 2, matched: 2 });
        const paid = await server.db
            .select({ reference: transactions.reference, paidAt: transactions.paidAt, line: transactions.uploadLine })
            .from(transactions)
            .where(inArray(transactions.reference, [a, b]))
            .orderBy(transactions.uploadLine);
        expect(paid.map(row => [row.line, row.paidAt.toISOString()])).toEqual([
            [2, '2026-03-02T08:00:00.000Z'],
            [4, '2026-03-02T08:00:00.000Z'],
        ]);
        expect(await balanceOf(loan.loan.id)).toBe(97);
    });
});

// ---------------------------------------------------------------------------------------------
// Reading the CSV (server/domain/money/statement/csv.ts reads a window of 256 KB at a time)

describe('reading the CSV', () => {
    const records = (text: string) => [...csvRecords(Buffer.from(text, 'utf8'))].map(({ line, fields }) => [line, ...fields]);

    it('reads quoted fields, escaped quotes, CR, LF and CRLF endings, blank lines and a missing last line break', () => {
        expect(records('a,b\r\n"x, y","say ""hi"""\r\n\r\n  \n1,2\r3,"4\r\n5"\n6,')).toEqual([
            [1, 'a', 'b'],
            [2, 'x, y', 'say "hi"'],
            [5, '1', '2'],
            [6, '3', '4\r\n5'],
            [8, '6', ''],
        ]);
        expect(records('\uFEFFdate\n"café ☕",naïve\n')).toEqual([
            [1, 'date'],
            [2, 'café ☕', 'naïve'],
        ]);
    });

    it('follows a record across the window: a quoted line break at its edge, and a line longer than it', () => {
        const filler = `${'x'.repeat(99)}\n`;
        // 262,100 bytes of lines, then a quoted field whose first line break falls inside the first
        // 262,144 bytes and whose closing quote falls beyond them.
        const head = filler.repeat(Math.floor((256 * 1024) / filler.length));
        const before = head.split('\n').length - 1;
        const straddling = `${head}"spans${'y'.repeat(10)}\n${'z'.repeat(200)}\nthe edge",1\nafter,2\n`;
        expect(head.length + 17).toBeLessThan(256 * 1024);
        const read = [...csvRecords(Buffer.from(straddling))];
        expect(read.slice(-2).map(({ line, fields }) => [line, fields[0]?.length, fields[1]])).toEqual([
            [before + 1, 5 + 10 + 1 + 200 + 1 + 8, '1'],
            [before + 4, 5, '2'],
        ]);
        const long = [...csvRecords(Buffer.from(`a,b\n${'w'.repeat(700 * 1024)},1\nc,2\n`))];
        expect(long.map(({ line, fields }) => [line, fields[0]?.length, fields[1]])).toEqual([
            [1, 1, 'b'],
            [2, 700 * 1024, '1'],
            [3, 1, '2'],
        ]);
    });
});

// ---------------------------------------------------------------------------------------------
// The same file again

describe('the same file again', () => {
    const statement = async () => {
        const loan = await makeLoan(server.db, { balance: 300 });
        const refs = [ref('AGAIN'), ref('AGAIN'), ref('AGAIN')];
        const text = [
            'date,amount,reference,msisdn,account',
            `2026-03-04,50,${refs[0]},${loan.msisdn},${loan.loanReference}`,
            `2026-03-04,50,${refs[1]},${loan.msisdn},`,
            `2026-03-04,50,${refs[2]},${freshMsisdn()},`,
            `2026-03-04,oops,${ref('AGAIN')},${loan.msisdn},`,
        ].join('\n');
        return { loan, refs, text };
    };

    it('imports nothing the second time: every good row a duplicate of the first, the upload named as the same file', async () => {
        const { loan, refs, text } = await statement();
        const first = await imported(text);
        expect(first).toMatchObject({ matched: 2, suspense: 1, duplicate: 0, rejected: 1, amount_recorded: 150 });
        const payments = await transactionCount();
        const second = await imported(text);
        expect(second).toMatchObject({
            rows: 4,
            matched: 0,
            suspense: 0,
            duplicate: 3,
            rejected: 1,
            amount_recorded: 0,
            same_file_as: first.id,
        });
        expect(await transactionCount()).toBe(payments);
        expect(await balanceOf(loan.loan.id)).toBe(200);
        const firstRows = await rowsOf(first.id);
        const duplicates = await rowsOf(second.id, 'duplicate');
        expect(duplicates.data.map(row => [row.reference, row.transaction_id])).toEqual(
            refs.map(reference => [reference, firstRows.data.find(row => row.reference === reference)?.transaction_id]),
        );
        // A third time still names the first.
        expect((await imported(text)).same_file_as).toBe(first.id);
    });

    it('imports once when three people upload it at the same moment', async () => {
        const { loan, refs, text } = await statement();
        // Long enough that the imports overlap: each would record every row but for the lock.
        const more = Array.from({ length: 3000 }, () => `2026-03-04,1,${ref('RACE')},${freshMsisdn()},`);
        const outcome = await race(server, reconcileDeposits, 3, {
            body: { channel: 'bank' },
            files: [csvPart([text, ...more].join('\n'))],
            token: token.maker,
        });
        expect(outcome.statuses).toEqual({ 201: 3 });
        const uploads = outcome.winners.map(winner => winner.body.upload).sort((a, b) => a.id - b.id);
        expect(uploads.map(upload => [upload.matched + upload.suspense, upload.duplicate])).toEqual([
            [3003, 0],
            [0, 3003],
            [0, 3003],
        ]);
        expect(uploads.map(upload => upload.same_file_as)).toEqual([null, uploads[0]?.id, uploads[0]?.id]);
        const recorded = await server.db
            .select({ value: count() })
            .from(transactions)
            .where(inArray(transactions.reference, refs));
        expect(recorded[0]?.value).toBe(3);
        expect(await balanceOf(loan.loan.id)).toBe(200);
    });
});

// ---------------------------------------------------------------------------------------------
// A statement of several batches

describe('a statement longer than one batch', () => {
    it('is imported in short transactions that decide as one would, seen as importing until its last is in', async () => {
        const { loan, msisdn } = await makeLoan(server.db, { balance: 700.5 });
        const refs = Array.from({ length: 1200 }, () => ref('BATCH'));
        // 1,200 payments of 1 on the loan (700 fit its balance, across batches 1 and 2; the rest
        // exceed what is left), then a duplicate of line 4's payment and a junk line, in batch 3.
        const lines = [
            'date,amount,reference,msisdn,account',
            ...refs.map(reference => `2026-03-02,1,${reference},${msisdn},`),
            `2026-03-02,1,${refs[2]},${msisdn},`,
            'x,y',
        ];
        const fileName = `batches-${nextSerial()}.csv`;
        let settled = false;
        const answer = send(csvPart(lines.join('\n'), fileName)).finally(() => {
            settled = true;
        });
        // A reader meanwhile is answered, and sees the upload as importing (its counts so far).
        let seen: ReconciliationUpload | undefined;
        while (!seen && !settled) {
            const list = await server.call(reconciliationUploads, { body: {}, token: token.maker });
            seen = list.body.data.find(upload => upload.file_name === fileName && upload.importing);
        }
        expect(seen, 'a reader was answered while the import was under way').toBeDefined();
        const done = await answer;
        expect(done.status).toBe(201);
        const upload = done.body.upload;
        expect(upload).toMatchObject({ rows: 1202, matched: 700, suspense: 500, duplicate: 1, rejected: 1, importing: false });
        expect(await balanceOf(loan.id)).toBe(0.5);
        const duplicate = (await rowsOf(upload.id, 'duplicate')).data[0];
        const [first] = await server.db
            .select({ id: transactions.id })
            .from(transactions)
            .where(eq(transactions.reference, refs[2] ?? ''));
        expect(duplicate).toMatchObject({ line: 1202, transaction_id: first?.id });
        // The claim, then one event per batch with its own counts, adding up to the upload's.
        const audits = await server.db
            .select({ action: auditEvents.action, after: auditEvents.after })
            .from(auditEvents)
            .where(and(eq(auditEvents.entity, 'reconciliation_uploads'), eq(auditEvents.entityId, String(upload.id))))
            .orderBy(auditEvents.id);
        expect(audits.map(event => event.action)).toEqual([
            'reconciliation_uploads.create',
            'reconciliation_uploads.import',
            'reconciliation_uploads.import',
            'reconciliation_uploads.import',
        ]);
        const batches = audits.slice(1).map(event => event.after as Record<string, number | boolean>);
        expect(batches.map(batch => [batch.batch, batch.done])).toEqual([
            [1, false],
            [2, false],
            [3, true],
        ]);
        const sum = (key: string) => batches.reduce((total, batch) => total + Number(batch[key]), 0);
        expect([sum('matched'), sum('suspense'), sum('duplicate'), sum('rejected')]).toEqual([700, 500, 1, 1]);
        const [kept] = await server.db
            .select({ pending: sql<boolean>`${uploadsTable.pending} IS NOT NULL`, batches: uploadsTable.batchesDone })
            .from(uploadsTable)
            .where(eq(uploadsTable.id, upload.id));
        expect(kept).toEqual({ pending: false, batches: 3 });
    });
});

// ---------------------------------------------------------------------------------------------
// A reference in another letter case

/** A unique violation's constraint name, whichever driver raised it (PGlite `constraint`, postgres.js `constraint_name`). */
const violated = (error: unknown): string | undefined => {
    for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
        const found = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
        if (found.code === '23505') return String(found.constraint ?? found.constraint_name);
    }
    return undefined;
};

describe('a reference in another letter case or with spaces around it', () => {
    it('is a duplicate of the payment recorded before, and of an earlier row of the same file: the balance falls once', async () => {
        const loan = await makeLoan(server.db, { balance: 500 });
        const first = ref('P-x');
        const inFile = ref('Q-y');
        const before = await imported(
            ['date,amount,reference,msisdn,account', `2026-03-05,100,${first},${loan.msisdn},${loan.loanReference}`].join('\n'),
        );
        expect(before).toMatchObject({ matched: 1, duplicate: 0 });
        expect(await balanceOf(loan.loan.id)).toBe(400);
        const [recorded] = (await rowsOf(before.id)).data;

        const again = await imported(
            [
                'date,amount,reference,msisdn,account',
                `2026-03-06,100,${first.toLowerCase()},${loan.msisdn},${loan.loanReference}`,
                `2026-03-06,100,${first.toUpperCase()},${loan.msisdn},${loan.loanReference}`,
                `2026-03-06,50,${inFile},${loan.msisdn},${loan.loanReference}`,
                `2026-03-06,50,"  ${inFile.toLowerCase()} ",${loan.msisdn},${loan.loanReference}`,
            ].join('\n'),
        );
        expect(again).toMatchObject({ rows: 4, matched: 1, suspense: 0, duplicate: 3, rejected: 0, amount_recorded: 50 });
        expect(await balanceOf(loan.loan.id)).toBe(350);
        const rows = (await rowsOf(again.id)).data;
        const inFileId = rows[2]?.transaction_id;
        expect(rows.map(row => [row.line, row.outcome, row.transaction_id])).toEqual([
            [2, 'duplicate', recorded?.transaction_id],
            [3, 'duplicate', recorded?.transaction_id],
            [4, 'matched', inFileId],
            [5, 'duplicate', inFileId],
        ]);
        const payments = await server.db
            .select({ reference: transactions.reference })
            .from(transactions)
            .where(eq(transactions.loanId, loan.loan.id));
        expect(payments.map(payment => payment.reference).sort()).toEqual([first, inFile].sort());
    });

    it('is refused by the database itself, whoever writes it', async () => {
        const reference = ref('DB-Case');
        const payment = (text: string) => ({
            reference: text,
            msisdn: freshMsisdn(),
            loanId: null,
            amount: 5,
            channel: 'mpesa' as const,
            kind: 'instalment' as const,
        });
        await server.db.insert(transactions).values(payment(reference));
        for (const variant of [reference.toLowerCase(), reference.toUpperCase(), ` ${reference} `]) {
            const error: unknown = await server.db
                .insert(transactions)
                .values(payment(variant))
                .then(
                    () => undefined,
                    (failure: unknown) => failure,
                );
            expect(violated(error), variant).toBe('transactions_reference_unique');
        }
    });

    it('keeps payments recorded twice before the rule, each later one renamed with its id and audited', async () => {
        const migration = readFileSync(
            fileURLToPath(new URL('../../server/db/migrations/0013_transaction_reference_case.sql', import.meta.url)),
            'utf8',
        );
        const loan = await makeLoan(server.db, { balance: 500 });
        const reference = ref('Old-Case');
        const variants = [reference, reference.toLowerCase(), ` ${reference.toUpperCase()}`];
        const ids = await server.db.transaction(async tx => {
            // The database as it was before the migration: unique on the exact text.
            await tx.execute(sql`DROP INDEX transactions_reference_unique`);
            await tx.execute(sql`ALTER TABLE transactions ADD CONSTRAINT transactions_reference_unique UNIQUE (reference)`);
            const inserted: number[] = [];
            for (const variant of variants) {
                const [row] = await tx
                    .insert(transactions)
                    .values({
                        reference: variant,
                        msisdn: loan.msisdn,
                        loanId: loan.loan.id,
                        amount: 10,
                        channel: 'bank',
                        kind: 'instalment',
                    })
                    .returning({ id: transactions.id });
                if (row) inserted.push(row.id);
            }
            for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
            return inserted;
        });
        const kept = await server.db
            .select({ id: transactions.id, reference: transactions.reference, loanId: transactions.loanId })
            .from(transactions)
            .where(inArray(transactions.id, ids))
            .orderBy(transactions.id);
        expect(kept).toEqual([
            { id: ids[0], reference, loanId: loan.loan.id },
            { id: ids[1], reference: `${variants[1]} (duplicate #${ids[1]})`, loanId: loan.loan.id },
            { id: ids[2], reference: `${variants[2]} (duplicate #${ids[2]})`, loanId: loan.loan.id },
        ]);
        const audits = await server.db
            .select({ entityId: auditEvents.entityId, before: auditEvents.before, after: auditEvents.after })
            .from(auditEvents)
            .where(
                and(
                    eq(auditEvents.action, 'transactions.reference_case_duplicate'),
                    inArray(auditEvents.entityId, ids.map(String)),
                ),
            )
            .orderBy(auditEvents.id);
        expect(audits).toEqual(
            [1, 2].map(at => ({
                entityId: String(ids[at]),
                before: { reference: variants[at] },
                after: { reference: `${variants[at]} (duplicate #${ids[at]})`, duplicate_of: ids[0] },
            })),
        );
        // The rule holds from then on.
        const error: unknown = await server.db
            .insert(transactions)
            .values({
                reference: reference.toLowerCase(),
                msisdn: loan.msisdn,
                loanId: null,
                amount: 1,
                channel: 'bank',
                kind: 'instalment',
            })
            .then(
                () => undefined,
                (failure: unknown) => failure,
            );
        expect(violated(error)).toBe('transactions_reference_unique');
    });
});

// ---------------------------------------------------------------------------------------------
// Files refused whole

describe('a file refused whole', () => {
    const nothingWritten = async (work: () => Promise<void>) => {
        const [uploads, payments] = [await uploadCount(), await transactionCount()];
        await work();
        expect([await uploadCount(), await transactionCount()]).toEqual([uploads, payments]);
    };

    it('is 415 when it is not text, whatever its name or declared type', async () => {
        await nothingWritten(async () => {
            const image = await send(csvPart(png(8, 8), 'statement.csv', 'text/csv'));
            expect([image.status, image.error.key, image.error.field]).toEqual([415, 'errors.unsupported_media_type', 'file']);
            const withNul = await send(
                csvPart(Buffer.from('date,amount,reference,msisdn\n2026-03-02,1,AB\u0000C,27710000001\n')),
            );
            expect([withNul.status, withNul.error.field]).toEqual([415, 'file']);
            const latin1 = Buffer.concat([
                Buffer.from('date,amount,reference,msisdn\n2026-03-02,1,ABC-1,27710000001,'),
                Buffer.from([0xe9, 0x0a]),
            ]);
            const notUtf8 = await send(csvPart(latin1));
            expect([notUtf8.status, notUtf8.error.key]).toEqual([415, 'errors.unsupported_media_type']);
        });
    });

    it('is 400 statement_columns when the header lacks a required column, or there is none', async () => {
        await nothingWritten(async () => {
            const lacking = await send(csvPart('date,amount,reference,phone\n2026-03-02,1,ABC-1,27710000001\n'));
            expect([lacking.status, lacking.error.key, lacking.error.field]).toEqual([400, 'errors.statement_columns', 'file']);
            expect(lacking.error.message).toContain('msisdn');
            const empty = await send(csvPart('\uFEFF\r\n\r\n'));
            expect([empty.status, empty.error.key, empty.error.field]).toEqual([400, 'errors.statement_columns', 'file']);
        });
    });

    it('is 400 on file when a quoted field is never closed', async () => {
        await nothingWritten(async () => {
            const open = await send(
                csvPart(`date,amount,reference,msisdn\n2026-03-02,1,"ABC-1,27710000001\n2026-03-02,1,ABC-2,27710000001\n`),
            );
            expect([open.status, open.error.field]).toEqual([400, 'file']);
            expect(open.error.message).toContain('Line 2');
        });
    });

    it('is 413 past 5 MB', async () => {
        await nothingWritten(async () => {
            const header = 'date,amount,reference,msisdn\n';
            const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, '\n');
            big.write(header);
            const answer = await send(csvPart(big));
            expect([answer.status, answer.error.key, answer.error.field]).toEqual([413, 'errors.payload_too_large', 'file']);
        });
    });

    it('is 403 for a role without UPLOAD_RECONCILIATION_DOCUMENT, for every reconciliation call', async () => {
        await nothingWritten(async () => {
            for (const as of ['checker', 'agent']) {
                const upload = await send(csvPart(`date,amount,reference,msisdn\n2026-03-02,1,${ref('NO')},27710000001\n`), as);
                expect([upload.status, upload.error.key]).toEqual([403, 'errors.forbidden']);
                const list = await server.call(reconciliationUploads, { body: {}, token: token[as] });
                expect(list.status).toBe(403);
                const rows = await server.call(reconciliationRows, { body: { upload_id: 1 }, token: token[as] });
                expect(rows.status).toBe(403);
            }
        });
    });
});

// ---------------------------------------------------------------------------------------------
// History and rows

describe('the history and the rows', () => {
    it('lists uploads newest first, paged', async () => {
        const made: number[] = [];
        for (let index = 0; index < 3; index++) {
            server.clock.advance(60_000);
            made.push((await imported(`date,amount,reference,msisdn\n2026-03-05,1,${ref('HIST')},${freshMsisdn()}\n`)).id);
        }
        const first = await server.call(reconciliationUploads, { body: { page_size: 2 }, token: token.maker });
        expect(first.status).toBe(200);
        expect(first.body.data.map(upload => upload.id)).toEqual([made[2], made[1]]);
        const total = first.body.total_items;
        expect(total).toBe(await uploadCount());
        const second = await server.call(reconciliationUploads, { body: { page_size: 2, page_number: 2 }, token: token.admin });
        expect(second.body.data[0]?.id).toBe(made[0]);
        const createdAt = first.body.data.map(upload => upload.created_at);
        expect([...createdAt].sort().reverse()).toEqual(createdAt);
    });

    it("pages one upload's rows in line order, filtered by outcome, and answers 404 for an unknown upload", async () => {
        const msisdn = (await makeCustomer(server.db)).msisdn;
        const lines = ['date,amount,reference,msisdn'];
        for (let index = 0; index < 12; index++) {
            lines.push(index % 3 === 0 ? `2026-03-06,nope,${ref('PG')},${msisdn}` : `2026-03-06,1,${ref('PG')},${msisdn}`);
        }
        const upload = await imported(lines.join('\n'));
        expect(upload).toMatchObject({ rows: 12, suspense: 8, rejected: 4 });

        const page = (body: { outcome?: ReconciliationRow['outcome']; page_number?: number; page_size?: number }) =>
            server.call(reconciliationRows, { body: { upload_id: upload.id, ...body }, token: token.maker });
        const all = await page({ page_size: 5, page_number: 2 });
        expect(all.status).toBe(200);
        expect(all.body.upload.id).toBe(upload.id);
        expect([all.body.total_items, all.body.data.map(row => row.line)]).toEqual([12, [7, 8, 9, 10, 11]]);
        const rejected = await page({ outcome: 'rejected', page_size: 3 });
        expect([rejected.body.total_items, rejected.body.data.map(row => row.line)]).toEqual([4, [2, 5, 8]]);
        const lastRejected = await page({ outcome: 'rejected', page_size: 3, page_number: 2 });
        expect(lastRejected.body.data.map(row => [row.line, row.field, row.problem])).toEqual([[11, 'amount', 'invalid']]);
        const suspense = await page({ outcome: 'suspense' });
        expect(suspense.body.total_items).toBe(8);
        expect(suspense.body.data.every(row => row.suspense_reason === 'unknown_account' && row.transaction_id !== null)).toBe(
            true,
        );
        const none = await page({ outcome: 'matched' });
        expect([none.body.total_items, none.body.data]).toEqual([0, []]);

        const unknown = await server.call(reconciliationRows, { body: { upload_id: 2_000_000 }, token: token.maker });
        expect([unknown.status, unknown.error.key, unknown.error.field]).toEqual([404, 'errors.not_found', 'upload_id']);
    });

    it('sorts uploads by when, rows or amount recorded, either way, ties by id, across pages without overlap', async () => {
        // Three uploads: the later the fewer rows, the amounts in yet another order.
        const made: ReconciliationUpload[] = [];
        for (const amounts of [[7, 1, 1], [50, 1], [20]]) {
            server.clock.advance(60_000);
            const lines = amounts.map(amount => `2026-03-07,${amount},${ref('SRT')},${freshMsisdn()}`);
            made.push(await imported(['date,amount,reference,msisdn', ...lines].join('\n')));
        }
        const ids = made.map(upload => upload.id);
        type Sort = NonNullable<z.input<typeof reconciliationUploads.body>['sort']>;
        /** Every page at two an answer, in order: each upload once, as many as the total. */
        const walk = async (sort: Sort, order: 'asc' | 'desc') => {
            const rows: ReconciliationUpload[] = [];
            for (let page_number = 1; ; page_number++) {
                const page = await server.call(reconciliationUploads, {
                    body: { sort, order, page_size: 2, page_number },
                    token: token.maker,
                });
                expect(page.status).toBe(200);
                rows.push(...page.body.data);
                if (page.body.data.length < 2) {
                    expect(rows).toHaveLength(page.body.total_items);
                    break;
                }
            }
            expect(new Set(rows.map(row => row.id)).size).toBe(rows.length);
            return rows;
        };
        const keyOf: Record<Sort, (upload: ReconciliationUpload) => number> = {
            created_at: upload => Date.parse(upload.created_at),
            rows: upload => upload.rows,
            amount_recorded: upload => upload.amount_recorded,
        };
        const expected: Record<Sort, number[]> = {
            created_at: ids,
            rows: [ids[2], ids[1], ids[0]] as number[],
            amount_recorded: [ids[0], ids[2], ids[1]] as number[],
        };
        for (const sort of ['created_at', 'rows', 'amount_recorded'] as const) {
            for (const order of ['asc', 'desc'] as const) {
                const rows = await walk(sort, order);
                const sign = order === 'asc' ? 1 : -1;
                const inOrder = rows.every((row, index) => {
                    const before = rows[index - 1];
                    if (!before) return true;
                    const by = Math.sign(keyOf[sort](row) - keyOf[sort](before)) || Math.sign(row.id - before.id);
                    return by === sign;
                });
                expect(inOrder, `${sort} ${order}`).toBe(true);
                const mine = rows.map(row => row.id).filter(id => ids.includes(id));
                expect(mine, `${sort} ${order}`).toEqual(order === 'asc' ? expected[sort] : [...expected[sort]].reverse());
            }
        }
    });

    it('reads the uploads sorted by rows or amount recorded along an index, either way', async () => {
        // The page query's shape (server/domain/money/reconciliation/index.ts): the column, then id. The
        // test's table is small enough to read whole, so that way is ruled out to see the index's use.
        const plans = await server.db.transaction(async tx => {
            await tx.execute(sql`SET LOCAL enable_seqscan = off`);
            const plan = async (column: 'rows' | 'amount_recorded', order: 'ASC' | 'DESC') =>
                resultRows<{ 'QUERY PLAN': string }>(
                    await tx.execute(
                        sql`EXPLAIN SELECT id FROM reconciliation_uploads ORDER BY ${sql.identifier(column)} ${sql.raw(order)}, id ${sql.raw(order)} LIMIT 10`,
                    ),
                )
                    .map(row => row['QUERY PLAN'])
                    .join('\n');
            return {
                rows: [await plan('rows', 'ASC'), await plan('rows', 'DESC')],
                amount: [await plan('amount_recorded', 'ASC'), await plan('amount_recorded', 'DESC')],
            };
        });
        for (const plan of plans.rows) expect(plan).toContain('reconciliation_uploads_rows_idx');
        for (const plan of plans.amount) expect(plan).toContain('reconciliation_uploads_amount_idx');
    });

    it("sorts an upload's rows by line or amount, either way, ties by line, and names the customer each payment's loan is on", async () => {
        const loan = await makeLoan(server.db, { balance: 1000 });
        const [customer] = await server.db
            .select({ publicId: customers.publicId })
            .from(customers)
            .where(eq(customers.id, loan.customer.id));
        const stranger = freshMsisdn();
        const amounts = [5, 1, 3, null, 1, 2];
        const lines = amounts.map((amount, index) =>
            amount === null
                ? `2026-03-08,nope,${ref('ROW')},${stranger},`
                : // The first two go on the loan (matched), the others to suspense.
                  `2026-03-08,${amount},${ref('ROW')},${index < 2 ? loan.msisdn : stranger},${index < 2 ? loan.loanReference : ''}`,
        );
        const upload = await imported(['date,amount,reference,msisdn,account', ...lines].join('\n'));
        expect(upload).toMatchObject({ rows: 6, matched: 2, suspense: 3, rejected: 1 });
        const page = async (body: {
            sort?: 'line' | 'amount';
            order?: 'asc' | 'desc';
            page_number?: number;
            page_size?: number;
        }) => {
            const answer = await server.call(reconciliationRows, { body: { upload_id: upload.id, ...body }, token: token.maker });
            expect(answer.status).toBe(200);
            return answer.body.data;
        };
        // Lines 2 to 7 hold 5, 1, 3, (rejected), 1, 2: by amount, ties by line, the rejected row (no amount) last ascending.
        const byAmount = [3, 6, 7, 4, 2, 5];
        for (const [sort, ascending] of [
            ['line', [2, 3, 4, 5, 6, 7]],
            ['amount', byAmount],
        ] as const) {
            for (const order of ['asc', 'desc'] as const) {
                const expected = order === 'asc' ? [...ascending] : [...ascending].reverse();
                expect(
                    (await page({ sort, order })).map(row => row.line),
                    `${sort} ${order}`,
                ).toEqual(expected);
                const pages = [
                    ...(await page({ sort, order, page_size: 4 })),
                    ...(await page({ sort, order, page_size: 4, page_number: 2 })),
                ];
                expect(
                    pages.map(row => row.line),
                    `${sort} ${order}, two pages`,
                ).toEqual(expected);
            }
        }
        // Without a sort, file order as before.
        const rows = await page({});
        expect(rows.map(row => row.line)).toEqual([2, 3, 4, 5, 6, 7]);
        // Each payment on a loan leads to its customer; one in suspense or a rejected row to nobody.
        expect(rows.map(row => [row.line, row.outcome, row.customer_public_id])).toEqual([
            [2, 'matched', customer?.publicId],
            [3, 'matched', customer?.publicId],
            [4, 'suspense', null],
            [5, 'rejected', null],
            [6, 'suspense', null],
            [7, 'suspense', null],
        ]);
    });

    it('refuses a sort or an order it does not know, naming the field', async () => {
        const upload = await imported(`date,amount,reference,msisdn\n2026-03-09,1,${ref('BAD')},${freshMsisdn()}\n`);
        for (const [body, field] of [
            [{ sort: 'file_name' }, 'sort'],
            [{ order: 'up' }, 'order'],
        ] as const) {
            const uploads = await server.callUnchecked(reconciliationUploads, { body, token: token.maker });
            expect([uploads.status, uploads.error.field], JSON.stringify(body)).toEqual([400, field]);
            const rows = await server.callUnchecked(reconciliationRows, {
                body: { upload_id: upload.id, ...body },
                token: token.maker,
            });
            expect([rows.status, rows.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });
});

describe("a shop's reach", () => {
    it('refuses statements to a caller attached to a shop, whatever roles their group holds: a statement reaches every shop', async () => {
        const before = await uploadCount();
        // The demo shop owner's group is given the upload role; the owner is attached to a shop.
        const groups = await server.call(listAdminGroups, { query: { $limit: 1000 }, token: token.admin });
        const roles = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: token.admin });
        const group = groups.body.data.find(row => row.name === 'Shop Owner');
        const role = roles.body.data.find(row => row.code === 'UPLOAD_RECONCILIATION_DOCUMENT');
        const added = await server.call(addGroupRole, {
            body: { group_id: group?.id ?? 0, role_id: role?.id ?? 0 },
            token: token.admin,
        });
        expect(added.status).toBe(201);
        const shopOwner = await signInAs(server, 'shopowner');
        const upload = await server.call(reconcileDeposits, {
            body: { channel: 'bank' },
            files: [csvPart(`date,amount,reference,msisdn\n2026-03-02,10.00,${ref('SHOP')},27710000001\n`)],
            token: shopOwner,
        });
        expect([upload.status, upload.error.key]).toEqual([403, 'errors.forbidden']);
        const history = await server.call(reconciliationUploads, { body: {}, token: shopOwner });
        expect(history.status).toBe(403);
        const staff = await imported(`date,amount,reference,msisdn\n2026-03-02,10.00,${ref('STAFF')},27710000001\n`);
        const rows = await server.call(reconciliationRows, { body: { upload_id: staff.id }, token: shopOwner });
        expect(rows.status).toBe(403);
        expect(await uploadCount()).toBe(before + 1);
    });
});
