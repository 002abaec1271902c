import { useEditContext } from 'react-admin';
import { LoadError } from './LoadError';

/** A record to edit that could not be loaded: why, with a Retry (as layout/ResourceErrors.tsx for lists and shows). */
export const EditLoadError = () => {
    const { error, refetch } = useEditContext();
    return <LoadError error={error} onRetry={() => void refetch()} sx={{ m: 2 }} />;
};
