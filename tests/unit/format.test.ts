import { describe, expect, it } from 'vitest';
import { titleCase } from '../../src/lib/format';

describe('formatting', () => {
    it('shows snake_case codes as title-case words', () => {
        expect(titleCase('VIEW_USERS')).toBe('View Users');
        expect(titleCase('pending_approval')).toBe('Pending Approval');
        expect(titleCase('')).toBe('');
    });
});
