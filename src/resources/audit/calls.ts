/** The audit trail (issue 10, part 5): who did what to which record, when, before and after. */
import { listAuditEvents } from '../../../contract/security';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    'audit-events': defineResource({ list: listAuditEvents }),
} satisfies Record<string, ResourceDeclaration>;
