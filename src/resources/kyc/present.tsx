import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { KycSubmission, OcrFields } from '../../../contract/kyc';
import { WARNING_TEXT_ON_LIGHT } from '../../layout/brand';

/** The fields OCR reads from an ID's front and the user confirms, in the order they are shown. */
export const OCR_FIELDS = [
    'first_name',
    'last_name',
    'id_number',
    'date_of_birth',
    'gender',
] as const satisfies readonly (keyof OcrFields)[];
type OcrField = (typeof OCR_FIELDS)[number];

const normal = (value: string | null) => (value ?? '').trim().toLowerCase();

/** OCR read this field and the user confirmed something else: they corrected it. */
export const corrected = (submission: Pick<KycSubmission, 'ocr' | 'confirmed'>, field: OcrField): boolean => {
    const read = submission.ocr?.[field] ?? null;
    return read !== null && normal(read) !== normal(submission.confirmed[field]);
};

export const correctedFields = (submission: Pick<KycSubmission, 'ocr' | 'confirmed'>): OcrField[] =>
    OCR_FIELDS.filter(field => corrected(submission, field));

const readAnything = (submission: Pick<KycSubmission, 'ocr'>) =>
    submission.ocr !== null && OCR_FIELDS.some(field => submission.ocr?.[field] !== null);

/** How what the user confirmed compares with what OCR read, in a word: unread, matching, or N corrected. */
export const OcrSummary = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    const fields = correctedFields(submission);
    if (!readAnything(submission)) return <Chip size="small" variant="outlined" label={translate('kyc.ocr.unread')} />;
    if (fields.length === 0) return <Chip size="small" variant="outlined" color="success" label={translate('kyc.ocr.matches')} />;
    return (
        <Chip
            size="small"
            variant="outlined"
            icon={<ReportProblemIcon />}
            label={translate('kyc.ocr.corrected', { smart_count: fields.length })}
            title={fields.map(field => translate(`kyc.fields.${field}`)).join(', ')}
            sx={theme => ({
                // The warning orange is too light for text on white (4.5:1): a dark amber instead.
                color: theme.palette.mode === 'light' ? WARNING_TEXT_ON_LIGHT : theme.palette.warning.light,
                borderColor: 'currentColor',
                '& .MuiChip-icon': { color: 'inherit' },
            })}
        />
    );
};

/** A confirmed value as a reader reads it: the gender translated, a missing one as a dash. */
export const useFieldValue = () => {
    const translate = useTranslate();
    return (field: OcrField, value: string | null): ReactNode => {
        if (value === null || value === '') return '—';
        return field === 'gender' ? translate(`customers.genders.${value}`, { _: value }) : value;
    };
};

/**
 * What the user confirmed beside what OCR read, field by field; a field the user corrected is
 * marked (an icon and the word, not the colour alone).
 */
export const OcrComparison = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    const valueOf = useFieldValue();
    return (
        <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('kyc.ocr.title')}>
                <TableHead>
                    <TableRow>
                        <TableCell component="th" scope="col">
                            {translate('kyc.ocr.field')}
                        </TableCell>
                        <TableCell component="th" scope="col">
                            {translate('kyc.ocr.confirmed')}
                        </TableCell>
                        <TableCell component="th" scope="col">
                            {translate('kyc.ocr.read')}
                        </TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {OCR_FIELDS.map(field => {
                        const changed = corrected(submission, field);
                        return (
                            <TableRow
                                key={field}
                                data-corrected={changed || undefined}
                                sx={
                                    changed
                                        ? { bgcolor: theme => (theme.palette.mode === 'light' ? '#fff4e5' : '#3a2a10') }
                                        : undefined
                                }
                            >
                                <TableCell component="th" scope="row">
                                    {translate(`kyc.fields.${field}`)}
                                </TableCell>
                                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                                        <span>{valueOf(field, submission.confirmed[field])}</span>
                                        {changed ? (
                                            <Typography
                                                component="span"
                                                variant="caption"
                                                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
                                            >
                                                <ReportProblemIcon fontSize="inherit" aria-hidden />
                                                {translate('kyc.ocr.corrected_mark')}
                                            </Typography>
                                        ) : null}
                                    </Box>
                                </TableCell>
                                <TableCell sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>
                                    {submission.ocr ? valueOf(field, submission.ocr[field]) : '—'}
                                </TableCell>
                            </TableRow>
                        );
                    })}
                </TableBody>
            </Table>
        </Box>
    );
};

const STATUS_COLOURS = { pending: 'default', approved: 'success', rejected: 'error', returned: 'warning' } as const;

export const SubmissionStatusChip = ({ status }: { status: KycSubmission['status'] }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant={status === 'pending' ? 'outlined' : 'filled'}
            color={STATUS_COLOURS[status]}
            label={translate(`kyc.statuses.${status}`)}
        />
    );
};

/** The verification screen of a submission, under /dashboard. */
export const validationPath = (id: number) => `/dashboard/customers/kyc-validation?id=${id}`;
