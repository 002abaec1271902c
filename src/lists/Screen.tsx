import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess, ResourceContextProvider, Title } from 'react-admin';
import { AccessDenied } from '../layout/AccessDenied';
import { PageLoading } from '../layout/PageLoading';

/**
 * One screen of the stores, shop, agent or inventory pages: open only to the holders of its gate
 * (`resource` and `action` in the permissions map, declared in its folder's calls.ts), with the
 * page's title and heading.
 */
export const Screen = ({
    resource,
    action = 'list',
    title,
    actions,
    children,
}: {
    resource: string;
    action?: string;
    /** Already translated. */
    title: string;
    actions?: ReactNode;
    children: ReactNode;
}) => (
    <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />} loading={<PageLoading />}>
        <ResourceContextProvider value={resource}>
            <Title title={title} />
            {/* One column that never grows wider than the screen: a wide table scrolls inside it. */}
            <Box sx={{ p: { xs: 1, sm: 2 }, pb: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                    <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
                        {title}
                    </Typography>
                    {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
                </Box>
                {children}
            </Box>
        </ResourceContextProvider>
    </CanAccess>
);
