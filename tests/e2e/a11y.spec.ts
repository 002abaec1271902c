import { checkEveryScreen } from './screens';

// At desktop width (playwright.config.ts); a11y.phone.spec.ts runs the same at phone width.
checkEveryScreen();
