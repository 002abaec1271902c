/** The KYC submissions' queue and the validation of one. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    kyc_verification: { path: 'customers/ocr', menu: list('kyc-submissions', { order: 210, group: 'kyc' }) },
    kyc_validation: { path: 'customers/kyc-validation' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        kyc: typeof routes;
    }
}
