import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { LoadError } from '../lists/LoadError';

/**
 * Where react-admin goes when the roles behind a screen could not be read (the roles call
 * failed): says so, and Retry goes back to that screen, which asks again.
 */
export const AccessCheckFailed = () => {
    const navigate = useNavigate();
    return (
        <Box sx={{ p: 2 }}>
            <LoadError message="shell.access_check_failed" onRetry={() => void navigate(-1)} />
        </Box>
    );
};
