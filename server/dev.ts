/**
 * Development stand-ins for outside services, mounted only when DEV_TOOLS is on: the SMS outbox
 * reader (contract/dev.ts) and the mobile operator's sign-in page, served as HTML. Whoever reaches
 * them can sign in as anyone and read every code: when they are on only by default (DEV_TOOLS
 * unset, server on loopback), they also answer callers on this machine only.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '../contract';
import { devOutbox } from '../contract/dev';
import { msisdn as msisdnField } from '../contract/fields';
import { smsOutbox } from './db/schema';
import { approveOperatorSignIn, pendingOperatorSignIn } from './domain/auth';
import { mount } from './http';
import { devToolsAllowed } from './settings';

export const OPERATOR_PAGE_PATH = `${API_BASE}/dev/operator/authorize`;

const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, char => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f4; color: #222; }
  .banner { background: #b00020; color: #fff; padding: 20px; font-size: 1.5rem; font-weight: 700; text-align: center; }
  main { max-width: 420px; margin: 32px auto; background: #fff; padding: 24px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  label { display: block; margin: 16px 0 6px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: 10px; border: 1px solid #999; border-radius: 6px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; font-size: 1.1rem; padding: 12px; border-radius: 8px; border: 0; cursor: pointer; }
  #approve { background: #e60000; color: #fff; }
  #cancel { background: #ddd; }
  .hint { color: #555; font-size: .9rem; }
</style>
</head>
<body>
<div class="banner" role="banner">Development stand-in for the mobile operator's sign-in page</div>
<main>${body}</main>
</body>
</html>`;

const operatorPage = (authId: string, provider: string) =>
    page(
        'Mobile operator sign-in (development stand-in)',
        `<h1>Sign in with your mobile number</h1>
<p class="hint">The operator would confirm this number belongs to you. Here, any number of an active portal user signs that user in.</p>
<form method="post" action="${OPERATOR_PAGE_PATH}">
  <input type="hidden" name="auth_id" value="${escapeHtml(authId)}">
  <input type="hidden" name="provider" value="${escapeHtml(provider)}">
  <label for="msisdn">Phone number</label>
  <input id="msisdn" name="msisdn" type="tel" inputmode="tel" autocomplete="tel" placeholder="27820000001" autofocus>
  <div class="actions">
    <button id="approve" type="submit" name="action" value="approve">Approve</button>
    <button id="cancel" type="submit" name="action" value="cancel">Cancel</button>
  </div>
</form>`,
    );

const unknownSignInPage = () =>
    page(
        'Sign-in not found (development stand-in)',
        `<h1>This sign-in is unknown or has expired</h1>
<p>Start again from the portal's sign-in page.</p>
<p><a href="/">Back to the portal</a></p>`,
    );

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
        .code(status)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header(
            'Content-Security-Policy',
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .send(html);

const authorizeQuery = z.object({ auth_id: z.string().min(1).max(64), provider: z.string().min(1).max(32) });
const authorizeForm = authorizeQuery.extend({
    msisdn: z.string().max(32).optional(),
    action: z.enum(['approve', 'cancel']),
});

const callbackUrl = (authId: string, provider: string, outcome: { code: string } | { error: string }) => {
    const search = new URLSearchParams('code' in outcome ? { code: outcome.code } : { error: outcome.error });
    return `/callback/${encodeURIComponent(authId)}/${encodeURIComponent(provider)}?${search.toString()}`;
};

export const DEV_PATH_PREFIX = `${API_BASE}/dev/`;

export const registerDevRoutes = (app: FastifyInstance): void => {
    // One scope for every stand-in, so the caller check cannot be forgotten on a new one.
    app.register(async scope => {
        scope.addHook('onRequest', async (request, reply) => {
            // The same answer as when the stand-ins are off: nothing here to find.
            if (!devToolsAllowed(request, app.portal.settings)) return reply.callNotFound();
        });
        registerStandIns(scope);
    });
};

const registerStandIns = (app: FastifyInstance): void => {
    mount(app, devOutbox, async ({ query }, { db }) => {
        const rows = await db
            .select()
            .from(smsOutbox)
            .where(eq(smsOutbox.msisdn, query.msisdn))
            .orderBy(desc(smsOutbox.id))
            .limit(query.$limit);
        return {
            data: rows.map(row => ({
                id: row.id,
                msisdn: row.msisdn,
                text: row.text,
                purpose: row.purpose,
                created_at: row.createdAt.toISOString(),
            })),
        };
    });

    // The form posts url-encoded; the parser lives in this plugin only, so the JSON API stays JSON.
    app.register(async scope => {
        scope.addContentTypeParser(
            'application/x-www-form-urlencoded',
            { parseAs: 'string', bodyLimit: 4096 },
            (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
        );

        scope.get(OPERATOR_PAGE_PATH, async (request, reply) => {
            const query = authorizeQuery.safeParse(request.query);
            const { db, settings } = app.portal;
            const pending =
                query.success && (await pendingOperatorSignIn(db, query.data.auth_id, query.data.provider, settings.now()));
            if (!query.success || !pending) return sendHtml(reply, 404, unknownSignInPage());
            return sendHtml(reply, 200, operatorPage(pending.id, pending.provider));
        });

        scope.post(OPERATOR_PAGE_PATH, async (request, reply) => {
            const form = authorizeForm.safeParse(request.body);
            const { db, settings } = app.portal;
            if (!form.success) return sendHtml(reply, 400, unknownSignInPage());
            const { auth_id: authId, provider } = form.data;
            const pending = await pendingOperatorSignIn(db, authId, provider, settings.now());
            if (!pending) return sendHtml(reply, 404, unknownSignInPage());

            const phone = msisdnField.safeParse(form.data.msisdn ?? '');
            // A browser form sends no Coords header: the stand-in records none.
            const code =
                form.data.action === 'approve' && phone.success
                    ? await approveOperatorSignIn(db, { authId, provider, msisdn: phone.data, coords: null }, settings.now())
                    : null;
            return reply.redirect(callbackUrl(authId, provider, code ? { code } : { error: 'access_denied' }), 302);
        });
    });
};
