/**
 * A list or a record that could not be loaded, in react-admin's screens: why, translated, with
 * a Retry that asks again (lists/LoadError.tsx), in place of the content, never a spinner left
 * turning. The controllers' own toast and, for a record, their jump back to the list are turned
 * off with `quietOnError`: the message is on the page, and the user stays where they were.
 */
import { useListContext, useShowContext } from 'react-admin';
import { LoadError } from '../lists/LoadError';

export const ListLoadError = () => {
    const { error, refetch } = useListContext();
    return <LoadError error={error} onRetry={() => void refetch()} sx={{ m: 2 }} />;
};

export const ShowLoadError = () => {
    const { error, refetch } = useShowContext();
    return <LoadError error={error} onRetry={() => void refetch()} sx={{ m: 2 }} />;
};

/** For `queryOptions`: no toast, no redirect; the error shows on the page. */
export const quietOnError = { onError: () => undefined } as const;
