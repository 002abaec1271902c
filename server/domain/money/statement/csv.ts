/**
 * A statement's bytes as CSV records (index.ts, the first three points): refused (415) unless
 * UTF-8 text, then RFC 4180 records read one at a time, blank lines skipped, each with the line it
 * starts on.
 */
import { HttpError } from '../../../http';

/** One record of the file: the line it starts on and its fields as written. */
export interface CsvRecord {
    line: number;
    fields: string[];
}

const notText = () =>
    new HttpError(
        415,
        'errors.unsupported_media_type',
        'The file is not a CSV text file (judged by its content, not its name)',
        'file',
    );

const BOM = [0xef, 0xbb, 0xbf] as const;
const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Validation happens in slices so that no copy of the whole file as text is ever made. */
const VALIDATE_SLICE = 64 * 1024;

/**
 * Refuses (415) bytes that are not UTF-8 text. The decoder runs in streaming mode over slices, so
 * a character split between two slices is judged whole and the text is never held all at once.
 */
export const checkText = (bytes: Uint8Array): void => {
    if (bytes.indexOf(0) !== -1) throw notText();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
        for (let at = 0; at < bytes.length; at += VALIDATE_SLICE) {
            decoder.decode(bytes.subarray(at, at + VALIDATE_SLICE), { stream: true });
        }
        decoder.decode();
    } catch {
        throw notText();
    }
};

const startsWithBom = (bytes: Uint8Array) => BOM.every((value, index) => bytes[index] === value);

/** How much of the file is decoded at a time: whole lines, widened for a record that runs past it. */
const WINDOW_BYTES = 256 * 1024;

/** Line breaks in text[from, to): LF, or CR not followed by LF. */
const lineBreaks = (text: string, from: number, to: number): number => {
    let count = 0;
    for (let at = from; at < to; at++) {
        const char = text.charCodeAt(at);
        if (char === LF || (char === CR && text.charCodeAt(at + 1) !== LF)) count++;
    }
    return count;
};

/** A record read from a window of text, or null when a quoted field runs past the window. */
interface Parsed {
    fields: string[];
    /** Where the next record starts in the window. */
    next: number;
    /** The line breaks it spans, its own end included. */
    breaks: number;
}

/** Where the field starting at `at` ends: the next comma, CR or LF (or the end). */
const fieldEnd = (text: string, at: number): number => {
    let end = at;
    while (end < text.length) {
        const char = text.charCodeAt(end);
        if (char === COMMA || char === LF || char === CR) break;
        end++;
    }
    return end;
};

/** One record from `start` with quoted fields, or a lone CR: read character by character. */
const quotedRecord = (text: string, start: number): Parsed | null => {
    const fields: string[] = [];
    let at = start;
    let breaks = 0;
    for (;;) {
        let value: string;
        if (text.charCodeAt(at) === QUOTE) {
            const from = at + 1;
            let close = text.indexOf('"', from);
            while (close !== -1 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf('"', close + 2);
            if (close === -1) return null;
            breaks += lineBreaks(text, from, close);
            value = text.slice(from, close).replaceAll('""', '"');
            // Anything after the closing quote up to the next separator is kept as written.
            at = fieldEnd(text, close + 1);
            value += text.slice(close + 1, at);
        } else {
            const from = at;
            at = fieldEnd(text, at);
            value = text.slice(from, at);
        }
        fields.push(value);
        if (at >= text.length) return { fields, next: at, breaks };
        const char = text.charCodeAt(at);
        if (char === COMMA) {
            at++;
            if (at >= text.length) {
                fields.push('');
                return { fields, next: at, breaks };
            }
            continue;
        }
        // CRLF, LF or CR: the record ends.
        at += char === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
        return { fields, next: at, breaks: breaks + 1 };
    }
};

/**
 * The file's records, one at a time, blank lines skipped (see the header). Call `checkText` first:
 * this reads the bytes as UTF-8 without judging them. The file is decoded a window of whole lines
 * at a time; a line without a quote or a lone CR (nearly every line of a statement) is split as it
 * is, any other record read character by character.
 */
export function* csvRecords(bytes: Buffer): Generator<CsvRecord> {
    const end = bytes.length;
    let at = startsWithBom(bytes) ? BOM.length : 0;
    let line = 1;
    let window = WINDOW_BYTES;
    while (at < end) {
        let windowEnd = Math.min(end, at + window);
        if (windowEnd < end) {
            const lastLf = bytes.lastIndexOf(LF, windowEnd - 1);
            if (lastLf < at) {
                window *= 2;
                continue;
            }
            windowEnd = lastLf + 1;
        }
        const text = bytes.toString('utf8', at, windowEnd);
        let pos = 0;
        // The next quote, CR and LF from `pos` (the window's length when there is none), each looked for
        // again only once passed: every character of the window is searched once per kind, so reading
        // is linear in the file's size whatever its line endings (searching for the next LF from every
        // record of a file of lone CRs read the rest of the file once per line: 5 MB took minutes).
        let quoteAt = -1;
        let crAt = -1;
        let lfAt = -1;
        const next = (char: string, from: number) => {
            const found = text.indexOf(char, from);
            return found === -1 ? text.length : found;
        };
        let cut = false;
        while (pos < text.length) {
            if (quoteAt < pos) quoteAt = next('"', pos);
            if (crAt < pos) crAt = next('\r', pos);
            if (lfAt < pos) lfAt = next('\n', pos);
            const lineEnd = lfAt;
            const stop = lineEnd > pos && crAt === lineEnd - 1 ? lineEnd - 1 : lineEnd;
            if (quoteAt >= lineEnd && crAt >= stop) {
                const first = line;
                const content = text.slice(pos, stop);
                pos = lineEnd + 1;
                line++;
                if (content.trim() !== '') yield { line: first, fields: content.split(',') };
                continue;
            }
            const record = quotedRecord(text, pos);
            if (!record) {
                if (windowEnd >= end) {
                    throw new HttpError(400, 'errors.field_invalid', `Line ${line}: a quoted field is never closed`, 'file');
                }
                // The record runs past the window: read again from its start, with a wider one.
                at += Buffer.byteLength(text.slice(0, pos));
                window *= 2;
                cut = true;
                break;
            }
            const first = line;
            pos = record.next;
            line += record.breaks;
            if (record.fields.length === 1 && (record.fields[0] ?? '').trim() === '') continue;
            yield { line: first, fields: record.fields };
        }
        if (!cut) {
            at = windowEnd;
            window = WINDOW_BYTES;
        }
    }
}
