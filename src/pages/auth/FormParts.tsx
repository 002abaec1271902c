/** Pieces every signed-out form shares. */
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link } from 'react-router-dom';

/** The form's submit button: disabled, with a spinner and its busy label, while the form is on its way. */
export const SubmitButton = ({ label, busyLabel, disabled = false }: { label: string; busyLabel: string; disabled?: boolean }) => {
    const translate = useTranslate();
    const { isSubmitting } = useFormState();
    return (
        <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={disabled || isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ mt: 2 }}
        >
            {translate(isSubmitting ? busyLabel : label)}
        </Button>
    );
};

/** What went wrong that no single field is to blame for. */
export const FormProblem = ({ message, values }: { message: string | null; values?: Record<string, string> }) => {
    const translate = useTranslate();
    if (!message) return null;
    return (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {translate(message, values)}
        </Alert>
    );
};

/** "New sales agent? Register here" and its like, below a form. */
export const AlternativeLink = ({ prompt, link, to }: { prompt: string; link: string; to: string }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Typography variant="body2" component="span" color="text.secondary">
                {translate(prompt)}{' '}
            </Typography>
            <MuiLink component={Link} to={to} variant="body2">
                {translate(link)}
            </MuiLink>
        </Box>
    );
};
