/**
 * Exports at any size (contract/exports.ts): a signed, single-use address for the session that
 * asked, and the download behind it, a CSV streamed as the list's rows are read.
 *
 * - The address: `export<List>` (mounted as every call, with its list's access and filters) signs
 *   `{ list, filter, columns, reader, session, expiry, nonce }` with HMAC-SHA-256 under a key kept
 *   in `server_secrets` (made once by the first instance that needs it, as the device tokens'
 *   is), bound besides to the session's token hash, which never leaves the server. It expires
 *   EXPORT_LINK_SECONDS after it is made.
 * - The download (GET EXPORT_DOWNLOAD_PATH?token=…): a navigation carries no bearer token, so it is
 *   not a contract call (which answers JSON to a bearer); it checks the signature, the expiry, then
 *   the session again (revoked, expired, a disabled user, a password to change: refused) and its
 *   roles against the list's access, so a session signed out or a role removed since the address
 *   was made cannot use it. It is used once: its nonce is claimed in `idempotency_keys` (an
 *   existing table whose rows the sweep deletes after a day; a key no client can send, as clients'
 *   keys hold no `:`), in the same transaction as the audit event `exports.begin` (who, which list,
 *   which filters); a replay finds the nonce taken and is refused. `exports.end` records the rows
 *   written and whether the file was whole (the browser may go away).
 * - The rows: the list's own page function (the one its call answers with: its filters, reach,
 *   sort and order, written once), EXPORT_BATCH rows at a time, each batch after the previous
 *   one's last row by the list's keyset cursor (server/keyset.ts), each batch written as CSV lines
 *   into a stream that the response pulls: a batch is read only when the previous one has been
 *   taken by the socket (Readable.from under Fastify's pipe: backpressure), and nothing stays
 *   open between batches, so a client that goes away leaves no connection of the database held.
 *   A row already written (one that moved into a later batch while the export ran) is not written
 *   again, as the browser's export deduplicated by id.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '../contract';
import { CSV_LINE_END, lineWriter, titlesLine, type ExportReader } from '../contract/csv';
import { roleAllows, type CallDefinition } from '../contract/define';
import {
    EXPORT_DOWNLOAD_PATH,
    EXPORT_LINK_SECONDS,
    exportAdmins,
    exportAudit,
    exportInventory,
    EXPORTS,
    type ExportColumn,
    type ExportName,
} from '../contract/exports';
import { listAuditEvents } from '../contract/audit';
import { listAdmins } from '../contract/users';
import { listInventory } from '../contract/inventory';
import type { Database } from './db';
import { adminRoles, admins, groupRoles, idempotencyKeys, sessions } from './db/schema';
import { HttpError, mount, type CallContext, type Session } from './http';
import { storedSecret } from './secrets';
import { writeAs } from './write';
import { adminsPage } from './domain/users/list';
import { inventoryPage } from './domain/inventory/list';
import { auditBatch, newestAuditId } from './domain/audit/list';

/** Rows read at a time: one page of the largest a list call answers. */
export const EXPORT_BATCH = 1000;

/**
 * What an export needs of its list: a batch of rows (as the list call answers them) and where the
 * next batch starts (`next`: the list's keyset cursor, server/keyset.ts, or an offset for a small
 * list that pages by offset only), undefined after the last.
 */
type Batches = (
    filter: unknown,
    context: CallContext,
    from: string | number | undefined,
    upTo: number | undefined,
) => Promise<{ rows: readonly { id?: unknown }[]; next: string | number | undefined }>;

/**
 * Each export's list: its call, and its rows read through the list's own page function. A list
 * that grows by the export itself (the audit trail gains `exports.begin` as the download starts)
 * has `upTo`: the newest row's id when the export was asked, read when the address is made, so
 * the file holds the list the screen counted, not the rows the export wrote.
 */
const SOURCES: {
    readonly [Name in ExportName]: { list: CallDefinition; batch: Batches; upTo?: (db: Database) => Promise<number> };
} = {
    // By key: each batch starts after the previous one's last row, along the list's index, so
    // the 100th batch costs what the first did (by offset, batch N read and dropped N - 1 batches).
    inventory: {
        list: listInventory,
        batch: async (filter, context, from) => {
            const page = await inventoryPage(
                listInventory.body.parse({
                    ...(filter as object),
                    page_size: String(EXPORT_BATCH),
                    ...(typeof from === 'string' ? { after: from } : {}),
                }),
                context,
            );
            return { rows: page.phones, next: page.next };
        },
    },
    // The portal's users: a few hundred at most, by offset.
    admins: {
        list: listAdmins,
        batch: async (filter, context, from) => {
            const skip = typeof from === 'number' ? from : 0;
            const { data } = await adminsPage(
                listAdmins.query.parse({ ...(filter as object), $limit: String(EXPORT_BATCH), $skip: String(skip) }),
                context.db,
            );
            return { rows: data, next: data.length < EXPORT_BATCH ? undefined : skip + EXPORT_BATCH };
        },
    },
    // The audit trail, by key as the list pages it (its sort's index, migration 0030), without
    // the list's count beside each batch.
    audit: {
        list: listAuditEvents,
        upTo: newestAuditId,
        batch: async (filter, context, from, upTo) => {
            const { events, next } = await auditBatch(
                context.db,
                listAuditEvents.query.parse({
                    ...(filter as object),
                    $limit: String(EXPORT_BATCH),
                    ...(typeof from === 'string' ? { after: from } : {}),
                }),
                EXPORT_BATCH,
                upTo,
            );
            return { rows: events, next };
        },
    },
};

// ---------------------------------------------------------------------------------------------
// The key

const linkKey = storedSecret('export_link_key');

// ---------------------------------------------------------------------------------------------
// The signed address

/**
 * What an address carries (signed, not secret: the browser may show it), as deflated JSON: an
 * audit export's columns say each of the trail's 120 actions in words (about 8 KB, 12 KB as
 * base64), which would bring the address near the 16 KB Node allows a request's head; deflated,
 * about 3 KB.
 */
interface Signed {
    list: ExportName;
    filter: unknown;
    columns: ExportColumn[];
    reader: ExportReader;
    file: string;
    session: number;
    /** Epoch milliseconds past which it is refused. */
    expires: number;
    nonce: string;
    /** The list's newest row when the address was made, for a list with `upTo` (SOURCES). */
    upTo?: number;
}

const mac = (key: Buffer, payload: string, tokenHash: string) =>
    createHmac('sha256', key).update(`export\0${payload}\0${tokenHash}`).digest();

const TOKEN = /^([A-Za-z0-9_-]{1,16000})\.([A-Za-z0-9_-]{43})$/;
/** The most an address's claims may inflate to, checked before the signature is: no bomb is inflated whole. */
const CLAIMS_MAX_BYTES = 256 * 1024;

/** The claims as the address carries them (`payload`), and back. */
export const packClaims = (claims: unknown): string => deflateRawSync(Buffer.from(JSON.stringify(claims))).toString('base64url');
export const unpackClaims = (payload: string): unknown =>
    JSON.parse(
        inflateRawSync(Buffer.from(payload, 'base64url'), { maxOutputLength: CLAIMS_MAX_BYTES }).toString('utf8'),
    ) as unknown;

/** The session row's token hash: what the signature binds, never sent anywhere. */
const tokenHashOf = async (db: Database, sessionId: number): Promise<string | null> => {
    const [row] = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.id, sessionId));
    return row?.tokenHash ?? null;
};

const refused = () =>
    new HttpError(403, 'errors.forbidden', 'This download address is not valid (expired, used, or not yours): export again');

/** The session of an address, read again now: null when it was revoked, expired or its user disabled. */
const liveSession = async (db: Database, sessionId: number, now: Date): Promise<(Session & { tokenHash: string }) | null> => {
    const [row] = await db
        .select({
            tokenHash: sessions.tokenHash,
            id: admins.id,
            username: admins.username,
            firstName: admins.firstName,
            lastName: admins.lastName,
            groupId: admins.groupId,
            storeId: admins.storeId,
            mustChangePassword: admins.mustChangePassword,
            roles: sql<string[]>`coalesce((
                SELECT array_agg(${adminRoles.code})
                FROM ${groupRoles} INNER JOIN ${adminRoles} ON ${adminRoles.id} = ${groupRoles.roleId}
                WHERE ${groupRoles.groupId} = ${admins.groupId}
            ), '{}')`,
        })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
            and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(admins.status, 'active')),
        );
    if (!row) return null;
    const { tokenHash, roles, mustChangePassword, ...admin } = row;
    return { sessionId, tokenHash, admin, roles: new Set(roles), mustChangePassword };
};

/** The role code that lets the session use the list (null when the list is open to any signed-in user). */
const roleUsedFor = (access: CallDefinition['access'], roles: ReadonlySet<string>): string | null =>
    typeof access === 'string'
        ? access === 'signed-in' || access === 'public'
            ? null
            : access
        : (access.find(code => roles.has(code)) ?? null);

// ---------------------------------------------------------------------------------------------
// The routes

const makeLink = async (
    name: ExportName,
    body: { filter: unknown; columns: ExportColumn[]; locale: string; time_zone: string; file_name: string },
    context: CallContext,
) => {
    const session = context.session;
    if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    try {
        new Intl.DateTimeFormat(body.locale, { timeZone: body.time_zone });
    } catch {
        throw new HttpError(400, 'errors.field_invalid', 'time_zone is not a time zone', 'time_zone');
    }
    const now = context.now();
    const tokenHash = await tokenHashOf(context.db, session.sessionId);
    if (!tokenHash) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    const upTo = await SOURCES[name].upTo?.(context.db);
    const signed: Signed = {
        list: name,
        filter: body.filter,
        columns: body.columns,
        reader: { locale: body.locale, time_zone: body.time_zone },
        file: body.file_name,
        session: session.sessionId,
        expires: now.getTime() + EXPORT_LINK_SECONDS * 1000,
        nonce: randomBytes(16).toString('base64url'),
        ...(upTo === undefined ? {} : { upTo }),
    };
    const payload = packClaims(signed);
    const signature = mac(await linkKey(context.db, now), payload, tokenHash).toString('base64url');
    const token = `${payload}.${signature}`;
    return {
        href: `${API_BASE}${EXPORT_DOWNLOAD_PATH}?token=${token}`,
        token,
        expires_at: new Date(signed.expires).toISOString(),
    };
};

/** The address's claims, once its signature, expiry and session hold; else 403. */
const verified = async (
    db: Database,
    token: unknown,
    now: Date,
): Promise<{ signed: Signed; session: Session & { tokenHash: string } }> => {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!match) throw new HttpError(400, 'errors.field_invalid', 'token is not a download address', 'token');
    const [, payload = '', signature = ''] = match;
    let signed: Signed;
    try {
        signed = unpackClaims(payload) as Signed;
    } catch {
        throw refused();
    }
    if (
        typeof signed !== 'object' ||
        signed === null ||
        !Number.isInteger(signed.session) ||
        !Object.hasOwn(EXPORTS, signed.list)
    ) {
        throw refused();
    }
    const session = await liveSession(db, signed.session, now);
    // Checked against a key of this session's: the session's token hash is in the signature.
    const expected = mac(await linkKey(db, now), payload, session?.tokenHash ?? '');
    const given = Buffer.from(signature, 'base64url');
    if (!session || given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
    if (!(signed.expires > now.getTime())) throw refused();
    return { signed, session };
};

export const registerExportRoutes = (app: FastifyInstance): void => {
    mount(app, exportInventory, ({ body }, context) => makeLink('inventory', body, context));
    mount(app, exportAdmins, ({ body }, context) => makeLink('admins', body, context));
    mount(app, exportAudit, ({ body }, context) => makeLink('audit', body, context));

    app.route({
        method: 'GET',
        url: API_BASE + EXPORT_DOWNLOAD_PATH,
        handler: async (request, reply) => {
            const { db, settings } = app.portal;
            const now = settings.now();
            const { token } = (request.query ?? {}) as { token?: unknown };
            const { signed, session } = await verified(db, token, now);
            const source = SOURCES[signed.list];
            if (session.mustChangePassword) {
                throw new HttpError(403, 'errors.password_change_required', 'Choose a new password before anything else');
            }
            if (!roleAllows(source.list.access, true, session.roles)) {
                throw new HttpError(403, 'errors.forbidden', 'You do not have the role this needs');
            }
            // The filters as the export call took them (checked when the address was made; the
            // list's schema may have changed since, so again).
            const exportCall = EXPORTS[signed.list];
            const parsedFilter = (exportCall.body.shape.filter as z.ZodType).safeParse(signed.filter);
            if (!parsedFilter.success) throw refused();
            const roleUsed = roleUsedFor(source.list.access, session.roles);
            const coords = typeof request.headers.coords === 'string' ? request.headers.coords.slice(0, 200) : null;
            const actor = () => ({ adminId: session.admin.id, roleUsed, coords, at: settings.now() });
            const context: CallContext = {
                db,
                settings,
                session,
                roles: session.roles,
                roleUsed,
                coords,
                request,
                reply,
                now: settings.now,
                source: request.ip,
                write: (work, options) => writeAs(db, actor, work, options),
            };
            const about = { name: signed.list, list: signed.list, filter: signed.filter, file: signed.file };
            // Used once: the nonce is claimed with the audit event; a replay finds it taken, and its
            // refusal rolls back, recording nothing.
            await context.write(async tx => {
                const taken = await tx
                    .insert(idempotencyKeys)
                    .values({
                        adminId: session.admin.id,
                        keySha256: createHash('sha256').update(`export:${signed.nonce}`).digest('hex'),
                        request: 'export-download',
                        status: 200,
                        answer: '',
                        createdAt: now,
                    })
                    .onConflictDoNothing()
                    .returning({ key: idempotencyKeys.keySha256 });
                if (taken.length === 0) throw refused();
                return {
                    result: null,
                    audit: { action: 'exports.begin', entity: 'exports', entityId: signed.list, after: about },
                };
            });

            const reader = signed.reader;
            const columns = signed.columns;
            let written = 0;
            let whole = false;
            const line = lineWriter(columns, reader);
            const batchFrom = (from: string | number | undefined): ReturnType<Batches> =>
                source.batch(parsedFilter.data, context, from, signed.upTo);
            async function* lines(): AsyncGenerator<string> {
                // The next batch is asked for as soon as this one has come, so the database reads it
                // while this one is written: one batch ahead at most, still only when the socket
                // has taken the one before (bench/export.ts: PostgreSQL's time, ratio in
                // docs/architecture.md). Awaited before the end is recorded, so a client that goes
                // away leaves no query running and no rejection unheard.
                let reading: ReturnType<Batches> | undefined;
                try {
                    yield titlesLine(columns);
                    const seen = new Set<unknown>();
                    reading = batchFrom(undefined);
                    while (reading) {
                        const { rows, next }: Awaited<ReturnType<Batches>> = await reading;
                        reading = next === undefined ? undefined : batchFrom(next);
                        let chunk = '';
                        for (const row of rows) {
                            if (row.id !== undefined) {
                                if (seen.has(row.id)) continue;
                                seen.add(row.id);
                            }
                            chunk += CSV_LINE_END + line(row);
                            written += 1;
                        }
                        if (chunk) yield chunk;
                    }
                    whole = true;
                } finally {
                    await reading?.catch(() => undefined);
                    await context
                        .write(async () => ({
                            result: null,
                            audit: {
                                action: 'exports.end',
                                entity: 'exports',
                                entityId: signed.list,
                                after: { ...about, rows: written, whole },
                            },
                        }))
                        .catch((error: unknown) => request.log.error({ error }, 'The end of an export could not be recorded'));
                }
            }
            return reply
                .header('content-type', 'text/csv; charset=utf-8')
                .header('content-disposition', `attachment; filename="${signed.file}.csv"`)
                .header('cache-control', 'no-store')
                .send(Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 }));
        },
    });
};
