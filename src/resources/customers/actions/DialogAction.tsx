import { Box, Button, Typography, type ButtonProps, type SvgIconProps } from '@mui/material';
import { useId, type ComponentType, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ActionDialog, type ActionDialogProps } from '../../../dialogs/ActionDialog';

/** What a button and its dialog share: `useDialogAction`'s answer, or a form's own state of the same shape. */
export interface DialogState {
    open: boolean;
    show: () => void;
    close: () => void;
    busy: boolean;
    error: unknown;
}

interface DialogActionProps extends Omit<ActionDialogProps, 'open' | 'busy' | 'error' | 'onClose'> {
    action: DialogState;
    /** Translation key of the button's words. */
    label: string;
    icon: ComponentType<SvgIconProps>;
    color?: ButtonProps['color'];
    disabled?: boolean;
    /**
     * Words under the button, which describe it (why it is disabled), or null for none yet. An
     * action that may have them keeps its button in a column either way, so the button never
     * stretches to the height of a neighbour showing its own.
     */
    caption?: ReactNode;
    /** Closing other than `action.close` (clearing what an action gave, once it was shown). */
    onClose?: () => void;
}

/**
 * An action on the customer view: its button, which opens the dialog asking for confirmation (and
 * the action's inputs, its children) before the write runs. Every button of these actions has one
 * look, small and outlined with its icon, so a screen's actions read as one row.
 */
export const DialogAction = ({ action, label, icon: Icon, color, disabled, caption, onClose, ...dialog }: DialogActionProps) => {
    const translate = useTranslate();
    const captionId = useId();
    const button = (
        <Button
            size="small"
            variant="outlined"
            color={color}
            startIcon={<Icon />}
            onClick={action.show}
            disabled={disabled}
            aria-describedby={caption ? captionId : undefined}
        >
            {translate(label)}
        </Button>
    );
    return (
        <>
            {caption === undefined ? (
                button
            ) : (
                <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                    {button}
                    {caption ? (
                        <Typography id={captionId} variant="caption" color="text.secondary">
                            {caption}
                        </Typography>
                    ) : null}
                </Box>
            )}
            <ActionDialog
                {...dialog}
                open={action.open}
                busy={action.busy}
                error={action.error}
                onClose={onClose ?? action.close}
            />
        </>
    );
};
