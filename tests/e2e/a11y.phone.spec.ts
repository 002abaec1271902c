import { checkEveryScreen } from './screens';

// At phone width (playwright.config.ts); a11y.spec.ts runs the same at desktop width.
checkEveryScreen();
