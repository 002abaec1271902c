import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, myRoles, startOperatorSignIn } from '../../contract/auth';
import { devOutbox } from '../../contract/dev';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

const start = async () => {
    const { status, body } = await server.call(startOperatorSignIn, { body: { provider: 'mno' } });
    expect(status).toBe(200);
    return body;
};

/** Submits the stand-in page's form the way a browser does. */
const submitPage = (
    fields: Record<string, string>,
    app = server.app,
    from: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
    app.inject({
        method: 'POST',
        url: '/portal_api/dev/operator/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from.headers },
        payload: new URLSearchParams(fields).toString(),
        ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    });

/** An address on someone else's network (TEST-NET-3): the server only sees it, nothing is sent there. */
const REMOTE = '203.0.113.7';

const callbackOf = (location: string | undefined) => {
    const url = new URL(location ?? '', 'http://portal.test');
    return { path: url.pathname, code: url.searchParams.get('code'), error: url.searchParams.get('error') };
};

describe('signing in through the mobile operator (development stand-in)', () => {
    it('goes from the start call through the page and back to a session, without the staff second factor', async () => {
        const { auth_id: authId, authorize_url: authorizeUrl } = await start();
        expect(authorizeUrl).toBe(`/portal_api/dev/operator/authorize?auth_id=${authId}&provider=mno`);

        const page = await server.app.inject({ method: 'GET', url: authorizeUrl });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain("Development stand-in for the mobile operator's sign-in page");
        expect(page.body).toContain('id="msisdn"');
        expect(page.body).toMatch(/<button[^>]*>Approve<\/button>/);
        expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/);

        // `secure` needs a code when signing in with a password; the operator vouches for the phone instead.
        const approved = await submitPage({ auth_id: authId, provider: 'mno', msisdn: '+27820000008', action: 'approve' });
        expect(approved.statusCode).toBe(302);
        const callback = callbackOf(approved.headers.location);
        expect(callback.path).toBe(`/callback/${authId}/mno`);
        expect(callback.code).toBeTruthy();

        const signedIn = await server.call(login, { body: { auth_id: authId, provider: 'mno', code: callback.code ?? '' } });
        expect(signedIn.status).toBe(200);
        if (!('user' in signedIn.body)) throw new Error('expected a session');
        expect(signedIn.body.user.username).toBe('secure');
        expect((await server.call(myRoles, { token: signedIn.body.user.token })).status).toBe(200);
        // The browser is known for `secure` from now on (its device token, server/domain/auth/devices.ts).
        expect(String(signedIn.headers['set-cookie'])).toMatch(/^pfp_device_[\w-]+=[\w.-]+; .*HttpOnly; SameSite=Strict/);

        const again = await server.call(login, { body: { auth_id: authId, provider: 'mno', code: callback.code ?? '' } });
        expect(again.status).toBe(401);
        expect(again.error.key).toBe('errors.operator_sign_in_failed');
    });

    it('answers access_denied on Cancel', async () => {
        const { auth_id: authId } = await start();
        const cancelled = await submitPage({ auth_id: authId, provider: 'mno', msisdn: '', action: 'cancel' });
        expect(cancelled.statusCode).toBe(302);
        expect(callbackOf(cancelled.headers.location)).toEqual({
            path: `/callback/${authId}/mno`,
            code: null,
            error: 'access_denied',
        });
    });

    it('answers access_denied for a number that is no active portal user', async () => {
        const { auth_id: authId } = await start();
        const unknown = await submitPage({ auth_id: authId, provider: 'mno', msisdn: '27829999999', action: 'approve' });
        expect(callbackOf(unknown.headers.location).error).toBe('access_denied');
    });

    it('refuses a wrong code, a wrong provider and an unknown sign-in', async () => {
        const { auth_id: authId } = await start();
        const approved = await submitPage({ auth_id: authId, provider: 'mno', msisdn: '27820000001', action: 'approve' });
        const code = callbackOf(approved.headers.location).code ?? '';
        expect((await server.call(login, { body: { auth_id: authId, provider: 'mno', code: `${code}x` } })).status).toBe(401);
        expect((await server.call(login, { body: { auth_id: authId, provider: 'other', code } })).status).toBe(401);
        const unknown = await server.call(login, { body: { auth_id: 'no-such-sign-in', provider: 'mno', code } });
        expect(unknown.error.key).toBe('errors.operator_sign_in_failed');
        // None of those used it up.
        expect((await server.call(login, { body: { auth_id: authId, provider: 'mno', code } })).status).toBe(200);
    });

    it('expires after 5 minutes, on the page and at the callback', async () => {
        const first = await start();
        const approved = await submitPage({ auth_id: first.auth_id, provider: 'mno', msisdn: '27820000001', action: 'approve' });
        const code = callbackOf(approved.headers.location).code ?? '';
        const second = await start();
        server.clock.advance(5 * 60_000 + 1000);
        expect((await server.call(login, { body: { auth_id: first.auth_id, provider: 'mno', code } })).status).toBe(401);
        expect((await server.app.inject({ method: 'GET', url: second.authorize_url })).statusCode).toBe(404);
    });

    it('checks the provider', async () => {
        const { status, error } = await server.callUnchecked(startOperatorSignIn, { body: { provider: 'other' } });
        expect(status).toBe(400);
        expect(error.field).toBe('provider');
    });
});

describe('the operator sign-in without development tools', () => {
    it("answers the configured operator page, with the sign-in's id filled in", async () => {
        const app = await server.buildAnother({
            devTools: false,
            operatorAuthorizeUrl: 'https://operator.example/authorize?state={auth_id}&p={provider}',
        });
        const response = await app.inject({
            method: 'POST',
            url: '/portal_api/authentication/operator',
            payload: { provider: 'mno' },
        });
        expect(response.statusCode).toBe(200);
        const body = response.json<{ auth_id: string; authorize_url: string }>();
        expect(body.authorize_url).toBe(`https://operator.example/authorize?state=${body.auth_id}&p=mno`);
        expect((await app.inject({ method: 'GET', url: '/portal_api/dev/operator/authorize' })).statusCode).toBe(404);
    });

    it('answers 503 when no operator page is configured', async () => {
        const app = await server.buildAnother({ devTools: false, operatorAuthorizeUrl: undefined });
        const response = await app.inject({
            method: 'POST',
            url: '/portal_api/authentication/operator',
            payload: { provider: 'mno' },
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ key: 'errors.operator_sign_in_failed' });
    });
});

describe('the stand-ins when DEV_TOOLS was not set (on only because the server listens on loopback)', () => {
    it('refuse callers from other machines as if they were off, and keep serving this one', async () => {
        expect(server.settings.devToolsLoopbackOnly).toBe(true);
        const { auth_id: authId, authorize_url: authorizeUrl } = await start();

        const page = await server.app.inject({ method: 'GET', url: authorizeUrl, remoteAddress: REMOTE });
        expect(page.statusCode).toBe(404);
        expect(page.json()).toMatchObject({ key: 'errors.not_found' });
        const posted = await submitPage(
            { auth_id: authId, provider: 'mno', msisdn: '27820000001', action: 'approve' },
            server.app,
            {
                remoteAddress: REMOTE,
            },
        );
        expect(posted.statusCode).toBe(404);
        expect(posted.headers.location).toBeUndefined();
        const outbox = await server.call(devOutbox, { query: { msisdn: '27820000008' }, remoteAddress: REMOTE });
        expect(outbox.status).toBe(404);
        expect(outbox.error.key).toBe('errors.not_found');

        // This machine, however it is spelled, still gets the demo flows.
        expect(
            (await server.app.inject({ method: 'GET', url: authorizeUrl, remoteAddress: '::ffff:127.0.0.1' })).statusCode,
        ).toBe(200);
        expect((await server.call(devOutbox, { query: { msisdn: '27820000008' }, remoteAddress: '::1' })).status).toBe(200);
    });

    it('do not hand a caller from another machine the stand-in page: the operator sign-in is unavailable to them', async () => {
        const remote = await server.call(startOperatorSignIn, { body: { provider: 'mno' }, remoteAddress: REMOTE });
        expect(remote.status).toBe(503);
        expect(remote.error.key).toBe('errors.operator_sign_in_failed');
        const configured = await server.buildAnother({ operatorAuthorizeUrl: 'https://operator.example/authorize?id={auth_id}' });
        const answer = await configured.inject({
            method: 'POST',
            url: '/portal_api/authentication/operator',
            payload: { provider: 'mno' },
            remoteAddress: REMOTE,
        });
        expect(answer.statusCode).toBe(200);
        expect(answer.json<{ authorize_url: string }>().authorize_url).toMatch(/^https:\/\/operator\.example\/authorize\?id=/);
    });

    it('refuse a request forwarded by a proxy on this machine, unless TRUST_PROXY vouches for a loopback client', async () => {
        const { authorize_url: authorizeUrl } = await start();
        const forwarded = { 'x-forwarded-for': REMOTE };
        expect((await server.app.inject({ method: 'GET', url: authorizeUrl, headers: forwarded })).statusCode).toBe(404);
        expect((await server.call(devOutbox, { query: { msisdn: '27820000008' }, headers: forwarded })).status).toBe(404);

        const behindProxy = await server.buildAnother({ trustProxy: true });
        expect((await behindProxy.inject({ method: 'GET', url: authorizeUrl, headers: forwarded })).statusCode).toBe(404);
        const local = await behindProxy.inject({ method: 'GET', url: authorizeUrl, headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(local.statusCode).toBe(200);
    });

    it('answer every caller when DEV_TOOLS=on was asked for', async () => {
        const app = await server.buildAnother({ devTools: true, devToolsLoopbackOnly: false });
        const { auth_id: authId, authorize_url: authorizeUrl } = await start();
        expect((await app.inject({ method: 'GET', url: authorizeUrl, remoteAddress: REMOTE })).statusCode).toBe(200);
        const approved = await submitPage({ auth_id: authId, provider: 'mno', msisdn: '27820000001', action: 'approve' }, app, {
            remoteAddress: REMOTE,
        });
        expect(approved.statusCode).toBe(302);
        const outbox = await app.inject({
            method: 'GET',
            url: '/portal_api/dev/outbox?msisdn=27820000008',
            remoteAddress: REMOTE,
        });
        expect(outbox.statusCode).toBe(200);
    });
});
