/**
 * Exports at any size: a list's rows as a CSV file the browser downloads by itself, streamed by the
 * server (server/exports.ts) as the rows are read, so neither side holds every row.
 *
 * A download is a navigation, which carries no bearer token; so the portal first asks, with its
 * session, for an address (`export<List>`): one call per exportable list, with that list's access
 * and that list's filters (its own schema, without the paging), the columns as data
 * (contract/csv.ts: the same description the browser's own writer reads) and the reader's language
 * and time zone. The answer is a signed address under EXPORT_DOWNLOAD_PATH, valid for
 * EXPORT_LINK_SECONDS, once, for the session that asked: the server checks the session and its
 * roles again when the address is used.
 */
import { z } from 'zod';
import { listAuditEvents } from './audit';
import { listAdmins } from './users';
import { listInventory } from './inventory';
import { defineCall } from './define';

/** Where a signed export address is downloaded (GET, `?token=`): a file, not a JSON call. */
export const EXPORT_DOWNLOAD_PATH = '/exports/download';
/** How long a signed export address may be used, once. */
export const EXPORT_LINK_SECONDS = 60;

/** A dot path into a list's row (`store_name`, `owner.name`, `after.loanReference`: a recorded field as it was written). */
const fieldPath = z
    .string()
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*){0,3}$/);
const shortText = z.string().max(200);

/** Where a word's `%{name}` is taken from (contract/csv.ts `ExportPickShape`). */
const exportPick = z.object({
    first: z
        .array(z.object({ field: fieldPath, prefix: z.string().max(8).optional() }))
        .min(1)
        .max(12),
    otherwise: shortText.optional(),
});

/** A column of an export as data (contract/csv.ts `ExportColumnShape`). */
export const exportColumn = z.object({
    title: shortText,
    field: fieldPath,
    join: z.array(fieldPath).max(4).optional(),
    words: z.record(z.string().max(64), shortText).optional(),
    fill: z.record(z.string().regex(/^\w{1,32}$/), exportPick).optional(),
    empty: shortText.optional(),
    decimals: z.number().int().min(0).max(6).optional(),
    format: z.enum(['datetime', 'json']).optional(),
});
export type ExportColumn = z.infer<typeof exportColumn>;

/** The portal's languages (src/i18n/locale.ts). */
const EXPORT_LOCALES = ['en', 'sw', 'pt'] as const;

/** What an export asks for beside its list's filters. */
const exportOf = <F extends z.ZodType>(filter: F) =>
    z.object({
        filter,
        columns: z.array(exportColumn).min(1).max(40),
        locale: z.enum(EXPORT_LOCALES),
        /** An IANA time zone, as `Intl.DateTimeFormat().resolvedOptions().timeZone` names it. */
        time_zone: z
            .string()
            .max(64)
            .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/),
        /** The file's name without `.csv`. */
        file_name: z
            .string()
            .max(80)
            .regex(/^[a-z0-9][a-z0-9-]*$/),
    });

/**
 * A signed address (`href`, under this server's API_BASE; `token` for a client that reaches the API
 * elsewhere: EXPORT_DOWNLOAD_PATH?token=…) and when it stops working.
 */
export const exportLink = z.object({ href: z.string(), token: z.string(), expires_at: z.string() });
export type ExportLink = z.infer<typeof exportLink>;

export const exportInventory = defineCall({
    summary: 'A signed address, valid once for a minute, that downloads the inventory list of these filters as CSV',
    method: 'POST',
    path: '/exports/inventory',
    access: listInventory.access,
    body: exportOf(listInventory.body.omit({ page_number: true, page_size: true, after: true })),
    response: exportLink,
});

export const exportAdmins = defineCall({
    summary: 'A signed address, valid once for a minute, that downloads the portal users of these filters as CSV',
    method: 'POST',
    path: '/exports/admins',
    access: listAdmins.access,
    body: exportOf(listAdmins.query.omit({ $limit: true, $skip: true, ids: true })),
    response: exportLink,
});

export const exportAudit = defineCall({
    summary: 'A signed address, valid once for a minute, that downloads the audit trail of these filters as CSV',
    method: 'POST',
    path: '/exports/audit-events',
    access: listAuditEvents.access,
    body: exportOf(listAuditEvents.query.omit({ $limit: true, $skip: true, ids: true, after: true })),
    response: exportLink,
});

/** Every export, by the list it exports (the name the download's token carries). */
export const EXPORTS = { inventory: exportInventory, admins: exportAdmins, audit: exportAudit } as const;
export type ExportName = keyof typeof EXPORTS;

export const exportCalls = { exportInventory, exportAdmins, exportAudit };
