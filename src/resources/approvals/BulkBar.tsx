import CloseIcon from '@mui/icons-material/Close';
import { Checkbox, FormControlLabel, IconButton, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';

/**
 * The bulk decisions over the selected requests, above the table or the cards: select every
 * request of the page that may be decided, how many are selected, approve and reject. (The
 * table's own header checkbox would also select the rows the caller may not decide.)
 */
export const BulkBar = ({ selectable, children }: { selectable: (request: ApprovalRequest) => boolean; children: ReactNode }) => {
    const translate = useTranslate();
    const { data = [], selectedIds, onSelect, onUnselectItems } = useListContext<ApprovalRequest>();
    const ids = data.filter(selectable).map(request => request.id);
    if (ids.length === 0 && selectedIds.length === 0) return null;
    const all = ids.length > 0 && ids.every(id => selectedIds.includes(id));
    const some = !all && ids.some(id => selectedIds.includes(id));
    return (
        <Paper variant="outlined" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1, py: 0.5 }}>
            <FormControlLabel
                control={
                    <Checkbox
                        size="small"
                        checked={all}
                        indeterminate={some}
                        onChange={() => (all ? onUnselectItems() : onSelect([...new Set([...selectedIds, ...ids])]))}
                    />
                }
                label={translate('ra.action.select_all')}
            />
            <Typography variant="body2" sx={{ flexGrow: 1 }} aria-live="polite">
                {selectedIds.length > 0 ? translate('ra.action.bulk_actions', { smart_count: selectedIds.length }) : ''}
            </Typography>
            {selectedIds.length > 0 ? (
                <IconButton size="small" onClick={() => onUnselectItems()} aria-label={translate('ra.action.unselect')}>
                    <CloseIcon fontSize="small" />
                </IconButton>
            ) : null}
            {children}
        </Paper>
    );
};
