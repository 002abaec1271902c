import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { SessionUser } from '../../../contract/auth';
import { Portal } from '../../../src/App';
import { session } from '../../../src/lib/session';
import { createI18nProvider } from '../../../src/i18n';

export const signedInAs = (roles: string[], user: Partial<SessionUser> = {}) => {
    session.setUser({
        token: 'test-token',
        username: 'tester',
        name: 'Test User',
        group: { id: 1, name: 'Testers' },
        shop: null,
        exp: Date.now() + 3_600_000,
        ...user,
    });
    session.setRoles({ group_id: 1, codes: roles });
};

/** The real portal, in English, at `path`, in a memory router. */
export const renderPortal = (path: string) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <Portal store={memoryStore()} i18nProvider={createI18nProvider('en')} />
        </MemoryRouter>,
    );
