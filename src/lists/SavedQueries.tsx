/**
 * The queries a user saved on a list, by name: react-admin's saved queries (`useSavedQueries`, kept
 * in react-admin's store for each resource, on this device), as a row in the filter area at every
 * width. react-admin's own `SavedQueriesList` cannot be mended by a prop or the theme: it puts its
 * save, remove and help icons straight into its `<ul>` (axe: list, serious) and leaves the button
 * that clears the applied query without a name (axe: button-name, critical). Here each saved query
 * is a list item holding a toggle button (pressed while the list shows exactly that query) and a
 * named remove button; saving asks for a name.
 */
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { extractValidSavedQueries, useListContext, useSavedQueries, useTranslate, type SavedQuery } from 'react-admin';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';

/** A query's name is a button's text: at most this many characters. */
const NAME_MAX = 60;

/** A value as text with every object's keys in order, so two queries compare whatever order the address gave them. */
const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, inner: unknown) =>
        inner && typeof inner === 'object' && !Array.isArray(inner)
            ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
            : inner,
    );

export const SavedQueries = () => {
    const translate = useTranslate();
    const titleId = useId();
    const { resource, filterValues, displayedFilters, sort, perPage, setFilters, setSort, setPerPage } = useListContext();
    const [stored, setStored] = useSavedQueries(resource);
    const queries = extractValidSavedQueries(stored);
    // What a saved query holds: the filter, the filters shown, the sort and the page size (not the page).
    const current: SavedQuery['value'] = { filter: filterValues, sort, perPage, displayedFilters };
    const applied = queries.findIndex(query => canonical(query.value) === canonical(current));
    const [naming, setNaming] = useState(false);
    const [removing, setRemoving] = useState<SavedQuery | null>(null);

    /** The list at the query's filter, sort and page size, from its first page; the applied one again clears the filter. */
    const toggle = (query: SavedQuery, pressed: boolean) => {
        if (pressed) {
            setFilters({}, {});
            return;
        }
        const { filter = {}, displayedFilters: shown = {}, sort: querySort, perPage: size } = query.value;
        if (querySort) setSort(querySort);
        if (size) setPerPage(size);
        setFilters(filter, shown);
    };
    const save = (label: string) => {
        setStored([...queries, { label, value: current }]);
        setNaming(false);
    };
    const remove = (query: SavedQuery) => {
        setStored(queries.filter(kept => kept !== query));
        setRemoving(null);
    };

    return (
        <Box
            component="section"
            aria-labelledby={titleId}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
        >
            <Typography id={titleId} component="h2" variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5 }}>
                <BookmarkIcon fontSize="small" aria-hidden />
                {translate('ra.saved_queries.label')}
            </Typography>
            {queries.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate('ra.saved_queries.help')}
                </Typography>
            ) : (
                <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
                    {queries.map((query, index) => {
                        const pressed = index === applied;
                        return (
                            <Box component="li" key={`${index}-${query.label}`} sx={{ display: 'flex', alignItems: 'center' }}>
                                <Button
                                    size="small"
                                    variant={pressed ? 'contained' : 'outlined'}
                                    aria-pressed={pressed}
                                    onClick={() => toggle(query, pressed)}
                                    sx={{ textTransform: 'none', borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
                                >
                                    {query.label}
                                </Button>
                                <IconButton
                                    size="small"
                                    aria-label={translate('ra.saved_queries.remove_label_with_name', { name: query.label })}
                                    onClick={() => setRemoving(query)}
                                >
                                    <CloseIcon fontSize="small" />
                                </IconButton>
                            </Box>
                        );
                    })}
                </Box>
            )}
            <Button
                size="small"
                startIcon={<BookmarkAddIcon />}
                onClick={() => setNaming(true)}
                // Nothing to save until the list is filtered, nor a query saved already.
                disabled={applied >= 0 || Object.keys(filterValues).length === 0}
            >
                {translate('ra.saved_queries.new_label')}
            </Button>
            <NameDialog open={naming} onSave={save} onClose={() => setNaming(false)} />
            <ConfirmDialog
                open={removing !== null}
                title={translate('ra.saved_queries.remove_dialog_title')}
                content={removing ? translate('ra.saved_queries.remove_label_with_name', { name: removing.label }) : ''}
                confirmLabel={translate('ra.action.remove')}
                onConfirm={() => removing && remove(removing)}
                onClose={() => setRemoving(null)}
            />
        </Box>
    );
};

/** Asks the new query's name: required, once trimmed; Enter saves. */
const NameDialog = ({ open, onSave, onClose }: { open: boolean; onSave: (name: string) => void; onClose: () => void }) => {
    const translate = useTranslate();
    const [name, setName] = useState('');
    const [tried, setTried] = useState(false);
    const missing = name.trim() === '';
    const submit = () => {
        setTried(true);
        if (!missing) onSave(name.trim());
    };
    return (
        <ConfirmDialog
            open={open}
            title={translate('ra.saved_queries.new_dialog_title')}
            content=""
            confirmLabel={translate('ra.action.save')}
            confirmColor="primary"
            focusContent
            onConfirm={submit}
            onClose={onClose}
            onExited={() => {
                setName('');
                setTried(false);
            }}
        >
            <TextField
                autoFocus
                required
                fullWidth
                label={translate('ra.saved_queries.query_name')}
                value={name}
                onChange={event => setName(event.target.value)}
                onKeyDown={event => {
                    if (event.key === 'Enter') {
                        event.preventDefault();
                        submit();
                    }
                }}
                error={tried && missing}
                helperText={tried && missing ? translate('ra.validation.required') : ' '}
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
        </ConfirmDialog>
    );
};
