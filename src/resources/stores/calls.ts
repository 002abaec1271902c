/** Shops. For now only the picker of every shop (adding a user); the stores screens land here too. */
import { registrationOptions } from '../../../contract/security';
import { defineResource, wholeList, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    'store-options': defineResource({ whole: wholeList(registrationOptions, {}, answer => answer.stores) }),
} satisfies Record<string, ResourceDeclaration>;
