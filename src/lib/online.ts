/** Whether the browser believes it is online (`navigator.onLine`), following its `online`/`offline` events. */
import { useSyncExternalStore } from 'react';

export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

const subscribe = (listener: () => void) => {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
    };
};

export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
