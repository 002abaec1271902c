import StarIcon from '@mui/icons-material/Star';
import { Box, Button, FormHelperText, Rating, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { rateCall } from '../../../../contract/customers';
import { Section } from '../sections/Section';
import { ActionDialog, useFieldProblem } from './ActionDialog';
import { useDialogAction } from './useDialogAction';

/** Rating a call with the customer, from 1 (poor) to 5 (excellent), with an optional comment. */
export const RateCall = ({ msisdn }: { msisdn: string }) => {
    const translate = useTranslate();
    const labelId = useId();
    const action = useDialogAction(msisdn, rateCall, 'customers.rating.done');
    const fieldProblem = useFieldProblem(action.error);
    const [rating, setRating] = useState<number | null>(null);
    const [comment, setComment] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        setProblem(rating === null ? translate('customers.rating.required') : undefined);
        if (rating !== null) action.run({ body: { msisdn, rating, comment: comment.trim() || undefined } });
    };
    const ratingProblem = problem ?? fieldProblem('rating');
    return (
        <Section
            title="customers.rating.title"
            action={
                <Button size="small" variant="outlined" startIcon={<StarIcon />} onClick={action.show}>
                    {translate('customers.rating.rate')}
                </Button>
            }
        >
            <Typography color="text.secondary" variant="body2">
                {translate('customers.rating.about')}
            </Typography>
            <ActionDialog
                open={action.open}
                title="customers.rating.title"
                intro="customers.rating.intro"
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={action.close}
            >
                <Box>
                    <Typography id={labelId} component="p" variant="body2" sx={{ mb: 0.5 }}>
                        {translate('customers.rating.rating')}
                    </Typography>
                    <Rating
                        name="call-rating"
                        value={rating}
                        onChange={(_, value) => {
                            setRating(value);
                            setProblem(undefined);
                        }}
                        getLabelText={value => translate(`customers.rating.labels.${value}`)}
                        aria-labelledby={labelId}
                        size="large"
                    />
                    {ratingProblem ? <FormHelperText error>{ratingProblem}</FormHelperText> : null}
                </Box>
                <TextField
                    label={translate('customers.rating.comment')}
                    value={comment}
                    onChange={event => setComment(event.target.value)}
                    error={fieldProblem('comment') !== undefined}
                    helperText={fieldProblem('comment')}
                    multiline
                    minRows={2}
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: 500 } }}
                />
            </ActionDialog>
        </Section>
    );
};
