// First: src/config.ts reads what it stamps.
import './support/buildConstants';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { notices } from '../../src/lib/notices';

// The signed-in screens load on demand: on a busy machine the first one takes over findBy's
// default second, and a whole journey over the default five, which failed tests that were right.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    notices.clear();
});
