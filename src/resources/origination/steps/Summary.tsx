import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Quote } from '../../../../contract/origination';
import { termsOfLoan, termsOfQuote, TermsFigures } from '../../../parts/terms';
import { useWizard } from '../wizard';

/**
 * The terms the customer accepts: the quote before acceptance, the loan's own terms after it
 * (the same figures), with the model, IMEI and shop above them.
 */
export const Summary = ({ quote = null, footer }: { quote?: Quote | null; footer?: ReactNode }) => {
    const translate = useTranslate();
    const { draft } = useWizard();
    const { loan, phone, device } = draft;
    const terms = loan ? termsOfLoan(loan) : quote ? termsOfQuote(quote) : null;
    const model = loan ? `${loan.brand} ${loan.model}` : phone ? `${phone.brand} ${phone.model}` : null;
    if (!model) return null;
    const imei = loan?.imei ?? quote?.imei ?? device?.imei ?? '';
    const store = loan?.store?.name ?? quote?.store.name ?? device?.store.name ?? null;
    return (
        <Card variant="outlined" component="section" aria-label={translate('loans.wizard.terms.summary')}>
            <CardContent>
                <Box sx={{ mb: 1.5 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {model}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {[imei ? translate('loans.wizard.terms.imei', { imei }) : '', store ?? ''].filter(Boolean).join(' · ')}
                    </Typography>
                </Box>
                {terms ? <TermsFigures terms={terms} /> : null}
                {footer}
            </CardContent>
        </Card>
    );
};
