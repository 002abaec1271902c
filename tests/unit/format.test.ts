import { describe, expect, it } from 'vitest';
import { badgeCount, titleCase } from '../../src/lib/format';

describe('formatting', () => {
    it('shows snake_case codes as title-case words', () => {
        expect(titleCase('VIEW_USERS')).toBe('View Users');
        expect(titleCase('pending_approval')).toBe('Pending Approval');
        expect(titleCase('')).toBe('');
    });

    it('caps badges at 99', () => {
        expect(badgeCount(5)).toBe('5');
        expect(badgeCount(99)).toBe('99');
        expect(badgeCount(100)).toBe('99+');
    });
});
