/**
 * Registers the service worker (lib/serviceWorker.ts) and, when a new release's worker is
 * installed and waiting, offers "Reload to update" (lib/reloadToUpdate.ts: the waiting worker
 * takes over, then the page reloads). Until the user chooses, the open page keeps running its own
 * release's chunks, which the old worker still holds, so no page ever mixes two releases. Loaded
 * in its own chunk once the page has rendered (Portal.tsx), and built of what the sign-in page
 * loads anyway (Alert, Button), so the sign-in page pays for it only its own few hundred bytes
 * (bench/size.ts holds it to 3 KiB gzip).
 */
import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n/context';
import { reloadToUpdate } from '../lib/reloadToUpdate';
import { useWaitingWorker } from '../lib/serviceWorker';

export const UpdatePrompt = () => {
    const { translate } = useT();
    const waiting = useWaitingWorker();
    const [dismissed, setDismissed] = useState(false);
    if (!waiting || dismissed) return null;
    return (
        // Bottom right, across from the toasts (bottom left), above the page's own content.
        <Box sx={{ position: 'fixed', right: 16, bottom: 16, left: { xs: 16, sm: 'auto' }, zIndex: 'snackbar' }}>
            <Alert
                severity="info"
                variant="filled"
                role="status"
                // Closed, the new release waits until every tab of the portal has been closed.
                onClose={() => setDismissed(true)}
                closeText={translate('ra.action.close')}
                action={
                    <Button color="inherit" size="small" onClick={() => void reloadToUpdate()}>
                        {translate('shell.reload_to_update')}
                    </Button>
                }
                sx={{ boxShadow: 6, alignItems: 'center' }}
            >
                {translate('shell.update_ready')}
            </Alert>
        </Box>
    );
};
