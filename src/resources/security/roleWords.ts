/**
 * A role in the reader's words. The server describes each role in English only (contract/roles.ts,
 * what `admin_roles.description` holds), so the portal says it from its own catalogs by role code
 * (`roles.<CODE>`, one text per code in every language: tests/unit/roles.test.tsx). A code the
 * portal does not know yet (a newer server) falls back to the server's text, else the code in words.
 */
import { useTranslate } from 'react-admin';
import { titleCase } from '../../lib/format';

export const useRoleWords = () => {
    const translate = useTranslate();
    return (code: string, serverText?: string | null): string =>
        translate(`roles.${code}`, { _: serverText?.trim() || titleCase(code) });
};
