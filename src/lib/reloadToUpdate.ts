/**
 * Reloads the page into the newest release. A plain reload is not enough when a new release's
 * service worker is waiting: the reloading page is still the old worker's client while the new
 * page loads, so the new worker keeps waiting and the page comes back as the old release. So a
 * waiting worker is told to take over first (Workbox's `SKIP_WAITING` message, which the worker
 * vite-plugin-pwa generates answers), and the page reloads once it controls the page.
 */
export const reloadToUpdate = async (): Promise<void> => {
    const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    const waiting = registration?.waiting;
    if (!waiting) {
        window.location.reload();
        return;
    }
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
};
