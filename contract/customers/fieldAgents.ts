/** A field agent's customer requests (spec §7 "Field agents"): prospective customers met in the field. */
import { z } from 'zod';
import { defineCall, id } from '../define';
import { email, msisdn, person, personName } from '../fields';
import { boundedText, ID_TYPES } from './customer';

export const FIELD_AGENT_REQUEST_STATUSES = ['open', 'done', 'cancelled'] as const;

export const fieldAgentRequestRecord = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    town: z.string(),
    note: z.string().nullable(),
    status: z.enum(FIELD_AGENT_REQUEST_STATUSES),
    store: person.nullable(),
    created_at: z.string(),
});

export const fieldAgentRequest = defineCall({
    summary:
        "A field agent's customer requests. `action: 'add'` records a prospective customer met in the field (a new phone number becomes a customer registered by the agent; the answer is the same whether or not the number was known). `action: 'fetch'` lists the agent's own requests, newest first.",
    method: 'POST',
    idempotency: 'queue',
    path: '/api/v1/field_agent_request',
    access: ['FIND_CUSTOMER_FIELDAGENT', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    body: z.union([
        z.object({
            action: z.literal('add'),
            msisdn,
            first_name: personName,
            last_name: personName,
            id_type: z.enum(ID_TYPES).default('national_id'),
            id_number: z
                .string()
                .trim()
                .regex(/^[A-Za-z0-9]{6,20}$/, 'valid id number required'),
            town: z.string().trim().min(2).max(80),
            email: email.optional(),
            store_id: id.optional(),
            note: boundedText(500).optional(),
        }),
        z.object({ action: z.literal('fetch') }),
    ]),
    response: z.union([
        z.object({ action: z.literal('add'), request: fieldAgentRequestRecord }),
        z.object({ action: z.literal('fetch'), data: z.array(fieldAgentRequestRecord), total_items: z.number().int() }),
    ]),
});

export const fieldAgentCalls = { fieldAgentRequest };
