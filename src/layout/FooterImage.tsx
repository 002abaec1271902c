import { Box } from '@mui/material';
import { useLocation } from 'react-router-dom';

/** A row of phones, each with its lock: the footer image below every signed-in page but the home. */
export const FooterImage = () => {
    const { pathname } = useLocation();
    if (pathname.replace(/\/+$/, '') === '/dashboard') return null;
    return (
        <Box
            component="footer"
            aria-hidden="true"
            data-testid="footer-image"
            sx={{ mt: 'auto', pt: 4, opacity: 0.5, color: 'primary.main' }}
        >
            <svg width="100%" height="40" preserveAspectRatio="xMidYMax slice" viewBox="0 0 600 40">
                {Array.from({ length: 12 }, (_, i) => (
                    <g key={i} transform={`translate(${i * 50 + 10} ${i % 2 ? 8 : 4})`}>
                        <rect width="18" height="32" rx="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
                        <rect x="5.5" y="14" width="7" height="6" rx="1" fill="currentColor" />
                        <path d="M7 14v-2a2 2 0 0 1 4 0v2" fill="none" stroke="currentColor" strokeWidth="1.2" />
                    </g>
                ))}
            </svg>
        </Box>
    );
};
