import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    FormControlLabel,
    LinearProgress,
    Switch,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TablePagination,
    TableRow,
    Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { INVENTORY_BATCH_ROWS } from '../../../contract/inventory';
import { errorKeyOf } from '../../lib/apiErrors';
import { useWrite } from '../../dataProvider/useWrite';
import { batchesOf, MAX_FILE_BYTES, readInventoryCsv, reasonKey, type BulkItem, type RowResult } from './bulk';

interface Upload {
    name: string;
    lines: number;
    batches: BulkItem[][];
    refused: RowResult[];
}

/** Dark enough on white for a 4.5:1 contrast (the theme's warning orange is not). */
const RESULT_COLOURS = { accepted: '#1B5E20', duplicate: '#7A4100', invalid: '#B71C1C' } as const;
const ROWS_PER_PAGE = 50;

/**
 * Many devices from a CSV file (ADD_INVENTORY): read here, sent INVENTORY_BATCH_ROWS lines at a
 * time with a progress bar, and a result for every line (added, duplicate or not valid, and why).
 * A failure stops the sending; the rest can be sent later, and nothing is added twice.
 */
export const BulkAdd = () => {
    const translate = useTranslate();
    const addBatch = useWrite('inventoryAddBatch');
    const inputId = useId();
    const [upload, setUpload] = useState<Upload | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const [results, setResults] = useState<RowResult[]>([]);
    const [sent, setSent] = useState(0);
    const [sending, setSending] = useState(false);
    const [stopped, setStopped] = useState<unknown>(null);
    const [onlyProblems, setOnlyProblems] = useState(false);
    const [page, setPage] = useState(0);
    const abort = useRef<AbortController | null>(null);
    useEffect(() => () => abort.current?.abort(), []);

    const choose = async (file: File | undefined) => {
        setUpload(null);
        setResults([]);
        setSent(0);
        setStopped(null);
        setPage(0);
        if (!file) return;
        if (file.size > MAX_FILE_BYTES) return setProblem('validation.max_file_size');
        let text: string;
        try {
            text = await file.text();
        } catch {
            return setProblem('inventory.bulk.unreadable');
        }
        const read = readInventoryCsv(text);
        if (!read.ok) return setProblem(read.problem);
        setProblem(null);
        setUpload({ name: file.name, lines: read.lines, batches: batchesOf(read.items), refused: read.refused });
        setResults(read.refused);
    };

    /** Sends the batches from `from` on, one after the other. */
    const send = async (from: number) => {
        if (!upload) return;
        const controller = new AbortController();
        abort.current = controller;
        setSending(true);
        setStopped(null);
        for (let index = from; index < upload.batches.length; index++) {
            try {
                const answer = await addBatch.mutateAsync({
                    body: { items: upload.batches[index]! },
                    signal: controller.signal,
                });
                setResults(shown => [...shown, ...answer.results]);
                setSent(index + 1);
            } catch (error) {
                if (controller.signal.aborted) return;
                setStopped(error);
                break;
            }
        }
        setSending(false);
    };

    const total = upload?.batches.reduce((sum, batch) => sum + batch.length, 0) ?? 0;
    const done = upload?.batches.slice(0, sent).reduce((sum, batch) => sum + batch.length, 0) ?? 0;
    const finished = upload !== null && sent === upload.batches.length;
    const counts = useMemo(
        () => ({
            accepted: results.filter(row => row.result === 'accepted').length,
            duplicates: results.filter(row => row.result === 'duplicate').length,
            invalid: results.filter(row => row.result === 'invalid').length,
        }),
        [results],
    );
    const shown = useMemo(
        () => [...results].filter(row => !onlyProblems || row.result !== 'accepted').sort((a, b) => a.row - b.row),
        [results, onlyProblems],
    );

    return (
        <Card>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <Box>
                    <Typography component="h2" variant="h6">
                        {translate('inventory.bulk.title')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate('inventory.bulk.help', { max: INVENTORY_BATCH_ROWS })}
                    </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                    <Button
                        component="label"
                        htmlFor={inputId}
                        variant="outlined"
                        startIcon={<UploadFileIcon />}
                        disabled={sending}
                    >
                        {translate('inventory.bulk.choose')}
                        <input
                            id={inputId}
                            type="file"
                            accept=".csv,text/csv"
                            hidden
                            onChange={event => {
                                void choose(event.target.files?.[0]);
                                event.target.value = '';
                            }}
                        />
                    </Button>
                    {upload ? (
                        <Typography variant="body2">
                            {translate('inventory.bulk.file', { name: upload.name, smart_count: upload.lines })}
                        </Typography>
                    ) : null}
                </Box>
                {problem ? (
                    <Alert severity="error" role="alert">
                        {translate(problem)}
                    </Alert>
                ) : null}
                {upload && sent === 0 && !sending && total > 0 ? (
                    <Box>
                        <Button variant="contained" onClick={() => void send(0)}>
                            {translate('inventory.bulk.send')}
                        </Button>
                    </Box>
                ) : null}
                {upload && total > 0 && (sending || sent > 0 || stopped !== null) ? (
                    <Box>
                        <LinearProgress
                            variant="determinate"
                            value={(done / total) * 100}
                            aria-label={translate('inventory.bulk.progress', { done, total })}
                        />
                        <Typography variant="body2" aria-live="polite" sx={{ mt: 0.5 }}>
                            {translate('inventory.bulk.progress', { done, total })}
                        </Typography>
                    </Box>
                ) : null}
                {stopped !== null ? (
                    <Alert
                        severity="error"
                        role="alert"
                        action={
                            <Button color="inherit" size="small" onClick={() => void send(sent)}>
                                {translate('inventory.bulk.resume')}
                            </Button>
                        }
                    >
                        {translate('inventory.bulk.stopped', { reason: translate(errorKeyOf(stopped)) })}
                    </Alert>
                ) : null}
                {upload && (finished || total === 0) ? (
                    <Alert severity={counts.accepted > 0 ? 'success' : 'info'} role="status">
                        {translate('inventory.bulk.done', counts)}
                    </Alert>
                ) : null}
                {results.length > 0 ? (
                    <Box>
                        <Box
                            sx={{
                                display: 'flex',
                                flexWrap: 'wrap',
                                alignItems: 'center',
                                justifyContent: 'space-between',
                                gap: 1,
                            }}
                        >
                            <Typography component="h3" variant="subtitle1">
                                {translate('inventory.bulk.results_title')}
                            </Typography>
                            <FormControlLabel
                                control={
                                    <Switch
                                        checked={onlyProblems}
                                        onChange={event => {
                                            setOnlyProblems(event.target.checked);
                                            setPage(0);
                                        }}
                                    />
                                }
                                label={translate('inventory.bulk.only_problems')}
                            />
                        </Box>
                        {/* Focusable, so a keyboard can scroll it sideways on a narrow screen. */}
                        <Box
                            sx={{ overflowX: 'auto' }}
                            tabIndex={0}
                            role="region"
                            aria-label={translate('inventory.bulk.results_title')}
                        >
                            <Table size="small" aria-label={translate('inventory.bulk.results_title')}>
                                <TableHead>
                                    <TableRow>
                                        <TableCell>{translate('inventory.bulk.row')}</TableCell>
                                        <TableCell>{translate('inventory.fields.imei')}</TableCell>
                                        <TableCell>{translate('inventory.bulk.result')}</TableCell>
                                        <TableCell>{translate('inventory.bulk.reason')}</TableCell>
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {shown.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map(row => {
                                        const why = reasonKey(row.reason);
                                        return (
                                            <TableRow key={`${row.row}-${row.imei}`} data-result={row.result}>
                                                <TableCell>{row.row}</TableCell>
                                                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                                                    {row.imei || '—'}
                                                </TableCell>
                                                <TableCell>
                                                    <Chip
                                                        size="small"
                                                        variant="outlined"
                                                        sx={{
                                                            color: RESULT_COLOURS[row.result],
                                                            borderColor: RESULT_COLOURS[row.result],
                                                        }}
                                                        label={translate(`inventory.bulk.results.${row.result}`)}
                                                    />
                                                </TableCell>
                                                <TableCell>{why ? translate(why) : ''}</TableCell>
                                            </TableRow>
                                        );
                                    })}
                                </TableBody>
                            </Table>
                        </Box>
                        {shown.length > ROWS_PER_PAGE ? (
                            <TablePagination
                                component="div"
                                count={shown.length}
                                page={page}
                                onPageChange={(_event, next) => setPage(next)}
                                rowsPerPage={ROWS_PER_PAGE}
                                rowsPerPageOptions={[]}
                                labelDisplayedRows={({ from, to, count }) => translate('shops.shown', { from, to, count })}
                                getItemAriaLabel={type => translate(`shops.go_${type}`)}
                            />
                        ) : null}
                    </Box>
                ) : null}
            </CardContent>
        </Card>
    );
};
