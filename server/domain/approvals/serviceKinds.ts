/**
 * The kinds of request of no loan, the service transactions: an agent's self-registration
 * (approving activates the account, rejecting disables it, and the agent is told by SMS either
 * way) and a catalogue price cut beyond the threshold (server/domain/inventory).
 */
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { adminGroups, admins, phoneModels, smsOutbox } from '../../db/schema';
import { HttpError } from '../../http';
import { PRICE_UPDATE_ACTION, pricesOfModel, priceChangeOf, pricesChanged, samePrices } from '../inventory';
import { SALES_AGENT_GROUP } from '../security';
import { entry, nothing, type Applied } from './kindRules';
import type { RequestRow } from './requests';

/** What the agent is told, in plain English like every notice the server writes. */
export const registrationSms = (username: string, approved: boolean) =>
    approved
        ? `Your staff portal account "${username}" is approved. You can now sign in.`
        : `Your staff portal registration "${username}" was not approved. Ask your shop if you think this is a mistake.`;

const lockedAgent = async (tx: Transaction, request: RequestRow) => {
    if (request.subjectAdminId === null) throw new Error(`Request ${request.id} names no agent`);
    const [agent] = await tx.select().from(admins).where(eq(admins.id, request.subjectAdminId)).for('update');
    if (!agent) throw new Error(`The agent of request ${request.id} vanished`);
    return agent;
};

/** Activates or disables a registering agent and tells them by SMS. */
const settleRegistration = async (
    tx: Transaction,
    agent: typeof admins.$inferSelect,
    approved: boolean,
    now: Date,
): Promise<Applied> => {
    const status = approved ? 'active' : 'disabled';
    await tx.update(admins).set({ status }).where(eq(admins.id, agent.id));
    await tx.insert(smsOutbox).values({
        msisdn: agent.msisdn,
        text: registrationSms(agent.username, approved),
        purpose: 'notice',
        createdAt: now,
    });
    return {
        after: { username: agent.username, admin_status: status },
        audit: [
            {
                action: approved ? 'admins.enable' : 'admins.disable',
                entity: 'admins',
                entityId: agent.id,
                before: { status: agent.status },
                after: { status },
            },
        ],
    };
};

export const agentRegistration = entry('agent_registration', {
    revalidate: async (tx, request) => {
        const agent = await lockedAgent(tx, request);
        if (agent.status !== 'pending_approval') {
            throw new HttpError(409, 'errors.conflict', `This account is ${agent.status}, no longer awaiting approval`);
        }
        // What the checker approves is a sales agent of the shop the request names: an account moved
        // since (another group, another shop) is not what was asked for, so it is refused, not enabled.
        const [group] = await tx.select({ name: adminGroups.name }).from(adminGroups).where(eq(adminGroups.id, agent.groupId));
        if (group?.name.toLowerCase() !== SALES_AGENT_GROUP.toLowerCase() || agent.storeId !== request.storeId) {
            throw new HttpError(
                409,
                'errors.conflict',
                'This account is no longer a sales agent of the shop it registered for: it cannot be approved as registered',
            );
        }
        return agent;
    },
    apply: (tx, _request, context, agent) => settleRegistration(tx, agent, true, context.now()),
    reject: async (tx, request, context) => {
        const agent = await lockedAgent(tx, request);
        // Only a registration still waiting is disabled; an account settled otherwise keeps its status.
        return agent.status === 'pending_approval' ? settleRegistration(tx, agent, false, context.now()) : nothing;
    },
});

// ---------------------------------------------------------------------------------------------
// Price change

export const priceChange = entry('price_change', {
    revalidate: async (tx, request) => {
        if (request.phoneModelId === null) throw new Error(`Request ${request.id} names no phone model`);
        const [model] = await tx.select().from(phoneModels).where(eq(phoneModels.id, request.phoneModelId)).for('update');
        if (!model) throw new Error(`The phone model of request ${request.id} vanished`);
        const { before, after } = priceChangeOf(request.change);
        // Approving sets the prices the checker saw against the prices the maker saw: if someone
        // changed them since, the checker would be approving a different cut.
        if (!samePrices(pricesOfModel(model), before)) throw pricesChanged();
        return { model, after };
    },
    apply: async (tx, _request, _context, { model, after }) => {
        await tx
            .update(phoneModels)
            .set({ cashPrice: after.cash_price, deposit: after.deposit, instalmentAmount: after.instalment_amount })
            .where(eq(phoneModels.id, model.id));
        return {
            after: { sku: model.sku, ...after },
            audit: [
                {
                    action: PRICE_UPDATE_ACTION,
                    entity: 'phone_models',
                    entityId: model.id,
                    before: { sku: model.sku, ...pricesOfModel(model) },
                    after: { sku: model.sku, ...after },
                },
            ],
        };
    },
});
