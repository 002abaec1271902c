import StarIcon from '@mui/icons-material/Star';
import { Box, FormHelperText, List, ListItem, ListItemText, Rating, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { customerCallRatings } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Loaded, Section } from '../../../parts/Section';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from './DialogAction';
import { useDialogAction } from './useDialogAction';

/**
 * The latest ratings of the customer's calls, newest first, each with who rated and when, and how
 * many there are in all: a rating just given shows here once the dialog closes (the customer's
 * answers are fetched again after any action, lib/customerQuery.ts).
 */
const LatestRatings = ({ msisdn }: { msisdn: string }) => {
    const translate = useTranslate();
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['call-ratings'], customerCallRatings, { body: { msisdn } });
    return (
        <Loaded query={query} empty="customers.rating.none" isEmpty={answer => answer.total === 0}>
            {answer => (
                <Box>
                    <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                        {translate('customers.rating.latest')}
                    </Typography>
                    <List dense disablePadding>
                        {answer.ratings.map(rating => (
                            <ListItem key={rating.id} disableGutters alignItems="flex-start">
                                <ListItemText
                                    primary={
                                        <Box
                                            component="span"
                                            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                                        >
                                            <Rating value={rating.rating} readOnly size="small" aria-hidden />
                                            <span>{translate(`customers.rating.labels.${rating.rating}`)}</span>
                                        </Box>
                                    }
                                    secondary={
                                        <>
                                            {translate('customers.rating.by', {
                                                name: rating.rated_by.name,
                                                when: format.time(rating.created_at),
                                            })}
                                            {rating.comment ? (
                                                <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
                                                    {rating.comment}
                                                </Box>
                                            ) : null}
                                        </>
                                    }
                                />
                            </ListItem>
                        ))}
                    </List>
                    {answer.total > answer.ratings.length ? (
                        <Typography variant="caption" color="text.secondary">
                            {translate('customers.rating.count', { smart_count: answer.total })}
                        </Typography>
                    ) : null}
                </Box>
            )}
        </Loaded>
    );
};

/** Rating a call with the customer, from 1 (poor) to 5 (excellent), with an optional comment, and the latest ratings. */
export const RateCall = ({ msisdn }: { msisdn: string }) => {
    const translate = useTranslate();
    const labelId = useId();
    // Offline the rating waits on the phone and the notice says it will be sent, never that it was saved.
    const action = useDialogAction('customerRateCall', answer =>
        'queued' in answer ? ['outbox.queued', {}, 'info'] : ['customers.rating.done', {}],
    );
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
                <DialogAction
                    action={action}
                    label="customers.rating.rate"
                    icon={StarIcon}
                    title="customers.rating.title"
                    intro="customers.rating.intro"
                    onConfirm={confirm}
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
                </DialogAction>
            }
        >
            <Typography color="text.secondary" variant="body2">
                {translate('customers.rating.about')}
            </Typography>
            <LatestRatings msisdn={msisdn} />
        </Section>
    );
};
