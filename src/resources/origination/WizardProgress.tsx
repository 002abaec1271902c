import { Box, LinearProgress, Step as StepItem, StepLabel, Stepper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STEPS, stepIndex, type Step } from '../../lib/saleEntries';

/** The steps, across on a desk; on a phone (≤ 600 px) one line that says which step of how many. */
export const WizardProgress = ({ step }: { step: Step }) => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const active = stepIndex(step);
    const done = step === 'done';
    if (phone)
        return (
            <Box>
                <Typography variant="subtitle2" component="p">
                    {translate('loans.wizard.step_of', {
                        number: active + 1,
                        count: STEPS.length,
                        name: translate(`loans.wizard.steps.${step}`),
                    })}
                </Typography>
                <LinearProgress
                    variant="determinate"
                    value={((active + (done ? 1 : 0)) / STEPS.length) * 100}
                    aria-label={translate('loans.wizard.progress')}
                    sx={{ mt: 0.5 }}
                />
            </Box>
        );
    return (
        <Stepper activeStep={done ? STEPS.length : active} alternativeLabel aria-label={translate('loans.wizard.progress')}>
            {STEPS.map(each => (
                <StepItem key={each} completed={done || stepIndex(each) < active}>
                    <StepLabel>{translate(`loans.wizard.steps.${each}`)}</StepLabel>
                </StepItem>
            ))}
        </Stepper>
    );
};
