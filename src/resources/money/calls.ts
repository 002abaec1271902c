/**
 * The money resources (spec §2 "Find transaction", "Suspense and reconciliation", "Third party
 * insurance"), each group declared in its own file beside its screens.
 */
import type { ResourceDeclaration } from '../../dataProvider/defineResource';
import reconciliation from './reconciliationCalls';
import tpi from './tpiCalls';
import transactions from './transactionCalls';

export default {
    ...transactions,
    ...tpi,
    ...reconciliation,
} satisfies Record<string, ResourceDeclaration>;
