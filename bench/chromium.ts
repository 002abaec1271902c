/** The benches' browser: Debian's Chromium (no browser download on these machines), headless, without its own background traffic. */
import { chromium } from '@playwright/test';

export const launchChromium = () =>
    chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
        ],
    });
