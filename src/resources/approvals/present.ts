/**
 * How a request reads (contract `approvalRequest`): what approving it changes in one line, the
 * outcome of a decision from its answer or refusal, and the CSV of a queue. No React here.
 */
import type { ApprovalRequest } from '../../../contract/approvals';
import { apiErrorOf, errorKeyOf } from '../../lib/apiErrors';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const text = (request: ApprovalRequest, key: string) => request.change[key] ?? '—';

/** What approving it does, in one line: the IMEI change, the new owner, the loan closed, the agent let in. */
export const changeText = (request: ApprovalRequest, translate: Translate): string => {
    switch (request.kind) {
        case 'imei_change':
            return `${text(request, 'old_imei')} → ${text(request, 'new_imei')}`;
        case 'loan_transfer':
            return `${request.subject} (${text(request, 'from_msisdn')}) → ${text(request, 'to_name')} (${text(request, 'to_msisdn')})`;
        case 'agent_registration':
            return translate('approvals.change.agent_registration', {
                username: text(request, 'username'),
                store: request.change.store_name ?? request.store?.name ?? '—',
            });
        case 'deregistration':
            return translate('approvals.change.deregistration', { reference: request.loan_reference ?? '—' });
        case 'price_change':
            return translate('approvals.change.price_change', {
                model: `${request.subject} (${text(request, 'sku')})`,
                cash_before: text(request, 'cash_price_before'),
                cash_after: text(request, 'cash_price_after'),
                deposit_before: text(request, 'deposit_before'),
                deposit_after: text(request, 'deposit_after'),
                instalment_before: text(request, 'instalment_amount_before'),
                instalment_after: text(request, 'instalment_amount_after'),
            });
    }
};

/** What became of one request of a bulk decision. */
export type Outcome =
    | { request: ApprovalRequest; result: 'approved' | 'rejected' }
    | { request: ApprovalRequest; result: 'already' }
    | { request: ApprovalRequest; result: 'refused'; reason: string };

/** A refusal as an outcome: decided before (409 `errors.request_decided`), or refused and why (a translation key). */
export const refusalOf = (request: ApprovalRequest, error: unknown): Outcome =>
    apiErrorOf(error)?.key === 'errors.request_decided'
        ? { request, result: 'already' }
        : { request, result: 'refused', reason: errorKeyOf(error) };

/** The columns of a queue's CSV export: every field of the request, the change spelt out. */
export const csvColumns = (translate: Translate) => {
    const title = (field: string) => translate(`approvals.fields.${field}`);
    return [
        { title: title('id'), value: (row: ApprovalRequest) => row.id },
        { title: title('kind'), value: (row: ApprovalRequest) => translate(`approvals.kinds.${row.kind}`) },
        { title: title('status'), value: (row: ApprovalRequest) => translate(`approvals.statuses.${row.status}`) },
        { title: title('loan_reference'), value: (row: ApprovalRequest) => row.loan_reference ?? '' },
        { title: title('subject'), value: (row: ApprovalRequest) => row.subject },
        { title: title('msisdn'), value: (row: ApprovalRequest) => row.msisdn },
        { title: title('store'), value: (row: ApprovalRequest) => row.store?.name ?? '' },
        { title: title('change'), value: (row: ApprovalRequest) => changeText(row, translate) },
        { title: title('reason'), value: (row: ApprovalRequest) => row.reason },
        { title: title('maker'), value: (row: ApprovalRequest) => row.maker.name },
        { title: title('created_at'), value: (row: ApprovalRequest) => row.created_at },
        { title: title('checker'), value: (row: ApprovalRequest) => row.checker?.name ?? '' },
        { title: title('decision_note'), value: (row: ApprovalRequest) => row.decision_note ?? '' },
        { title: title('decided_at'), value: (row: ApprovalRequest) => row.decided_at ?? '' },
    ];
};
