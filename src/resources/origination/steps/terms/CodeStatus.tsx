import SendIcon from '@mui/icons-material/Send';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorKeyOf } from '../../../../lib/apiErrors';
import { callApi } from '../../../../lib/portalApi';
import { useFormat } from '../../../../lib/useFormat';
import { StepProblem, useWizard, type CodeKind } from '../../wizard';
import { SEND } from './codes';

/** How long a code's "Resend" waits after the code was sent. */
export const RESEND_COOLDOWN_S = 30;

/**
 * The time now, ticking every second until `until` has passed: what a cooldown counts down with.
 * `setNow` sets it at once (a code just sent).
 */
const useClock = (until: number) => {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
        const timer = setInterval(() => {
            const time = Date.now();
            setNow(time);
            if (time >= until) clearInterval(timer);
        }, 1000);
        return () => clearInterval(timer);
    }, [until]);
    return [now, setNow] as const;
};

/** One code: where it went and until when, verified, and Send/Resend with its cooldown. */
export const CodeStatus = ({ kind }: { kind: CodeKind }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { draft, update } = useWizard();
    const sent = draft.sent[kind];
    const verified = draft.verified[kind];
    const [busy, setBusy] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const waitUntil = sent ? sent.at + RESEND_COOLDOWN_S * 1000 : 0;
    const [now, setNow] = useClock(waitUntil);
    const wait = Math.min(RESEND_COOLDOWN_S, Math.max(0, Math.ceil((waitUntil - now) / 1000)));
    const reference = draft.loan?.loan_reference;

    const send = async () => {
        if (!reference) return;
        setBusy(true);
        setProblem(null);
        try {
            const answer = await callApi(SEND[kind], { body: { loan_reference: reference } });
            const at = Date.now();
            setNow(at);
            update(current => ({ sent: { ...current.sent, [kind]: { ...answer, at } } }));
        } catch (error) {
            setProblem(errorKeyOf(error));
        } finally {
            setBusy(false);
        }
    };

    const label = translate(`loans.wizard.codes.${kind}`);
    return (
        <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {verified ? <VerifiedIcon color="success" fontSize="small" aria-hidden /> : null}
                <Typography component="h3" variant="subtitle2">
                    {label}
                </Typography>
            </Stack>
            {verified ? (
                <Typography variant="body2" role="status">
                    {translate('loans.wizard.codes.verified', { code: label })}
                </Typography>
            ) : (
                <>
                    <Typography variant="body2" color="text.secondary">
                        {sent?.expired
                            ? translate('loans.wizard.codes.expired', { phone: sent.sent_to })
                            : sent
                              ? translate('loans.wizard.codes.sent', { phone: sent.sent_to, time: format.time(sent.expires_at) })
                              : translate('loans.wizard.codes.not_sent')}
                    </Typography>
                    <Box>
                        <Button
                            size="small"
                            variant="outlined"
                            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
                            onClick={() => void send()}
                            disabled={busy || wait > 0}
                        >
                            {wait > 0
                                ? translate('loans.wizard.codes.resend_in', { seconds: wait, code: label })
                                : translate(sent ? 'loans.wizard.codes.resend' : 'loans.wizard.codes.send', { code: label })}
                        </Button>
                    </Box>
                    <StepProblem problem={problem} />
                </>
            )}
        </Stack>
    );
};
