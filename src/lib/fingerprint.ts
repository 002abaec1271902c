/**
 * A device fingerprint: a hash of browser traits that stay put for one browser on one device.
 * Window size and language are left out on purpose: they change while the session lives.
 */
import SHA256 from 'crypto-js/sha256';

export const deviceFingerprint = (): string => {
    const nav = typeof navigator === 'undefined' ? undefined : navigator;
    const traits = [
        nav?.userAgent ?? '',
        nav?.platform ?? '',
        String(nav?.hardwareConcurrency ?? ''),
        typeof screen === 'undefined' ? '' : String(screen.colorDepth),
        Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    ];
    return SHA256(traits.join('|')).toString();
};
