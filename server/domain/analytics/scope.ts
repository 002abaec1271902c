/**
 * Who sees which analytics (contract/analytics/ header; docs/domain.md "Analytics").
 *
 * The kinds of scope a caller may pick follow from their analytics roles and whether they are
 * attached to a shop (`scopesOf`); the members they may pick within a kind follow from the store
 * reach of server/domain/stores (`reachOf`: staff without a shop reach every store, anyone
 * attached to a shop reaches it and the shops they own). A kind the caller may not pick, or a
 * member outside their reach, is 403 `errors.scope_forbidden` on its field, answered before
 * anything is looked up, so the answer is the same whether the member exists or not; only staff
 * who reach every store hear 404 `errors.not_found` for a member that does not exist.
 *
 * A resolved scope is three SQL conditions, on loans (`l`), stores (`s`) and admins (`a`): which
 * loans its figures add up, which shops and which agents its rankings list. A caller attached to a
 * shop always has their reach in the loans' condition too, so no scope of theirs (an agent who
 * once sold elsewhere, say) adds up a loan of another shop.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BiScope, BiReport, BiReportQuery } from '../../../contract/analytics';
import { ANALYTICS_ROLES, BI_REPORTS, BI_SCOPES, REPORT_ROLES, SCOPE_FIELD } from '../../../contract/analytics';
import { rowsOf, type Queryable } from '../../db';
import { adminGroups, admins, loans, stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { AGENT_GROUPS, reachOf } from '../stores';

export interface Caller {
    adminId: number;
    /** The caller's own shop (`admins.store_id`); null for staff without one. */
    shop: number | null;
    /** The stores the caller reaches; null for every store. */
    reach: number[] | null;
    roles: ReadonlySet<string>;
}

export const callerOf = async (context: CallContext): Promise<Caller> => {
    const admin = context.session?.admin;
    if (!admin) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    return { adminId: admin.id, shop: admin.storeId, reach: await reachOf(context.db, context), roles: context.roles };
};

const holds = (roles: ReadonlySet<string>, ...codes: string[]) => codes.some(code => roles.has(code));

/**
 * The kinds of scope a caller may pick. Staff without a shop: VIEW_BI_ANALYTICS every kind,
 * VIEW_SHOP_ANALYTICS or VIEW_SHOP_OWNERS_ANALYTICS shops, VIEW_AGENT_ANALYTICS agents,
 * VIEW_UNBRANDED_ANALYTICS the business as a whole. Attached to a shop, never the business nor a
 * region: their business as a whole is their shops, so VIEW_UNBRANDED_ANALYTICS gives them shops.
 */
export const scopesOf = (caller: Pick<Caller, 'roles' | 'shop'>): BiScope[] => {
    const { roles } = caller;
    const attached = caller.shop !== null;
    const bi = roles.has('VIEW_BI_ANALYTICS');
    const allowed: Record<BiScope, boolean> = {
        all: !attached && (bi || roles.has('VIEW_UNBRANDED_ANALYTICS')),
        region: !attached && bi,
        shop:
            bi ||
            holds(roles, 'VIEW_SHOP_ANALYTICS', 'VIEW_SHOP_OWNERS_ANALYTICS') ||
            (attached && roles.has('VIEW_UNBRANDED_ANALYTICS')),
        agent: bi || roles.has('VIEW_AGENT_ANALYTICS'),
    };
    return BI_SCOPES.filter(kind => allowed[kind]);
};

/** The reports a caller may open: those whose roles (contract REPORT_ROLES) they hold one of. */
export const reportsOf = (roles: ReadonlySet<string>): BiReport[] =>
    BI_REPORTS.filter(report => holds(roles, ...REPORT_ROLES[report]));

export const holdsAnalytics = (roles: ReadonlySet<string>) => holds(roles, ...ANALYTICS_ROLES);

// ---------------------------------------------------------------------------------------------
// Conditions

const TRUE = sql`TRUE`;

/** `column IN (ids)`, FALSE for none. */
export const inIds = (column: SQL, ids: readonly number[]): SQL =>
    ids.length === 0
        ? sql`FALSE`
        : sql`${column} IN (${sql.join(
              ids.map(id => sql`${id}::int`),
              sql`, `,
          )})`;

/** A store id within the caller's reach (TRUE for staff who reach every store). */
export const withinReach = (reach: number[] | null, column: SQL): SQL => (reach === null ? TRUE : inIds(column, reach));

/** Admins `a` in an agent group (stores.ts AGENT_GROUPS). */
const inAgentGroup = sql`a.group_id IN (SELECT g.id FROM ${adminGroups} g WHERE g.name IN (${sql.join(
    AGENT_GROUPS.map(name => sql`${name}`),
    sql`, `,
)}))`;

/** Admins `a` who are agents: in an agent group, or anyone who sold a loan (on `loans_agent_idx`). */
export const isAgent = sql`(${inAgentGroup} OR EXISTS (SELECT 1 FROM ${loans} sold WHERE sold.agent_admin_id = a.id))`;

export interface Scope {
    kind: BiScope;
    /** Every loan of the business: no condition on loans at all. */
    unrestricted: boolean;
    /** The scope's member as a person reads it; null for the business. */
    label: string | null;
    /** The loans its figures add up, on `loans l`. */
    loans: SQL;
    /** The shops its rankings list, on `stores s`. */
    shops: SQL;
    /** The agents its ranking lists, on `admins a`. */
    agents: SQL;
    /** A store id the caller reaches (shown beside an agent only then). */
    reached: (column: SQL) => SQL;
}

/** A scope made of stores: the loans sold there, the shops themselves, and their agents and sellers. */
const storeScope = (kind: BiScope, label: string | null, reach: number[] | null, storesIn: (column: SQL) => SQL): Scope => {
    const loansIn = storesIn(sql`l.store_id`);
    return {
        kind,
        unrestricted: kind === 'all' && reach === null,
        label,
        loans: loansIn,
        shops: storesIn(sql`s.id`),
        // Who sold a loan in scope: a probe of loans_agent_idx per admin, not every loan's seller gathered first.
        agents: sql`((${inAgentGroup} AND ${storesIn(sql`a.store_id`)})
                     OR EXISTS (SELECT 1 FROM ${loans} l WHERE l.agent_admin_id = a.id AND ${loansIn}))`,
        reached: column => withinReach(reach, column),
    };
};

/** The business as a whole, as far as the caller reaches. */
export const allScope = (reach: number[] | null): Scope => storeScope('all', null, reach, column => withinReach(reach, column));

/** Some shops (their ids already judged in reach). */
export const shopsScope = (ids: readonly number[], label: string, reach: number[] | null): Scope =>
    storeScope('shop', label, reach, column => inIds(column, ids));

/** One agent's sales, and the shops they sold in or belong to, within the caller's reach. */
export const agentScope = (agentId: number, label: string, reach: number[] | null): Scope => ({
    kind: 'agent',
    unrestricted: false,
    label,
    loans: sql`(l.agent_admin_id = ${agentId}::int AND ${withinReach(reach, sql`l.store_id`)})`,
    shops: sql`((s.id = (SELECT own.store_id FROM ${admins} own WHERE own.id = ${agentId}::int)
                 OR s.id IN (SELECT sold.store_id FROM ${loans} sold WHERE sold.agent_admin_id = ${agentId}::int))
                AND ${withinReach(reach, sql`s.id`)})`,
    agents: sql`a.id = ${agentId}::int`,
    reached: column => withinReach(reach, column),
});

// ---------------------------------------------------------------------------------------------
// Resolving a report's scope

const forbidden = (field: string) =>
    new HttpError(403, 'errors.scope_forbidden', 'This scope is outside what you may see', field);
const notFound = (field: string) => new HttpError(404, 'errors.not_found', 'There is no such scope', field);

export const selectRows = async <Row>(db: Queryable, query: SQL): Promise<Row[]> => rowsOf<Row>(await db.execute(query));

/** Refuses a kind of scope the caller may not pick (403 on `field`, the query's `scope`). */
export const checkKind = (caller: Caller, kind: BiScope, field = 'scope') => {
    if (!scopesOf(caller).includes(kind)) throw forbidden(field);
};

type PickedQuery = Pick<BiReportQuery, 'scope' | 'region'> & { shop_id?: number; agent_id?: number };

/** The agent `agentId` as `caller` may see them: their name and shop, or null when they are no agent. */
const findAgent = async (db: Queryable, agentId: number) => {
    const [row] = await selectRows<{ name: string; store_id: number | null }>(
        db,
        sql`SELECT a.first_name || ' ' || a.last_name AS name, a.store_id FROM ${admins} a WHERE a.id = ${agentId}::int AND ${isAgent}`,
    );
    return row;
};

/**
 * The scope a report asks for, once the caller may see it: the kind first (403 on `scope`), then
 * the member. A caller who reaches some stores only is refused a member outside them with 403 on
 * its field before its existence is looked at; staff who reach every store hear 404 for one that
 * does not exist.
 */
export const resolveScope = async (db: Queryable, caller: Caller, query: PickedQuery): Promise<Scope> => {
    checkKind(caller, query.scope);
    const { reach } = caller;
    switch (query.scope) {
        case 'all':
            return allScope(reach);
        case 'region': {
            const region = query.region ?? '';
            // A caller attached to a shop never picks a region (checkKind); staff reach every store.
            const [found] = await selectRows<{ region: string }>(
                db,
                sql`SELECT s.region FROM ${stores} s WHERE s.region = ${region} AND ${withinReach(reach, sql`s.id`)} LIMIT 1`,
            );
            if (!found) throw reach === null ? notFound(SCOPE_FIELD.region) : forbidden(SCOPE_FIELD.region);
            return storeScope(
                'region',
                region,
                reach,
                column =>
                    sql`(${column} IN (SELECT rs.id FROM ${stores} rs WHERE rs.region = ${region}) AND ${withinReach(reach, column)})`,
            );
        }
        case 'shop': {
            const shopId = query.shop_id ?? 0;
            if (reach !== null && !reach.includes(shopId)) throw forbidden(SCOPE_FIELD.shop);
            const [found] = await selectRows<{ name: string }>(
                db,
                sql`SELECT s.name FROM ${stores} s WHERE s.id = ${shopId}::int`,
            );
            if (!found) throw reach === null ? notFound(SCOPE_FIELD.shop) : forbidden(SCOPE_FIELD.shop);
            return shopsScope([shopId], found.name, reach);
        }
        case 'agent': {
            const agentId = query.agent_id ?? 0;
            const found = await findAgent(db, agentId);
            if (reach !== null) {
                // The same answer whether the agent exists elsewhere or not at all.
                if (!found || found.store_id === null || !reach.includes(found.store_id)) throw forbidden(SCOPE_FIELD.agent);
            } else if (!found) throw notFound(SCOPE_FIELD.agent);
            return agentScope(agentId, found.name, reach);
        }
    }
};

// ---------------------------------------------------------------------------------------------
// The dashboard's scope

export type DashboardScope = Scope & { kind: 'all' | 'shop' | 'agent' };

/**
 * The caller's own headline scope: the business for staff without a shop holding
 * VIEW_BI_ANALYTICS; their shops for someone attached to a shop holding any analytics role; their
 * own sales for an agent (in an agent group, or who sold a loan) holding ADD_LOAN; else none.
 */
export const dashboardScope = async (db: Queryable, caller: Caller): Promise<DashboardScope | null> => {
    const { roles } = caller;
    if (caller.shop === null && roles.has('VIEW_BI_ANALYTICS')) return { ...allScope(null), kind: 'all' };
    if (caller.shop !== null && holdsAnalytics(roles)) {
        const ids = caller.reach ?? [caller.shop];
        const names = await selectRows<{ name: string }>(
            db,
            sql`SELECT s.name FROM ${stores} s WHERE ${inIds(sql`s.id`, ids)} ORDER BY s.name, s.id`,
        );
        return { ...shopsScope(ids, names.map(row => row.name).join(', '), caller.reach), kind: 'shop' };
    }
    if (roles.has('ADD_LOAN')) {
        const self = await findAgent(db, caller.adminId);
        // Their own sales wherever they made them: a seller's figures are theirs.
        if (self) return { ...agentScope(caller.adminId, self.name, null), kind: 'agent' };
    }
    return null;
};
