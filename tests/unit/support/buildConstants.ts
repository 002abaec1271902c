/** What the build stamps into src/config.ts (vite.config.ts `define`); imported before anything reads it. */
import { API_BASE, PORTAL_VERSION } from '../../../contract';

Object.assign(globalThis, { __API_BASE__: API_BASE, __PORTAL_VERSION__: PORTAL_VERSION });
