import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceFingerprint } from '../../src/lib/fingerprint';

describe('the device fingerprint', () => {
    afterEach(() => vi.restoreAllMocks());

    it('is the same hash each time on one device, and another on a different browser', () => {
        const here = deviceFingerprint();
        expect(here).toMatch(/^[0-9a-f]{64}$/);
        expect(deviceFingerprint()).toBe(here);
        vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Another browser/1.0');
        expect(deviceFingerprint()).not.toBe(here);
    });

    it('is none while the browser does not tell its user agent (a document being torn down answers "")', () => {
        vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('');
        expect(deviceFingerprint()).toBeNull();
    });
});
