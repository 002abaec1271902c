/**
 * The database whose list calls the list plans test explains (listPlans.test.ts) and the lists
 * bench times (bench/lists.ts), opened the same way for both: the demo seed with `customers`
 * generated customers (their loans, payments, devices and requests), `auditEvents` more audit
 * events (the audit trail is the largest table of all, a row per write, and the seed writes few),
 * then analysed; and the app on it, with `send` answering as the super admin.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../contract';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db';
import { prepareDatabase } from '../../server/seed';
import type { Settings } from '../../server/settings';
import { requestOf, type Send } from './listCalls';

export interface SeededLists {
    database: OpenDatabase;
    app: FastifyInstance;
    /** A call made as the super admin, answered with its status and parsed body. */
    send: Send;
    /** How long the seed, the audit events and the analysis took. */
    seededMs: number;
    close(): Promise<void>;
}

export const openSeededLists = async (
    settings: Settings,
    { customers, auditEvents, vacuum = false }: { customers: number; auditEvents: number; vacuum?: boolean },
): Promise<SeededLists> => {
    const database = await openDatabase(settings);
    try {
        const started = performance.now();
        await prepareDatabase(database, settings, { scale: customers });
        await database.db.execute(sql`
            INSERT INTO audit_events (actor_admin_id, action, entity, entity_id, at)
            SELECT (SELECT min(id) FROM admins), (ARRAY['loans.create', 'payments.record', 'sessions.create'])[1 + n % 3],
                   (ARRAY['loan', 'transaction', 'session'])[1 + n % 3], n::text, now() - n * interval '1 minute'
            FROM generate_series(1, ${auditEvents}) AS n`);
        // VACUUM too, as autovacuum would soon after such a load; it also settles which pages are all visible.
        await database.db.execute(vacuum ? sql`VACUUM ANALYZE` : sql`ANALYZE`);
        const seededMs = performance.now() - started;
        const app = await buildApp({ db: database.db, settings, listen: database.listen });
        const signedIn = await app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            payload: { username: 'admin', password: settings.seedPassword },
        });
        const token = (JSON.parse(signedIn.body) as { user: { token: string } }).user.token;
        const send: Send = async (call, input) => {
            const request = requestOf(call, input);
            const answer = await app.inject({
                method: request.method,
                url: request.url,
                headers: {
                    authorization: `Bearer ${token}`,
                    Coords: '-26.2485,27.8540',
                    ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined };
        };
        return {
            database,
            app,
            send,
            seededMs,
            close: async () => {
                await app.close();
                await database.close();
            },
        };
    } catch (error) {
        await database.close();
        throw error;
    }
};
