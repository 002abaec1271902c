import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAdminGroup, listAdminGroups, removeGroupRole } from '../../contract/security';
import { answer, errorAnswer } from './support/contractHandlers';

const group = { id: 7, name: 'Auditors', description: '', role_count: 0, user_count: 0, created_at: '2026-11-01T08:00:00.000Z' };
const page = <T>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const request = (method: string, path: string) => new Request(new URL(`/portal_api${path}`, location.href), { method });

describe('handlers built from the contract', () => {
    it('answer at the call’s method and path, with its :id parameters', async () => {
        const handlers = [
            answer(removeGroupRole, ({ params }) => ({
                id: Number(params.id),
                group_id: 7,
                role_id: 1,
                admin_role: { id: 1, code: 'VIEW_USERS', name: 'View' },
            })),
        ];
        const removed = await getResponse(handlers, request('DELETE', '/prerequisites/admin-group-roles/70'));
        expect(removed?.status).toBe(200);
        expect(await removed?.json()).toMatchObject({ id: 70 });
        expect(await getResponse(handlers, request('GET', '/prerequisites/admin-group-roles/70'))).toBeUndefined();
    });

    it('send what the contract’s schema makes of the fixture (extra fields dropped, as the server does)', async () => {
        const withExtra = { ...group, password_hash: 'never sent' };
        const response = await getResponse([answer(getAdminGroup, withExtra)], request('GET', '/prerequisites/admin-groups/7'));
        expect(await response?.json()).toEqual(group);
    });

    it('refuse at once a fixture that does not match the call’s response, naming the call and the field', () => {
        expect(() => answer(listAdminGroups, page([{ ...group, id: 7.5 }]))).toThrow(
            /^Fixture for GET \/prerequisites\/admin-groups does not match the contract: data\.0\.id: /,
        );
    });

    it('refuse a fixture given by a function when the request comes', async () => {
        const handlers = [answer(getAdminGroup, () => ({ ...group, user_count: -0.5 }))];
        await expect(getResponse(handlers, request('GET', '/prerequisites/admin-groups/7'))).rejects.toThrow(
            /^Fixture for GET \/prerequisites\/admin-groups\/:id does not match the contract: user_count: /,
        );
    });

    it('send error answers with their status, checked against the ApiError shape', async () => {
        const notFound = errorAnswer(404, { code: 404, name: 'NotFound', message: 'No such group', key: 'errors.not_found' });
        const response = await getResponse([answer(getAdminGroup, notFound)], request('GET', '/prerequisites/admin-groups/8'));
        expect(response?.status).toBe(404);
        expect(await response?.json()).toEqual({
            code: 404,
            name: 'NotFound',
            message: 'No such group',
            key: 'errors.not_found',
        });

        expect(() =>
            answer(getAdminGroup, errorAnswer(404, { code: 404.5, name: 'NotFound', message: '', key: 'errors.not_found' })),
        ).toThrow(/^Error answer for GET \/prerequisites\/admin-groups\/:id does not match the contract: code: /);
        expect(() =>
            answer(getAdminGroup, errorAnswer(200, { code: 200, name: 'OK', message: '', key: 'errors.server' })),
        ).toThrow('Error answer for GET /prerequisites/admin-groups/:id with status 200');
    });
});
