// First: src/config.ts reads what it stamps.
import './support/buildConstants';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { captureOwnerStack } from 'react';
import { afterEach } from 'vitest';
import { notices } from '../../src/lib/notices';
import { resetBuilders } from '../builders';
import { insertStylesAsInProduction } from './support/styles';
import { waitAsUsual } from './support/waits';

waitAsUsual();
insertStylesAsInProduction();

/**
 * A prop React or MUI refuses fails the test that rendered it rather than scrolling past in the
 * log: it names markup that does not do what its author meant (react-admin's MUI 5 `InputProps`,
 * which MUI 9's TextField no longer reads, reached a div; layout/theme.ts). A test that silences
 * console.error on purpose silences this too.
 */
const REFUSED_PROP =
    /does not recognize the `[^`]+` prop|is not a valid prop|Invalid DOM property|Unknown event handler property|deprecated/i;
/**
 * Two MUI 5 props react-admin 5 still passes that no theme default can take away, each harmless:
 * BooleanInput's field ref given to FormControlLabel, which MUI 9 no longer hands to the switch
 * (the ref only focuses the switch on a form error), and the select-all checkbox's `inputProps`
 * beside the same `slotProps.input` (MUI 9's Checkbox reads only the latter; a theme root for the
 * checkbox would have to copy all of MUI's checkbox styles). MUI 9's own types refuse both, so the
 * portal's code cannot pass them.
 */
const KNOWN_LEAKS: ReadonlySet<string> = new Set(['inputRef', 'inputProps']);
const refusedProps: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
    const message = format(...args);
    const prop = /does not recognize the `([^`]+)` prop/.exec(message)?.[1];
    // React's owner stack names the components that passed the prop down, nearest first.
    if (REFUSED_PROP.test(message) && !(prop && KNOWN_LEAKS.has(prop)))
        refusedProps.push(`${message.split('\n')[0] ?? message}${captureOwnerStack() ?? ''}`);
    consoleError(...args);
};

afterEach(() => {
    const refused = refusedProps.splice(0);
    if (refused.length > 0) throw new Error(`React or MUI refused a prop:\n${refused.join('\n')}`);
});

afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    notices.clear();
    resetBuilders();
});
