import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEventRecord } from '../../../contract/audit';
import { changesOf, shownValue } from './auditDiff';

const valueSx = { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-word', verticalAlign: 'top' } as const;

/** The expand panel of an audit event: each changed field with its value before and after. */
export const AuditDiff = () => {
    const translate = useTranslate();
    const event = useRecordContext<AuditEventRecord>();
    if (!event) return null;
    const changes = changesOf(event.before, event.after);
    return (
        <Box sx={{ py: 1, maxWidth: 900 }}>
            {event.coords ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('resources.audit-events.coords', { coords: event.coords })}
                </Typography>
            ) : null}
            {changes.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate('resources.audit-events.no_changes')}
                </Typography>
            ) : (
                <Table size="small" aria-label={translate('resources.audit-events.changes')}>
                    <TableHead>
                        <TableRow>
                            <TableCell component="th" scope="col">
                                {translate('resources.audit-events.field')}
                            </TableCell>
                            <TableCell component="th" scope="col">
                                {translate('resources.audit-events.before')}
                            </TableCell>
                            <TableCell component="th" scope="col">
                                {translate('resources.audit-events.after')}
                            </TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {changes.map(change => (
                            <TableRow key={change.field}>
                                <TableCell component="th" scope="row" sx={{ ...valueSx, fontWeight: 600 }}>
                                    {change.field || translate('resources.audit-events.value')}
                                </TableCell>
                                <TableCell sx={{ ...valueSx, color: change.kind === 'added' ? 'text.secondary' : 'error.dark' }}>
                                    {change.kind === 'added'
                                        ? translate('resources.audit-events.none')
                                        : shownValue(change.before)}
                                </TableCell>
                                <TableCell
                                    sx={{ ...valueSx, color: change.kind === 'removed' ? 'text.secondary' : 'success.dark' }}
                                >
                                    {change.kind === 'removed'
                                        ? translate('resources.audit-events.none')
                                        : shownValue(change.after)}
                                </TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            )}
        </Box>
    );
};
