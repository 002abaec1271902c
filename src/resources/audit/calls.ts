/** The audit trail: who did what to which record, when, before and after. */
import { listAuditEvents } from '../../../contract/audit';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    'audit-events': defineResource({ list: listAuditEvents }),
} satisfies Record<string, ResourceDeclaration>;
