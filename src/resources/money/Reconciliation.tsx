import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    LinearProgress,
    MenuItem,
    Stack,
    TextField,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_UPLOAD_BYTES } from '../../../contract/kyc';
import { TRANSACTION_CHANNELS } from '../../../contract/customers';
import {
    MAX_STATEMENT_ROWS,
    OPTIONAL_STATEMENT_COLUMNS,
    STATEMENT_COLUMNS,
    type ReconciliationUpload,
} from '../../../contract/money';
import { Screen } from '../../lists/Screen';
import { useWrite } from '../../dataProvider/useWrite';
import { useSingleFlight } from '../../lib/singleFlight';
import { chosenUpload, uploadAddress } from './reconciliationAddress';
import { uploadProblemKey, type StatementChannel } from './reconciliationApi';
import { ReconciliationHistory } from './ReconciliationHistory';
import { ChosenUpload } from './ReconciliationRows';

type Column = (typeof STATEMENT_COLUMNS)[number] | (typeof OPTIONAL_STATEMENT_COLUMNS)[number];

/** One line a statement may hold, per column (contract/money/statement.ts `STATEMENT_COLUMNS`). */
const EXAMPLE: Record<Column, string> = {
    date: '2026-11-20',
    amount: '450.00',
    reference: 'FNB-88213',
    msisdn: '27821234567',
    account: 'LPP-100007',
};
const COLUMNS: readonly Column[] = [...STATEMENT_COLUMNS, ...OPTIONAL_STATEMENT_COLUMNS];
const EXAMPLE_TEXT = `${COLUMNS.join(',')}\n${COLUMNS.map(column => EXAMPLE[column]).join(',')}`;

/** A hint to the browser's file picker only: the server reads the content and refuses what is not a CSV (415). */
const ACCEPT = '.csv,text/csv';

const fileSize = (bytes: number, locale: string) =>
    bytes >= 1024 * 1024
        ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
              bytes / (1024 * 1024),
          )
        : new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(bytes / 1024);

/** The columns a statement names on its first line, each with what it holds, and an example. */
const ColumnsHelp = () => {
    const translate = useTranslate();
    const headingId = useId();
    return (
        <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
            <Typography id={headingId} component="h3" variant="subtitle2" gutterBottom>
                {translate('reconciliation.upload.columns_title')}
            </Typography>
            <Typography variant="body2">{translate('reconciliation.upload.columns_intro')}</Typography>
            <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
                {COLUMNS.map(column => (
                    <Typography component="li" variant="body2" key={column}>
                        <Box component="code" sx={{ fontWeight: 600 }}>
                            {column}
                        </Box>
                        {': '}
                        {translate(`reconciliation.upload.column_help.${column}`)}
                    </Typography>
                ))}
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
                {translate('reconciliation.upload.example')}
            </Typography>
            <Box
                component="pre"
                sx={{
                    m: 0,
                    p: 1,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    fontSize: '0.8125rem',
                    // Wrapped rather than scrolled: a scrolling block would need the keyboard's focus (axe).
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                }}
            >
                {EXAMPLE_TEXT}
            </Box>
        </Box>
    );
};

/**
 * Choosing and sending a statement: a drop zone with a "Choose file" button (on a phone, the
 * button alone), the channel, the size checked before sending, the progress while sending, then
 * "Processing…" until the server's answer. A refusal shows beside the drop zone with the file still
 * chosen, so Upload tries again.
 */
const StatementUpload = ({ onUploaded }: { onUploaded: (upload: ReconciliationUpload) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const input = useRef<HTMLInputElement>(null);
    const headingId = useId();
    const hintId = useId();
    const [file, setFile] = useState<File | null>(null);
    const [channel, setChannel] = useState<StatementChannel>('bank');
    const [problem, setProblem] = useState<string | null>(null);
    const [progress, setProgress] = useState(0);
    const [dragging, setDragging] = useState(false);
    // The `reconciliationUpload` write: the uploads, rows and payment lists it changes are refetched.
    const upload = useWrite('reconciliationUpload', {
        onSuccess: answer => {
            setFile(null);
            onUploaded(answer.upload);
        },
        onError: error => setProblem(uploadProblemKey(error)),
    });
    // Sent once, however fast Upload is pressed again: a second import would be all duplicates.
    const flight = useSingleFlight();
    const busy = flight.busy || upload.isPending;
    const tooLarge = file !== null && file.size > MAX_UPLOAD_BYTES;

    const choose = (chosen: File | undefined, others = 0) => {
        if (busy || !chosen) return;
        upload.reset();
        setFile(chosen);
        // Spec §5: a file over 5 MB is refused as it is chosen, before anything is sent.
        setProblem(
            chosen.size > MAX_UPLOAD_BYTES ? 'validation.max_file_size' : others > 0 ? 'reconciliation.upload.one_file' : null,
        );
    };
    const onPick = (event: ChangeEvent<HTMLInputElement>) => {
        const picked = event.target.files?.[0];
        // The same file may be chosen again (after a refusal): the input forgets it.
        event.target.value = '';
        choose(picked);
    };
    const send = () => {
        if (!file || busy) return;
        if (tooLarge) {
            setProblem('validation.max_file_size');
            return;
        }
        setProblem(null);
        setProgress(0);
        const land = flight.take();
        if (land) upload.mutate({ file, channel, onProgress: setProgress }, { onSettled: land });
    };

    const dragOver = (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
        if (!busy) setDragging(true);
    };
    const dragLeave = (event: DragEvent<HTMLElement>) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setDragging(false);
    };
    const drop = (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        setDragging(false);
        const files = event.dataTransfer.files;
        choose(files[0], files.length - 1);
    };

    const chooseButton = (
        <Button
            variant={phone ? 'contained' : 'outlined'}
            startIcon={<FolderOpenIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
            fullWidth={phone}
            aria-describedby={hintId}
        >
            {translate(file ? 'reconciliation.upload.choose_other' : 'reconciliation.upload.choose')}
        </Button>
    );

    return (
        <Card component="section" variant="outlined" aria-labelledby={headingId}>
            <CardContent>
                <Typography id={headingId} component="h2" variant="h6" gutterBottom>
                    {translate('reconciliation.upload.title')}
                </Typography>
                <Box
                    sx={{
                        display: 'grid',
                        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
                        gap: 3,
                    }}
                >
                    <Stack spacing={2} sx={{ minWidth: 0 }}>
                        <input
                            ref={input}
                            hidden
                            type="file"
                            accept={ACCEPT}
                            aria-label={translate('reconciliation.upload.file_input')}
                            onChange={onPick}
                        />
                        {phone ? (
                            chooseButton
                        ) : (
                            <Box
                                onDragEnter={dragOver}
                                onDragOver={dragOver}
                                onDragLeave={dragLeave}
                                onDrop={drop}
                                data-dragging={dragging || undefined}
                                sx={{
                                    display: 'flex',
                                    flexDirection: 'column',
                                    alignItems: 'center',
                                    gap: 1,
                                    p: 3,
                                    textAlign: 'center',
                                    borderRadius: 1,
                                    border: '2px dashed',
                                    borderColor: dragging ? 'primary.main' : problem ? 'error.main' : 'divider',
                                    bgcolor: dragging ? 'action.hover' : undefined,
                                    transition: 'border-color 120ms, background-color 120ms',
                                    // The zone shows where the keyboard is, as well as the button does.
                                    '&:has(:focus-visible)': { borderColor: 'primary.main', borderStyle: 'solid' },
                                }}
                            >
                                <UploadFileIcon fontSize="large" color={dragging ? 'primary' : 'action'} aria-hidden />
                                <Typography variant="body2">
                                    {translate(dragging ? 'reconciliation.upload.drop_active' : 'reconciliation.upload.drop')}
                                </Typography>
                                {chooseButton}
                            </Box>
                        )}
                        <Typography id={hintId} variant="caption" color="text.secondary">
                            {translate('reconciliation.upload.limit')}
                        </Typography>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                            <InsertDriveFileIcon fontSize="small" color={file ? 'action' : 'disabled'} aria-hidden />
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} aria-live="polite">
                                {file
                                    ? translate('reconciliation.upload.chosen', {
                                          name: file.name,
                                          size: fileSize(file.size, locale),
                                      })
                                    : translate('reconciliation.upload.none')}
                            </Typography>
                        </Box>
                        {problem ? (
                            <Alert severity="error" role="alert">
                                {/* `max` is the row cap, for the one message that names it. */}
                                {translate(problem, { max: new Intl.NumberFormat(locale).format(MAX_STATEMENT_ROWS) })}
                            </Alert>
                        ) : null}
                        <TextField
                            select
                            label={translate('reconciliation.upload.channel')}
                            value={channel}
                            onChange={event => {
                                const next = TRANSACTION_CHANNELS.find(one => one === event.target.value);
                                if (next) setChannel(next);
                            }}
                            disabled={busy}
                            variant="filled"
                            size="small"
                            fullWidth
                        >
                            {TRANSACTION_CHANNELS.map(one => (
                                <MenuItem key={one} value={one}>
                                    {translate(`customers.deposits.channels.${one}`)}
                                </MenuItem>
                            ))}
                        </TextField>
                        {busy ? (
                            progress < 1 ? (
                                <Box>
                                    <LinearProgress
                                        variant="determinate"
                                        value={Math.round(progress * 100)}
                                        aria-label={translate('reconciliation.upload.sending_label', {
                                            name: file?.name ?? '',
                                        })}
                                    />
                                    <Typography variant="caption" color="text.secondary">
                                        {translate('reconciliation.upload.sending', { percent: Math.round(progress * 100) })}
                                    </Typography>
                                </Box>
                            ) : (
                                <Box>
                                    <LinearProgress aria-label={translate('reconciliation.upload.processing')} />
                                    <Typography variant="caption" color="text.secondary" role="status">
                                        {translate('reconciliation.upload.processing')}
                                    </Typography>
                                </Box>
                            )
                        ) : null}
                        <Box>
                            <Button
                                variant="contained"
                                startIcon={<CloudUploadIcon />}
                                onClick={send}
                                disabled={!file || tooLarge || busy}
                                fullWidth={phone}
                            >
                                {translate(
                                    problem && file && !tooLarge ? 'reconciliation.upload.retry' : 'reconciliation.upload.submit',
                                )}
                            </Button>
                        </Box>
                    </Stack>
                    <ColumnsHelp />
                </Box>
            </CardContent>
        </Card>
    );
};

/**
 * Reconciliation (spec §2 "Suspense and reconciliation → upload document", /dashboard/reconciliation,
 * UPLOAD_RECONCILIATION_DOCUMENT): a bank or mobile-money statement uploaded and imported, the
 * summary and per-row results of an upload, and the uploads made before. The upload shown, with
 * its rows' outcome and page, is in the address (reconciliationAddress.ts), so a reload or a copied
 * address keeps it; the older `?upload=12` is rewritten to that form. A new upload is shown as it
 * is made.
 */
export const Reconciliation = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const [search] = useSearchParams();
    const chosen = chosenUpload(search);
    // The keyboard goes to an upload's heading when the user opens it, not when a reload does.
    const [focus, setFocus] = useState(false);

    const choose = (uploadId: number) => {
        setFocus(true);
        void navigate(uploadAddress(uploadId));
    };
    const uploaded = (upload: ReconciliationUpload) => choose(upload.id);
    // An upload opened by its link (the history's, the summary's earlier one): the link navigates, the heading takes the focus.
    const opened = () => setFocus(true);

    // The older address form: the same upload in the rows list's own filter, so its outcome and page join it.
    if (chosen !== null && !search.has('filter')) return <Navigate replace to={uploadAddress(chosen)} />;

    return (
        <Screen resource="reconciliation" action="create" title={translate('reconciliation.title')}>
            <Typography variant="body2" color="text.secondary">
                {translate('reconciliation.intro')}
            </Typography>
            <StatementUpload onUploaded={uploaded} />
            {chosen !== null ? <ChosenUpload key={chosen} uploadId={chosen} onChoose={opened} focus={focus} /> : null}
            <ReconciliationHistory chosen={chosen} onChoose={opened} />
        </Screen>
    );
};
