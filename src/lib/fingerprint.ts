/**
 * A device fingerprint: a hash of browser traits that stay put for one browser on one device.
 * Window size and language are left out on purpose: they change while the session lives.
 *
 * None (null) while the browser does not tell its traits: a page being torn down (the tab went
 * elsewhere while the portal was still starting) can run on after its document is detached, and
 * Chromium then answers '' for `navigator.userAgent`. A hash of what is left would be another
 * device's, and every value kept under the real one would read as forged.
 */
import SHA256 from 'crypto-js/sha256';

export const deviceFingerprint = (): string | null => {
    const nav = typeof navigator === 'undefined' ? undefined : navigator;
    if (!nav?.userAgent) return null;
    const traits = [
        nav.userAgent,
        nav.platform,
        String(nav.hardwareConcurrency),
        typeof screen === 'undefined' ? '' : String(screen.colorDepth),
        Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    ];
    return SHA256(traits.join('|')).toString();
};
