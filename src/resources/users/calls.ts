/** Portal users (spec §6): listed with filters, and added. */
import { createAdmin, listAdmins } from '../../../contract/security';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    users: defineResource({ list: listAdmins, create: createAdmin }),
} satisfies Record<string, ResourceDeclaration>;
