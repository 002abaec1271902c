import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LoadError } from '../lists/LoadError';

/** A part of the customer view: a card with its heading, and an action beside it when there is one. */
export const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => {
    const translate = useTranslate();
    const headingId = useId();
    return (
        <Card component="section" aria-labelledby={headingId}>
            <CardContent>
                <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}
                >
                    <Typography component="h2" variant="h6" id={headingId}>
                        {translate(title)}
                    </Typography>
                    {action}
                </Stack>
                {children}
            </CardContent>
        </Card>
    );
};

/**
 * What a section shows for its query: a placeholder while it loads, the failure with a Retry
 * (never a spinner left turning), the empty message, or the content.
 */
export const Loaded = <T,>({
    query,
    empty,
    isEmpty,
    children,
}: {
    query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
    /** Translation key of the empty state. */
    empty?: string;
    isEmpty?: (data: T) => boolean;
    children: (data: T) => ReactNode;
}) => {
    const translate = useTranslate();
    if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    if (query.isPending || query.data === undefined) return <Skeleton variant="rounded" height={72} />;
    if (empty && isEmpty?.(query.data)) return <Typography color="text.secondary">{translate(empty)}</Typography>;
    return <>{children(query.data)}</>;
};

/** A labelled value; the labels and values of a card line up as a definition list. */
export const Fact = ({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
                {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
                {children === '' || children === null || children === undefined ? '—' : children}
            </Typography>
        </Box>
    );
};

export const Facts = ({ children, min = 140 }: { children: ReactNode; min?: number }) => (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, gap: 1.5, m: 0 }}>
        {children}
    </Box>
);
