import { Box, type SxProps, type Theme } from '@mui/material';
import { Link } from 'react-router-dom';
import { BRAND_PRIMARY, settings } from '../config';
import { useT } from '../i18n/context';

/** A phone with a padlock: the business in one mark (devices stay locked until paid). */
const Mark = ({ size }: { size: number }) => (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="44" height="44" rx="10" fill={BRAND_PRIMARY} />
        <rect x="15" y="8" width="18" height="32" rx="3.5" fill="none" stroke="#fff" strokeWidth="2.5" />
        <rect x="19.5" y="23" width="9" height="7.5" rx="1.5" fill="#fff" />
        <path d="M21 23v-2.5a3 3 0 0 1 6 0V23" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="24" cy="36" r="1.3" fill="#fff" />
    </svg>
);

type LogoVariant = 'default' | 'wordmark';

/**
 * The portal logo (spec §2): the mark with the company name, or the wordmark alone. A click goes
 * to `/`, which takes a signed-in user on to the dashboard.
 */
export const Logo = ({ variant = 'default', size = 36, sx }: { variant?: LogoVariant; size?: number; sx?: SxProps<Theme> }) => {
    const { translate } = useT();
    return (
        <Box
            component={Link}
            to="/"
            aria-label={translate('app.logo_alt', { company: settings.companyName })}
            sx={[
                { display: 'inline-flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' },
                ...(Array.isArray(sx) ? sx : [sx]),
            ]}
        >
            {variant === 'default' && <Mark size={size} />}
            <Box
                component="span"
                sx={{
                    fontWeight: 800,
                    letterSpacing: variant === 'wordmark' ? '0.06em' : '0.01em',
                    fontSize: size * 0.5,
                    textTransform: variant === 'wordmark' ? 'uppercase' : 'none',
                    whiteSpace: 'nowrap',
                }}
            >
                {settings.companyName}
            </Box>
        </Box>
    );
};
