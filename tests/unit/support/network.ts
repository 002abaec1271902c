/**
 * The browser's view of the network, as `navigator.onLine` and its `online`/`offline` events report
 * it, set by the test: `online` alone changes what `navigator.onLine` answers without an event (as
 * a connection that dropped unnoticed); `goOffline`/`goOnline` change it and send the event, inside
 * `act`. Each test starts as `startOnline` says; `navigator.onLine` is the browser's own after it.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

export const browserNetwork = ({ startOnline = true } = {}) => {
    const network = {
        online: startOnline,
        goOffline: () =>
            act(() => {
                network.online = false;
                window.dispatchEvent(new Event('offline'));
            }),
        goOnline: () =>
            act(() => {
                network.online = true;
                window.dispatchEvent(new Event('online'));
            }),
    };
    let onLine: MockInstance<() => boolean>;
    beforeEach(() => {
        network.online = startOnline;
        onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.online);
    });
    afterEach(() => {
        onLine.mockRestore();
    });
    return network;
};
