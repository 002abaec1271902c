import CancelIcon from '@mui/icons-material/Cancel';
import type { Loan } from '../../../../contract/customers';
import { loanCancellationOptions } from '../../../../contract/origination';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from './DialogAction';
import { ExitReasonFields, useExitReason } from '../../../dialogs/ExitReason';
import { useDialogAction } from './useDialogAction';

/** Cancelling a sale that has not gone through, with a sales-exit reason (spec §9); `other` needs a note. */
export const CancelSale = ({ msisdn, loan }: { msisdn: string; loan: Loan }) => {
    const action = useDialogAction('customerLoanCancel', 'loans.actions.cancel.done');
    const fieldProblem = useFieldProblem(action.error);
    const options = useCustomerQuery(
        msisdn,
        ['cancel-options', loan.loan_reference],
        loanCancellationOptions,
        { body: { loan_reference: loan.loan_reference } },
        { enabled: action.open },
    );
    const exit = useExitReason();
    const choices = options.data?.options ?? [];

    const confirm = () => {
        const chosen = exit.checked();
        if (chosen) action.run({ body: { loan_reference: loan.loan_reference, ...chosen } });
    };

    return (
        <DialogAction
            action={action}
            label="loans.actions.cancel.button"
            icon={CancelIcon}
            color="error"
            title="loans.actions.cancel.title"
            intro="loans.actions.cancel.intro"
            introArgs={{ reference: loan.loan_reference, model: `${loan.brand} ${loan.model}` }}
            onConfirm={confirm}
            confirmDisabled={choices.length === 0}
        >
            <ExitReasonFields
                exit={exit}
                options={{ error: options.error, isPending: options.isPending, refetch: options.refetch, choices }}
                fieldProblem={fieldProblem}
            />
        </DialogAction>
    );
};
