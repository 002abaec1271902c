import { CanAccess } from 'react-admin';
import { AccessDenied } from '../../layout/AccessDenied';
import { PageLoading } from '../../layout/PageLoading';
import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

const SystemCheckPage = lazyPage(() => import('./SystemCheckPage').then(m => m.SystemCheckPage));

/** The system check (`test`) and the same with the beta switches (`test-beta`), each behind its gate in the menu table. */
const SystemCheck = ({ beta }: { beta: boolean }) => (
    <CanAccess
        resource={beta ? 'system-check-beta' : 'system-check'}
        action="list"
        accessDenied={<AccessDenied />}
        loading={<PageLoading />}
    >
        <SystemCheckPage key={beta ? 'beta' : 'test'} beta={beta} />
    </CanAccess>
);

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    system_check: <SystemCheck beta={false} />,
    system_check_beta: <SystemCheck beta />,
} satisfies ScreensOf<typeof routes>;
