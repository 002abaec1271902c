import { useQuery } from '@tanstack/react-query';
import { cancelLoan, loanCancellationOptions, type Loan } from '../../../contract/loans';
import { callApi } from '../../lib/portalApi';
import { ActionDialog, useFieldProblem } from '../customers/actions/ActionDialog';
import { ExitReasonFields, useExitReason, type ExitReason } from '../customers/actions/ExitReason';
import { useSingleMutation } from '../../lib/singleFlight';

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
    const cancel = useSingleMutation({
        mutationFn: (body: { reason: ExitReason; note?: string }) =>
            callApi(cancelLoan, { body: { loan_reference: reference, ...body } }),
        onSuccess: onCancelled,
    });
    const fieldProblem = useFieldProblem(cancel.error);
    const exit = useExitReason();

    const confirm = () => {
        const chosen = exit.checked();
        if (chosen) cancel.mutate(chosen);
    };
    const close = () => {
        if (cancel.isPending) return;
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
            busy={cancel.isPending}
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
