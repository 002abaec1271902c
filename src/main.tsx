/**
 * The entry: picks the language and starts its catalog and the page's script at once, then
 * renders. Everything else arrives with the page that needs it (Portal.tsx).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startI18n } from './i18n';
import { detectLocale } from './i18n/locale';
import { Portal, preloadPage } from './Portal';

const root = createRoot(document.getElementById('root')!);
// A signed-in page's chunk and both parts of the catalog load in parallel; a signed-out page's, the public part only.
const signedInPage = preloadPage(window.location.pathname);
const i18n = startI18n(detectLocale(), signedInPage);

i18n.then(
    provider =>
        root.render(
            <StrictMode>
                <BrowserRouter>
                    <Portal i18n={provider} />
                </BrowserRouter>
            </StrictMode>,
        ),
    () => {
        // Without its catalog the portal has no words to show: a plain reload, named in all three languages.
        const reload = document.createElement('button');
        reload.textContent = 'Reload · Pakia upya · Recarregar';
        reload.addEventListener('click', () => window.location.reload());
        document.getElementById('root')!.replaceChildren(reload);
    },
);
