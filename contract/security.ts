/**
 * Security administration: security groups, role codes and the roles of a group. Portal users are
 * contract/users.ts, the audit trail contract/audit.ts, agent self-registration
 * contract/registration.ts. Feathers conventions: lists take `$limit`, `$skip`, `$sort` and field
 * filters and answer `{ total, limit, skip, data }`.
 */
import { z } from 'zod';
import { defineCall, id, idText, page, paging } from './define';
import { adminRoleRef, groupRole } from './auth';

const adminGroup = z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    role_count: z.number().int(),
    user_count: z.number().int(),
    created_at: z.string(),
});
export type AdminGroup = z.infer<typeof adminGroup>;

export const listAdminGroups = defineCall({
    summary: 'List security groups (also for choosing and filtering users by group)',
    method: 'GET',
    path: '/prerequisites/admin-groups',
    access: ['VIEW_SECURITY', 'VIEW_USERS', 'ADD_USER'],
    query: z.object({ ...paging, name: z.string().max(80).optional(), q: z.string().max(80).optional() }),
    response: page(adminGroup),
});

export const getAdminGroup = defineCall({
    summary: 'One security group',
    method: 'GET',
    path: '/prerequisites/admin-groups/:id',
    access: 'VIEW_SECURITY',
    params: z.object({ id: idText }),
    response: adminGroup,
});

export const createAdminGroup = defineCall({
    summary: 'Add a security group',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/prerequisites/admin-groups',
    access: 'ADD_SECURITY_GROUP',
    body: z.object({
        name: z.string().trim().min(2).max(80),
        description: z.string().trim().max(300).default(''),
    }),
    response: adminGroup,
});

const adminRole = adminRoleRef.extend({ description: z.string() });

export const listAdminRoles = defineCall({
    summary: 'List every role code',
    method: 'GET',
    path: '/prerequisites/admin-roles',
    access: 'VIEW_SECURITY',
    query: z.object({ ...paging, q: z.string().max(80).optional() }),
    response: page(adminRole),
});

export const listGroupRoles = defineCall({
    summary: 'List the roles of a group',
    method: 'GET',
    path: '/prerequisites/admin-group-roles',
    access: 'VIEW_SECURITY',
    query: z.object({ ...paging, group_id: idText.optional() }),
    response: page(groupRole),
});

export const addGroupRole = defineCall({
    summary: 'Give a group a role',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/prerequisites/admin-group-roles',
    access: 'EDIT_ROLES',
    body: z.object({ group_id: id, role_id: id }),
    response: groupRole,
});

export const removeGroupRole = defineCall({
    summary: 'Take a role away from a group',
    method: 'DELETE',
    path: '/prerequisites/admin-group-roles/:id',
    access: 'EDIT_ROLES',
    params: z.object({ id: idText }),
    response: groupRole,
});

export const updateAdminGroup = defineCall({
    summary:
        'Rename or describe a security group (not the groups the portal knows by name: Super Admin, Sales Agent, Field Agent)',
    method: 'PATCH',
    path: '/prerequisites/admin-groups/:id',
    access: 'ADD_SECURITY_GROUP',
    params: z.object({ id: idText }),
    body: z.object({ name: z.string().trim().min(2).max(80), description: z.string().trim().max(300) }).partial(),
    response: adminGroup,
});

export const securityCalls = {
    listAdminGroups,
    getAdminGroup,
    createAdminGroup,
    listAdminRoles,
    listGroupRoles,
    addGroupRole,
    removeGroupRole,
    updateAdminGroup,
};
