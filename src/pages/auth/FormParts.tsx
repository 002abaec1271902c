/**
 * Pieces every signed-out form shares: MUI fields with a small form state of their own, checked
 * by the portal's field checks (lib/fieldChecks.ts). Neither react-admin nor a form library: the
 * sign-in page is the first thing every user downloads.
 */
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { handler } from '../../lib/handler';
import {
    Alert,
    Box,
    Button,
    CircularProgress,
    FilledInput,
    FormControl,
    FormHelperText,
    IconButton,
    InputAdornment,
    InputLabel,
    Link as MuiLink,
    Typography,
    type InputBaseComponentProps,
} from '@mui/material';
import { createContext, useCallback, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/context';
import { apiErrorOf } from '../../lib/apiErrors';
import { formatClock } from '../../lib/format';
import { firstProblem, problemArgs, required, type FieldCheck, type FieldProblem } from '../../lib/fieldChecks';

type Values = Record<string, string>;

interface Field {
    checks: readonly FieldCheck[];
    element: HTMLElement | null;
}

export interface SignedOutFormState<T extends Values> {
    values: T;
    /** A problem per field, translated when shown (so it follows a change of language). */
    problems: Partial<Record<keyof T, FieldProblem>>;
    isSubmitting: boolean;
    setValue: (name: keyof T, value: string) => void;
    /** Marks a field, as the server's answer names it; the first marked gets the focus. */
    setProblems: (problems: Partial<Record<keyof T, FieldProblem>>) => void;
    /** Runs the checks of every field; true when all pass. The first field in error gets the focus. */
    check: () => boolean;
    setSubmitting: (submitting: boolean) => void;
    /** Filled by the fields as they render, in their order on the page. */
    fields: Map<keyof T, Field>;
}

/**
 * The state of a signed-out form: values, problems per field (checked on submit, then again as
 * the user corrects), and whether it is on its way. `onFirstInput` runs once, at the first
 * keystroke (the sign-in page loads its machinery then).
 */
export const useSignedOutForm = <T extends Values>(
    initial: T,
    { onFirstInput }: { onFirstInput?: () => void } = {},
): SignedOutFormState<T> => {
    const [values, setValues] = useState(initial);
    // The latest values, for keystrokes that come before the page renders again.
    const latest = useRef(initial);
    const [problems, setProblemsState] = useState<Partial<Record<keyof T, FieldProblem>>>({});
    const [isSubmitting, setSubmitting] = useState(false);
    const submitted = useRef(false);
    const typed = useRef(false);
    // Mutable on purpose: fields note their checks and elements as they render, for the submit to read.
    const [fields] = useState(() => new Map<keyof T, Field>());

    const problemsOf = useCallback(
        (all: T) => {
            const found: Partial<Record<keyof T, FieldProblem>> = {};
            for (const [name, field] of fields) {
                const problem = firstProblem(field.checks, all[name], all);
                if (problem) found[name] = problem;
            }
            return found;
        },
        [fields],
    );

    const focusFirst = useCallback(
        (marked: Partial<Record<keyof T, FieldProblem>>) => {
            for (const [name, field] of fields) {
                if (marked[name]) {
                    field.element?.focus();
                    return;
                }
            }
        },
        [fields],
    );

    const setValue = useCallback(
        (name: keyof T, value: string) => {
            if (!typed.current) {
                typed.current = true;
                onFirstInput?.();
            }
            const next = { ...latest.current, [name]: value };
            latest.current = next;
            setValues(next);
            // After a first submit, problems are checked again as the user corrects them.
            if (submitted.current) setProblemsState(problemsOf(next));
        },
        [onFirstInput, problemsOf],
    );

    const check = () => {
        submitted.current = true;
        const found = problemsOf(latest.current);
        setProblemsState(found);
        focusFirst(found);
        return Object.keys(found).length === 0;
    };

    const setProblems = (marked: Partial<Record<keyof T, FieldProblem>>) => {
        setProblemsState(marked);
        focusFirst(marked);
    };

    return { values, problems, isSubmitting, setValue, setProblems, check, setSubmitting, fields };
};

// The fields reach their form through context; its values are strings by name.
const FormContext = createContext<SignedOutFormState<Values> | null>(null);

const useFormState = (): SignedOutFormState<Values> => {
    const form = useContext(FormContext);
    if (!form) throw new Error('A form field needs a SignedOutForm around it');
    return form;
};

/** The form element: submits with Enter or the submit button, after the page's own checks pass. */
export const SignedOutForm = <T extends Values>({
    form,
    onSubmit,
    onInvalid,
    children,
}: {
    form: SignedOutFormState<T>;
    onSubmit: (values: T) => Promise<void> | void;
    onInvalid?: () => void;
    children: ReactNode;
}) => {
    const submit = async (event: FormEvent) => {
        event.preventDefault();
        if (form.isSubmitting) return;
        if (!form.check()) {
            onInvalid?.();
            return;
        }
        form.setSubmitting(true);
        try {
            await onSubmit(form.values);
        } finally {
            form.setSubmitting(false);
        }
    };
    return (
        <FormContext.Provider value={form as unknown as SignedOutFormState<Values>}>
            <Box component="form" noValidate onSubmit={handler(submit)}>
                {children}
            </Box>
        </FormContext.Provider>
    );
};

export interface FieldProps {
    name: string;
    /** Translation keys. */
    label: string;
    helperText?: string;
    checks?: readonly FieldCheck[];
    type?: string;
    autoComplete?: string;
    autoFocus?: boolean;
    disabled?: boolean;
    /** Attributes of the input element itself (inputMode, maxLength…). */
    inputProps?: InputBaseComponentProps;
    endAdornment?: ReactNode;
}

/** The field's value, problem and label, from its form. */
export const useField = ({ name, label, helperText, checks = [] }: FieldProps) => {
    const { translate } = useT();
    const form = useFormState();
    const registered = form.fields.get(name);
    if (registered) registered.checks = checks;
    else form.fields.set(name, { checks, element: null });
    const problem = form.problems[name];
    return {
        value: form.values[name] ?? '',
        onChange: (value: string) => form.setValue(name, value),
        ref: (element: HTMLElement | null) => {
            const field = form.fields.get(name);
            if (field) field.element = element;
        },
        label: translate(label),
        required: checks.includes(required),
        error: Boolean(problem),
        // A blank line when there is nothing to say, so a message appearing does not move the form.
        helperText: problem ? translate(problem.key, problemArgs(problem, translate)) : helperText ? translate(helperText) : ' ',
    };
};

/**
 * A text field bound to its form by name: MUI's parts rather than TextField, which would bring
 * MUI's Select and Menu to the sign-in page (RegisterPage.tsx has the one select).
 */
export const FormField = (props: FieldProps) => {
    const { name, type, autoComplete, autoFocus, disabled, inputProps, endAdornment } = props;
    const field = useField(props);
    const id = useId();
    return (
        <FormControl
            variant="filled"
            margin="dense"
            size="small"
            fullWidth
            required={field.required}
            error={field.error}
            disabled={disabled}
        >
            <InputLabel htmlFor={id}>{field.label}</InputLabel>
            <FilledInput
                id={id}
                name={name}
                type={type}
                value={field.value}
                onChange={event => field.onChange(event.target.value)}
                inputRef={field.ref}
                autoComplete={autoComplete}
                autoFocus={autoFocus}
                endAdornment={endAdornment}
                inputProps={{ ...inputProps, 'aria-describedby': `${id}-helper` }}
            />
            <FormHelperText id={`${id}-helper`}>{field.helperText}</FormHelperText>
        </FormControl>
    );
};

/** A password field with a button that shows what was typed. */
export const PasswordField = (props: FieldProps) => {
    const { translate } = useT();
    const [visible, setVisible] = useState(false);
    return (
        <FormField
            {...props}
            type={visible ? 'text' : 'password'}
            endAdornment={
                <InputAdornment position="end">
                    <IconButton
                        aria-label={translate(visible ? 'auth.hide_password' : 'auth.show_password')}
                        onClick={() => setVisible(value => !value)}
                        edge="end"
                        size="small"
                    >
                        {visible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                    </IconButton>
                </InputAdornment>
            }
        />
    );
};

/** The form's submit button: disabled, with a spinner and its busy label, while the form is on its way. */
export const SubmitButton = ({
    label,
    busyLabel,
    disabled = false,
}: {
    label: string;
    busyLabel: string;
    disabled?: boolean;
}) => {
    const { translate } = useT();
    const { isSubmitting } = useFormState();
    return (
        <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={disabled || isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ mt: 2 }}
        >
            {translate(isSubmitting ? busyLabel : label)}
        </Button>
    );
};

/** A message to show under the form: a translation key with its values. */
export interface Problem {
    key: string;
    values?: Record<string, string | number>;
}

/**
 * The phone has had its hourly share of unused codes: when the next may be sent, as a time of day
 * and in whole minutes rounded up (a wait is never shorter than said). Null for any other failure.
 */
export const codesSpentProblem = (error: unknown, locale: string, now = Date.now()): Problem | null => {
    const answer = apiErrorOf(error);
    if (answer?.key !== 'errors.too_many_codes' || answer.retry_after === undefined) return null;
    const time = formatClock(now + answer.retry_after * 1000, locale);
    return { key: 'auth.otp.codes_spent', values: { time, smart_count: Math.max(1, Math.ceil(answer.retry_after / 60)) } };
};

/** What went wrong that no single field is to blame for. */
export const FormProblem = ({ message, values }: { message: string | null; values?: Record<string, string | number> }) => {
    const { translate } = useT();
    if (!message) return null;
    return (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {translate(message, values)}
        </Alert>
    );
};

/** "New sales agent? Register here" and its like, below a form. */
export const AlternativeLink = ({ prompt, link, to }: { prompt: string; link: string; to: string }) => {
    const { translate } = useT();
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
