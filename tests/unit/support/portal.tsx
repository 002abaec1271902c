import { render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { SessionUser } from '../../../contract/auth';
import { buildSessionUser } from '../../builders';
import { createI18nProvider } from '../../../src/i18n';
import en from '../../../src/i18n/en';
import { session } from '../../../src/lib/session';
import { Portal } from '../../../src/Portal';

export const signedInAs = (roles: string[], user: Partial<SessionUser> = {}) => {
    session.setUser(buildSessionUser({ username: 'tester', name: 'Test User', group: { id: 1, name: 'Testers' }, ...user }));
    session.setRoles({ group_id: 1, codes: roles });
};

/** The English provider, its catalog already loaded (the browser loads it with import(), main.tsx). */
export const englishI18n = () => createI18nProvider('en', en);

/** The real portal, in English unless told, at `path`, in a memory router. */
export const renderPortal = (path: string, i18n = englishI18n()) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <Portal store={memoryStore()} i18n={i18n} />
        </MemoryRouter>,
    );
