/**
 * The money resources (spec §2 "Find transaction", "Suspense and reconciliation", "Third party
 * insurance"), each group declared in its own file beside its screens.
 */
import type { ResourceDeclaration } from '../../dataProvider/defineResource';
import transactions from './transactionCalls';

export default {
    ...transactions,
} satisfies Record<string, ResourceDeclaration>;
