import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { settings } from '../../config';
import { useT } from '../../i18n/context';
import { LanguageMenu } from '../../layout/LanguageMenu';
import { Logo } from '../../layout/Logo';
import { OfflineBanner } from '../../layout/OfflineBanner';

/**
 * The background layout of the signed-out pages (spec §2): the brand backdrop, a card with the
 * logo and the page, the language menu, and the version.
 */
export const AuthLayout = ({
    title,
    subtitle,
    children,
    wide = false,
}: {
    title: string;
    subtitle?: string;
    children: ReactNode;
    wide?: boolean;
}) => {
    const { translate } = useT();
    return (
        <Box
            component="main"
            sx={theme => ({
                minHeight: '100dvh',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                px: 2,
                py: { xs: 2, sm: 4 },
                background:
                    theme.palette.mode === 'dark'
                        ? 'radial-gradient(circle at 20% 10%, #4a0d0d 0, #121212 55%)'
                        : 'radial-gradient(circle at 20% 10%, #ff5a5a 0, #E60000 35%, #7a0000 100%)',
            })}
        >
            <Box sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white' }}>
                <LanguageMenu />
            </Box>
            <Card elevation={8} sx={{ width: '100%', maxWidth: wide ? 560 : 420, mt: { xs: 5, sm: 0 } }}>
                <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
                    <OfflineBanner sx={{ mb: 2 }} />
                    <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
                        <Logo />
                    </Box>
                    <Typography component="h1" variant="h5" align="center" gutterBottom>
                        {title}
                    </Typography>
                    {subtitle && (
                        <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 2 }}>
                            {subtitle}
                        </Typography>
                    )}
                    {children}
                </CardContent>
            </Card>
            <Typography variant="caption" sx={{ mt: 2, color: 'rgba(255,255,255,0.85)' }}>
                {translate('app.version', { version: settings.version })}
            </Typography>
        </Box>
    );
};
