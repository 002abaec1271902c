import { Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { PRICE_FIELDS } from '../../../contract/inventory';
import { Fact, Facts } from '../../dialogs/Facts';
import { Mono, useWhen } from '../../lists/cells';
import { RegistrationCapture } from './RegistrationCapture';

/** Dark enough on white for a 4.5:1 contrast in either theme's chip. */
const STATUS_COLOURS: Record<ApprovalStatus, 'default' | 'success' | 'error'> = {
    pending: 'default',
    approved: 'success',
    rejected: 'error',
};

export const StatusChip = ({ status }: { status: ApprovalStatus }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant={status === 'pending' ? 'outlined' : 'filled'}
            color={STATUS_COLOURS[status]}
            label={translate(`approvals.statuses.${status}`)}
        />
    );
};

const Row = ({ label, children }: { label: string; children: ReactNode }) => {
    const translate = useTranslate();
    return <Fact label={translate(`approvals.fields.${label}`)}>{children}</Fact>;
};

/** The change a request makes, spelt out field by field. */
const ChangeRows = ({ request }: { request: ApprovalRequest }) => {
    const translate = useTranslate();
    const change = request.change;
    switch (request.kind) {
        case 'imei_change':
            return (
                <>
                    <Row label="old_imei">
                        <Mono>{change.old_imei ?? '—'}</Mono>
                    </Row>
                    <Row label="new_imei">
                        <Mono>{change.new_imei ?? '—'}</Mono>
                    </Row>
                </>
            );
        case 'loan_transfer':
            return (
                <>
                    <Row label="from_customer">
                        {request.subject} (<Mono>{change.from_msisdn ?? request.msisdn}</Mono>)
                    </Row>
                    <Row label="to_customer">
                        {change.to_name ?? '—'} (<Mono>{change.to_msisdn ?? '—'}</Mono>)
                    </Row>
                </>
            );
        case 'agent_registration':
            return (
                <>
                    <Row label="username">
                        <Mono>{change.username ?? '—'}</Mono>
                    </Row>
                    <Row label="store">{change.store_name ?? request.store?.name ?? '—'}</Row>
                    {/* The photo the registrant took at registering, for the checker to compare. */}
                    <Row label="liveness">
                        <RegistrationCapture requestId={request.id} name={request.subject} />
                    </Row>
                </>
            );
        case 'deregistration':
            return (
                <Row label="change">
                    {translate('approvals.change.deregistration', { reference: request.loan_reference ?? '—' })}
                </Row>
            );
        case 'price_change':
            return (
                <>
                    {PRICE_FIELDS.map(field => (
                        <Row key={field} label={field}>
                            <Mono>
                                {change[`${field}_before`] ?? '—'} → {change[`${field}_after`] ?? '—'}
                            </Mono>
                        </Row>
                    ))}
                </>
            );
    }
};

/**
 * Everything about one request: whom it concerns (the customer and the loan, or the registering
 * agent), the change it makes, the shop, who asked and why, and once decided, who decided, when
 * and with what note. The expand panel of a queue's row, and the details of a card on a phone.
 */
export const RequestDetail = ({ request: given }: { request?: ApprovalRequest }) => {
    const translate = useTranslate();
    const when = useWhen();
    const fromContext = useRecordContext<ApprovalRequest>();
    const request = given ?? fromContext;
    if (!request) return null;
    const isAgent = request.kind === 'agent_registration';
    return (
        <Facts sx={{ columnGap: 3, rowGap: { xs: 0.25, sm: 1 }, py: 1 }}>
            <Row label="kind">{translate(`approvals.kinds.${request.kind}`)}</Row>
            {request.loan_reference ? <Row label="loan_reference">{request.loan_reference}</Row> : null}
            {request.kind === 'price_change' ? (
                <Row label="phone_model">
                    {request.subject} (<Mono>{request.change.sku ?? '—'}</Mono>)
                </Row>
            ) : (
                <Row label={isAgent ? 'agent' : 'customer'}>
                    {request.subject} (<Mono>{request.msisdn}</Mono>)
                </Row>
            )}
            <ChangeRows request={request} />
            {!isAgent || !request.change.store_name ? <Row label="store">{request.store?.name ?? '—'}</Row> : null}
            <Row label="reason">{request.reason || '—'}</Row>
            <Row label="maker">
                {request.maker.name} · {when(request.created_at)}
            </Row>
            <Row label="status">
                <StatusChip status={request.status} />
            </Row>
            {request.status !== 'pending' ? (
                <>
                    <Row label="checker">
                        {request.checker?.name ?? '—'} · {when(request.decided_at)}
                    </Row>
                    <Row label="decision_note">{request.decision_note || '—'}</Row>
                </>
            ) : null}
        </Facts>
    );
};
