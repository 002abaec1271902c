/**
 * The system check (contract/system.ts): who may run it, and that what it says of the server's
 * clock, the lock providers and the SMS outbox follows the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_VERSION } from '../../contract';
import { systemCheck, type SystemCheck } from '../../contract/system';
import { deviceLocks, smsOutbox } from '../../server/db/schema';
import { makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const check = async (): Promise<SystemCheck> => {
    const { status, body, error } = await server.call(systemCheck, { token: await server.signIn('maker') });
    if (status !== 200) throw new Error(`system check: ${status} ${JSON.stringify(error)}`);
    return body;
};

const provider = (answer: SystemCheck, solution: string) => answer.lock_providers.find(row => row.solution === solution);

describe('the system check', () => {
    it('is refused signed out (401) and without RUN_SYSTEM_CHECK (403), as a sales agent', async () => {
        expect((await server.call(systemCheck)).status).toBe(401);
        const refused = await server.call(systemCheck, { token: await server.signIn('agent') });
        expect(refused.status).toBe(403);
        expect(refused.error.key).toBe('errors.forbidden');
    });

    it("answers the server's version and its clock, as Portal Staff", async () => {
        const answer = await check();
        expect(answer.version).toBe(PORTAL_VERSION);
        expect(answer.server_time).toBe(server.clock.now().toISOString());
        server.clock.advance(90_000);
        expect((await check()).server_time).toBe(server.clock.now().toISOString());
    });

    it('names every lock solution as simulated, and counts its commands in flight and its refusals of the last day', async () => {
        const before = await check();
        expect(before.lock_providers.map(row => row.mode)).toEqual(before.lock_providers.map(() => 'simulator'));
        const waiting = await makeLoan(server.db, { lockSolution: 'zte' });
        const refused = await makeLoan(server.db, { lockSolution: 'zte' });
        await server.db.update(deviceLocks).set({ requestedState: 'locked' }).where(eq(deviceLocks.loanId, waiting.loan.id));
        await server.db
            .update(deviceLocks)
            .set({ failureReason: 'The zte service refused the lock command', updatedAt: server.clock.now() })
            .where(eq(deviceLocks.loanId, refused.loan.id));

        const after = await check();
        expect(provider(after, 'zte')).toMatchObject({
            state: 'warning',
            waiting: (provider(before, 'zte')?.waiting ?? 0) + 1,
            failed_last_day: (provider(before, 'zte')?.failed_last_day ?? 0) + 1,
        });

        server.clock.advance(25 * 60 * 60 * 1000);
        const dayLater = provider(await check(), 'zte');
        expect(dayLater?.failed_last_day).toBe(0);
        expect(dayLater?.state).toBe('ok');
    });

    it('says when the SMS outbox last took a message and how many in the last hour', async () => {
        const before = await check();
        expect(before.sms.mode).toBe('outbox');
        const at = server.clock.now();
        await server.db.insert(smsOutbox).values({ msisdn: '27710000099', text: 'test', purpose: 'notice', createdAt: at });
        const after = await check();
        expect(after.sms).toMatchObject({
            state: 'ok',
            last_message_at: at.toISOString(),
            messages_last_hour: before.sms.messages_last_hour + 1,
        });
        server.clock.advance(61 * 60 * 1000);
        expect((await check()).sms.messages_last_hour).toBe(0);
    });
});
