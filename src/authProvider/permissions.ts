/**
 * The one permissions map: for each resource (a react-admin resource or a custom page) and
 * action, the role that allows it. `canAccess` answers from it with the cached role codes, so
 * menus, routes and buttons ask one question and never wait on the network. Anything not listed
 * is refused.
 *
 * Every resource and screen of `src/resources` is declared by its calls (`<domain>/calls.ts`) and
 * takes its gates from them: list, show, create and delete from the calls' `access`, custom
 * actions as declared (a screen that is not a list declares its actions only). Only the pages
 * outside `src/resources` are gated by hand below; this map imports no resource folder.
 */
import { REPORT_ROLES } from '../../contract/analytics';
import { roleAllows, type Access } from '../../contract/define';
import { DECLARED_RESOURCES } from '../dataProvider/declarations';
import { gatesOf } from '../dataProvider/defineResource';

type Rule = Access | ((roles: ReadonlySet<string>) => boolean);

/**
 * The BI page shows for any role whose code contains ANALYTICS (spec §2); each of its reports
 * (an action named after it) for the roles of its call (contract/analytics/ REPORT_ROLES).
 */
const hasAnalyticsRole: Rule = roles => [...roles].some(code => code.includes('ANALYTICS'));

/** The pages outside `src/resources` (pages/): the home, the BI page and the system check. */
const BY_HAND: Record<string, Record<string, Rule>> = {
    dashboard: { list: 'signed-in' },
    bi: { list: hasAnalyticsRole, ...REPORT_ROLES },
    // The system check (pages/system/); its beta page is the same check, so it needs that role too.
    'system-check': { list: 'RUN_SYSTEM_CHECK' },
    'system-check-beta': {
        list: roles => roles.has('RUN_SYSTEM_CHECK') && roles.has('USE_BETA_FEATURES'),
        switch: 'USE_BETA_FEATURES',
    },
};

const declared = Object.fromEntries(
    Object.entries(DECLARED_RESOURCES).map(([resource, declaration]) => {
        // Gated twice, the two would drift apart: a resource's calls replace its lines here.
        if (resource in BY_HAND) throw new Error(`Resource "${resource}" is gated both by its calls and by hand`);
        return [resource, gatesOf(declaration)];
    }),
);

export const PERMISSIONS: Readonly<Record<string, Readonly<Record<string, Rule>>>> = { ...BY_HAND, ...declared };

/** Pure: may a signed-in holder of these roles do this action on this resource? */
export const canAccessWith = (
    roles: ReadonlySet<string>,
    { action, resource }: { action: string; resource: string },
): boolean => {
    const rule = PERMISSIONS[resource]?.[action];
    if (rule === undefined) return false;
    return typeof rule === 'function' ? rule(roles) : roleAllows(rule, true, roles);
};
