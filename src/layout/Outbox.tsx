import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Badge, Box, Button, IconButton, List, ListItem, ListItemText, Popover, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { outbox, type OutboxItem } from '../lib/offlineQueue';
import { useOnline } from '../lib/online';

/** The signed-in user's outbox items, re-read whenever the outbox changes. */
export const useOutbox = (): OutboxItem[] => {
    useSyncExternalStore(outbox.subscribe, outbox.version);
    return outbox.mine();
};

/** What the list and the notices call an item: its kind and the user's own words for it. */
const nameOf = (translate: (key: string) => string, item: OutboxItem) =>
    `${translate(`outbox.kinds.${item.call}`)}: ${item.about}`;

/**
 * Sends what waits once the connection is back (the `online` event) and when the shell starts
 * online, and tells the user what became of each item as it happens. Mounted once, in the top bar.
 */
const useSendWhenOnline = () => {
    const notify = useNotify();
    const translate = useTranslate();
    useEffect(() => {
        const send = () => void outbox.flush();
        window.addEventListener('online', send);
        const stop = outbox.onOutcome(item =>
            item.state === 'sent'
                ? notify('outbox.sent', { type: 'success', messageArgs: { what: nameOf(translate, item) } })
                : notify('outbox.refused', {
                      type: 'error',
                      messageArgs: { what: nameOf(translate, item), reason: translate(item.error ?? 'errors.server') },
                  }),
        );
        if (navigator.onLine !== false) send();
        return () => {
            window.removeEventListener('online', send);
            stop();
        };
    }, [notify, translate]);
};

/**
 * The top bar's outbox: while anything of the user's is kept on the phone, a button with the count
 * of items waiting to send, which lists them with their state (waiting, sent, refused and why).
 */
export const OutboxButton = () => {
    const translate = useTranslate();
    const online = useOnline();
    const items = useOutbox();
    const titleId = useId();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    useSendWhenOnline();
    if (items.length === 0) return null;
    const waiting = items.filter(item => item.state === 'waiting').length;
    return (
        <>
            <IconButton
                color="inherit"
                aria-label={translate('outbox.button', { smart_count: waiting })}
                aria-haspopup="dialog"
                aria-expanded={anchor !== null}
                onClick={event => setAnchor(event.currentTarget)}
            >
                <Badge badgeContent={waiting} color="warning">
                    <CloudUploadIcon />
                </Badge>
            </IconButton>
            <Popover
                open={anchor !== null}
                anchorEl={anchor}
                onClose={() => setAnchor(null)}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                transformOrigin={{ vertical: 'top', horizontal: 'right' }}
                slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { maxWidth: 360, p: 2 } } }}
            >
                <Typography id={titleId} variant="subtitle1" component="h2">
                    {translate('outbox.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(online ? 'outbox.intro' : 'outbox.offline_hint')}
                </Typography>
                <List dense>
                    {items.map(item => (
                        <ListItem key={item.key} disableGutters divider>
                            <ListItemText
                                primary={nameOf(translate, item)}
                                secondary={[translate(`outbox.states.${item.state}`), item.error ? translate(item.error) : '']
                                    .filter(Boolean)
                                    .join(' · ')}
                            />
                        </ListItem>
                    ))}
                </List>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Box sx={{ flex: 1 }} />
                    {waiting < items.length ? (
                        <Button onClick={() => outbox.clearFinished()}>{translate('outbox.clear_done')}</Button>
                    ) : null}
                    {waiting > 0 && online ? (
                        <Button variant="contained" onClick={() => void outbox.flush()}>
                            {translate('outbox.send_now')}
                        </Button>
                    ) : null}
                </Stack>
            </Popover>
        </>
    );
};
