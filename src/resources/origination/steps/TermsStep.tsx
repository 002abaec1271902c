import { Alert, Grid, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StepActions, StepHeading, useWizard } from '../wizard';
import { Summary } from './Summary';
import { AcceptTerms } from './terms/AcceptTerms';
import { KINDS } from './terms/codes';
import { CodeStatus } from './terms/CodeStatus';
import { VerifyEach, VerifyTogether } from './terms/VerifyCodes';

/** Phase 2: the loan exists; both codes are sent, read out and verified as the entry says. */
const Codes = () => {
    const translate = useTranslate();
    const { entry } = useWizard();
    return (
        <Stack spacing={2}>
            <Summary />
            <Alert severity="info">{translate('loans.wizard.codes.intro')}</Alert>
            {entry.otp === 'each' ? (
                <Grid container spacing={2}>
                    {KINDS.map(kind => (
                        <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                            <Stack spacing={1.5}>
                                <CodeStatus kind={kind} />
                                <VerifyEach kind={kind} />
                            </Stack>
                        </Grid>
                    ))}
                </Grid>
            ) : (
                <>
                    <Grid container spacing={2}>
                        {KINDS.map(kind => (
                            <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                                <CodeStatus kind={kind} />
                            </Grid>
                        ))}
                    </Grid>
                    <VerifyTogether />
                </>
            )}
            <StepActions />
        </Stack>
    );
};

/**
 * Step 5: the terms the customer accepts (the server's quote: cash price, deposit, amount financed,
 * cost of credit, instalments, first due date, total payable, lock), then the
 * loan (create_loan) and the two codes that confirm it: the customer's, that they accept, and the
 * seller's, that the sale is theirs.
 */
export const TermsStep = () => {
    const { draft } = useWizard();
    return (
        <Stack spacing={2}>
            <StepHeading
                title="loans.wizard.terms.title"
                intro={draft.loan ? 'loans.wizard.codes.title' : 'loans.wizard.terms.intro'}
            />
            {draft.loan ? <Codes /> : <AcceptTerms />}
        </Stack>
    );
};
