/**
 * The phone pictures (server/domain/phonePictures.ts): one shipped for every demo model, small,
 * and a model's picture answered only when the portal ships it, so no phone list asks for a file
 * that is not there (tests/e2e/saleResume.journey.ts counts the 404s in the browser).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualifiedDevices } from '../../contract/customers';
import { listPhoneModels } from '../../contract/inventory';
import { phoneModels } from '../../server/db/schema';
import { DEMO_MODELS } from '../../server/seed/customers';
import { PHONE_PICTURES } from '../../server/domain/phonePictures';
import { signInAs } from './contractCases';
import { makeCustomer } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

const FOLDER = path.resolve(__dirname, '../../public/phones');
/** "Small": each picture well under what one list row's text costs to load. */
const MAX_BYTES = 2048;

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    token.admin = await signInAs(server, 'admin');
}, 60_000);
afterAll(() => server?.close());

describe('the phone pictures', () => {
    it('ships exactly the pictures the server may answer, each a small SVG', () => {
        const files = readdirSync(FOLDER).sort();
        expect(files.map(file => `/phones/${file}`)).toEqual([...PHONE_PICTURES].sort());
        for (const file of files) {
            const text = readFileSync(path.join(FOLDER, file), 'utf8');
            expect(statSync(path.join(FOLDER, file)).size).toBeLessThan(MAX_BYTES);
            expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
            // Drawn here: no embedded bitmap or outside reference.
            expect(text).not.toMatch(/<image|href=|data:/);
        }
    });

    it('gives every demo model a picture the portal ships', async () => {
        const { status, body } = await server.call(listPhoneModels, { body: {}, token: token.admin });
        expect(status).toBe(200);
        expect(body.models.map(model => model.sku).sort()).toEqual(DEMO_MODELS.map(model => model.sku).sort());
        for (const model of body.models) expect(PHONE_PICTURES.has(model.image ?? '')).toBe(true);
    });

    it('answers a picture the portal does not ship as none, in every list of phones', async () => {
        // As a database seeded before the pictures existed holds them.
        await server.db.update(phoneModels).set({ image: '/phones/oppo-a18-128.png' }).where(eq(phoneModels.sku, 'OPPO-A18-128'));
        const models = await server.call(listPhoneModels, { body: { q: 'OPPO' }, token: token.admin });
        expect(models.body.models.map(model => [model.sku, model.image])).toEqual([['OPPO-A18-128', null]]);
        const customer = await makeCustomer(server.db, { creditLimit: 20_000 });
        const qualified = await server.call(qualifiedDevices, { body: { msisdn: customer.msisdn }, token: token.admin });
        expect(qualified.status).toBe(200);
        const images = new Map(qualified.body.devices.map(device => [device.sku, device.image]));
        expect(images.get('OPPO-A18-128')).toBeNull();
        expect(images.get('SAM-A15-128')).toBe('/phones/sam-a15-128.svg');
    });
});
