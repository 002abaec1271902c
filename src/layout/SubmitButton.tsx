import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * A form's submit button that may be pressed on an untouched form (react-admin's `alwaysEnable`)
 * but never while the form is being sent: `alwaysEnable` alone keeps SaveButton enabled during
 * the submission too, and a double click sent the request twice. react-hook-form marks the form
 * submitting in the click's own event, so the button is disabled before a second click arrives.
 */
export const SubmitButton = (props: Omit<SaveButtonProps, 'alwaysEnable'>) => {
    const { isSubmitting } = useFormState();
    return <SaveButton {...props} alwaysEnable={!isSubmitting} />;
};
