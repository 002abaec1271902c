import { AutocompleteInput, DateInput, ReferenceInput, SearchInput, SelectInput, useCanAccess, useTranslate } from 'react-admin';
import { APPROVAL_STATUSES, LOAN_APPROVAL_KINDS } from '../../../contract/approvals';
import { StatusFilter } from '../../lists/StatusFilter';
import { QUEUES } from '../../lib/approvalQueues';
import type { QueueName } from './calls';

const makerName = (user: { first_name: string; last_name: string; username: string }) =>
    `${user.first_name} ${user.last_name} (${user.username})`;

/**
 * The filters of a queue: search, status (pending unless another is chosen), kind (v1), dates,
 * shop, maker (not in v2: agents register themselves; and only for those who may list users).
 */
export const useQueueFilters = (queue: QueueName) => {
    const translate = useTranslate();
    const { canAccess: canListUsers } = useCanAccess({ resource: 'users', action: 'list' });
    const { byMaker } = QUEUES[queue];
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <StatusFilter
            key="status"
            source="status"
            label="approvals.fields.status"
            choices={APPROVAL_STATUSES}
            fallback="pending"
            choiceLabel={status => `approvals.statuses.${status}`}
            alwaysOn
        />,
        ...(queue === 'mc_requests'
            ? [
                  <SelectInput
                      key="kind"
                      source="kind"
                      label="approvals.fields.kind"
                      choices={LOAN_APPROVAL_KINDS.map(kind => ({ id: kind, name: translate(`approvals.kinds.${kind}`) }))}
                      alwaysOn
                  />,
              ]
            : []),
        <DateInput key="from" source="from" label="approvals.fields.from" />,
        <DateInput key="to" source="to" label="approvals.fields.to" />,
        // The "Add filter" menu names a filter by the element's own label: the input's is not read there.
        <ReferenceInput key="store_id" source="store_id" reference="store-options" label="approvals.fields.store">
            <AutocompleteInput label="approvals.fields.store" optionText="name" sx={{ minWidth: { sm: 220 } }} />
        </ReferenceInput>,
        ...(byMaker && canListUsers
            ? [
                  <ReferenceInput key="maker_id" source="maker_id" reference="users" label="approvals.fields.maker">
                      <AutocompleteInput label="approvals.fields.maker" optionText={makerName} sx={{ minWidth: { sm: 220 } }} />
                  </ReferenceInput>,
              ]
            : []),
    ];
};
