/** The approvals queues, each a resource of its name whose menu badge counts its kinds of request. */
import { LOAN_APPROVAL_KINDS, SERVICE_APPROVAL_KINDS } from '../../../contract/approvals';
import { queue, type RouteTable } from '../../routeTable';

export const routes = {
    deregistrations: queue('deregistrations', ['deregistration'], { order: 130 }),
    mc_requests_v2: queue('mc_requests_v2', SERVICE_APPROVAL_KINDS, { order: 170, group: 'approvals' }),
    mc_requests: queue('mc_requests', LOAN_APPROVAL_KINDS, { order: 180, group: 'approvals' }),
    imei_changes: queue('imei_changes', ['imei_change'], { order: 190, group: 'approvals' }),
    transfer_loan_requests: queue('transfer_loan_requests', ['loan_transfer'], { order: 200, group: 'approvals' }),
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        approvals: typeof routes;
    }
}
