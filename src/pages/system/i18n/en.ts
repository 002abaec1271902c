import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The system check pages' words and their menu entries', in English: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        system_check: 'System check',
        system_check_beta: 'System check (beta)',
    },
    system: {
        title: 'System check',
        title_beta: 'System check and beta features',
        intro: 'Run this when the portal misbehaves at a shop: each line says what works, what is slow and what fails.',
        run_again: 'Run again',
        checking: 'Checking…',
        device_title: 'This phone and its connection',
        services_title: 'Outside services',
        states: { ok: 'OK', warning: 'Warning', failed: 'Failed' },
        latency: {
            title: 'Reaching the server',
            ok: 'All %{total} calls answered: typically in %{median} ms, the slowest in %{max} ms.',
            some_failed:
                '%{failed} of %{total} calls failed; the others took %{median} ms typically, %{max} ms at most. The connection is unreliable.',
            slow: 'All %{total} calls answered, but slowly: typically in %{median} ms, the slowest in %{max} ms. Screens and codes will keep you waiting.',
            unreachable: "None of %{total} calls reached the server. Check the phone's mobile data or Wi-Fi.",
        },
        version: {
            title: 'Portal and server versions',
            same: 'Both are version %{portal}.',
            different: 'This page is version %{portal} and the server %{server}: reload the page to get the current portal.',
        },
        clock: {
            title: "The phone's clock",
            ok: "Within %{seconds} s of the server's clock.",
            ahead: "The phone's clock is %{seconds} s ahead of the server's: set the date and time to automatic. Codes and sign-in may fail.",
            behind: "The phone's clock is %{seconds} s behind the server's: set the date and time to automatic. Codes and sign-in may fail.",
        },
        storage: {
            title: 'Storage in this browser',
            ok: 'The portal can keep your session and a sale in progress here.',
            mismatch: 'What was written could not be read back: a sale in progress will not be kept.',
            not_removed: 'A test value could not be removed: storage in this browser is not working properly.',
            refused:
                'This browser refuses storage (a private window, or storage is full): sign-in and a sale in progress will not be kept.',
        },
        tab_lock: {
            title: 'One tab at a time',
            ok: 'This tab holds the lock: other tabs of the portal in this browser show "Page blocked".',
            not_held: 'This tab does not hold the lock: close the other tabs of the portal and reload.',
        },
        server: {
            unreachable: "The server's own check could not be read: the connection failed, or your group lacks the role.",
        },
        sms: {
            title: 'SMS gateway',
            outbox: 'No gateway is connected: messages are kept in the outbox. Last message %{when}; %{count} in the last hour.',
            outbox_none: 'No gateway is connected: messages are kept in the outbox. No message yet; %{count} in the last hour.',
            gateway: 'Last message sent %{when}; %{count} in the last hour.',
            gateway_none: 'No message sent yet; %{count} in the last hour.',
        },
        providers: {
            title: 'Lock providers',
            one: 'Lock provider %{name}',
            simulator:
                'Simulated: no outside service is connected. %{waiting} commands waiting, %{failed} refused in the last day.',
            live: 'Connected. %{waiting} commands waiting, %{failed} refused in the last day.',
        },
        beta: {
            title: 'Beta features',
            intro: 'Try these before everyone gets them. Each changes only how the portal looks for you on this device; none opens anything your roles do not.',
        },
    },
} satisfies CatalogPart;

export default en;
