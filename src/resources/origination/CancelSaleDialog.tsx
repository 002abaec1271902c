import { useQuery } from '@tanstack/react-query';
import type { Loan } from '../../../contract/customers';
import { loanCancellationOptions } from '../../../contract/origination';
import { useWrite } from '../../dataProvider/useWrite';
import { callApi } from '../../lib/portalApi';
import { useSingleFlight } from '../../lib/singleFlight';
import { ActionDialog, useFieldProblem } from '../../dialogs/ActionDialog';
import { ExitReasonFields, useExitReason } from '../../dialogs/ExitReason';

/**
 * "Cancel sale": with a loan (draft or awaiting its deposit), a sales-exit reason (spec §9,
 * get_loan_cancellation_options; `other` needs a note) and a Confirm cancel it, and its phone goes
 * back in stock (initiate_loan_cancellation). Before a loan exists nothing was sold: Confirm only
 * clears the wizard.
 */
export const CancelSaleDialog = ({
    open,
    loan,
    onClose,
    onCancelled,
}: {
    open: boolean;
    loan: Loan | null;
    onClose: () => void;
    onCancelled: (cancelled: Loan | null) => void;
}) => {
    if (!loan)
        return (
            <ActionDialog
                open={open}
                title="loans.wizard.cancel.title"
                intro="loans.wizard.cancel.no_loan"
                busy={false}
                error={null}
                onConfirm={() => onCancelled(null)}
                onClose={onClose}
            />
        );
    return <CancelLoan open={open} loan={loan} onClose={onClose} onCancelled={onCancelled} />;
};

const CancelLoan = ({
    open,
    loan,
    onClose,
    onCancelled,
}: {
    open: boolean;
    loan: Loan;
    onClose: () => void;
    onCancelled: (cancelled: Loan) => void;
}) => {
    const reference = loan.loan_reference;
    const options = useQuery({
        queryKey: ['add-loan', 'cancel-options', reference],
        queryFn: ({ signal }) => callApi(loanCancellationOptions, { body: { loan_reference: reference } }, { signal }),
        enabled: open,
        staleTime: 0,
    });
    // The customer's write (customers/writes.ts), the one the customer view's "Cancel sale" runs;
    // one request from one confirm, however fast the clicks (lib/singleFlight.ts).
    const flight = useSingleFlight();
    const cancel = useWrite('customerLoanCancel', { onSuccess: onCancelled });
    const busy = cancel.isPending || flight.busy;
    const fieldProblem = useFieldProblem(cancel.error);
    const exit = useExitReason();

    const confirm = () => {
        const chosen = exit.checked();
        const land = chosen && flight.take();
        if (land) cancel.mutate({ body: { loan_reference: reference, ...chosen } }, { onSettled: land });
    };
    const close = () => {
        if (busy) return;
        cancel.reset();
        onClose();
    };

    const choices = options.data?.options ?? [];
    return (
        <ActionDialog
            open={open}
            title="loans.wizard.cancel.title"
            intro="loans.actions.cancel.intro"
            introArgs={{ reference, model: `${loan.brand} ${loan.model}` }}
            busy={busy}
            error={cancel.error}
            onConfirm={confirm}
            onClose={close}
            confirmDisabled={choices.length === 0}
        >
            <ExitReasonFields
                exit={exit}
                options={{ error: options.error, isPending: options.isPending, refetch: options.refetch, choices }}
                fieldProblem={fieldProblem}
            />
        </ActionDialog>
    );
};
