/** The parts of the device commands' dialogs beyond a field: sending the Vivo code, and the offline PIN issued. */
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Loan } from '../../../../contract/customers';
import { useWrite } from '../../../dataProvider/useWrite';
import { errorKeyOf } from '../../../lib/apiErrors';
import { useFormat } from '../../../lib/useFormat';
import type { Format } from './CommandAction';

/**
 * The Vivo lock needs the customer's consent: a code sent to their phone by SMS (valid 5 minutes),
 * which they read out. Sending asks no confirmation (it changes nothing); verifying is the command.
 */
export const VivoSend = ({ loan }: { loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const send = useWrite('customerDeviceVivoSend');
    return (
        <>
            {send.error ? (
                <Alert severity="error" role="alert">
                    {translate(errorKeyOf(send.error))}
                </Alert>
            ) : null}
            {send.data ? (
                <Alert severity="success" role="status">
                    {translate('devices.vivo.sent', { phone: send.data.sent_to, time: format.time(send.data.expires_at) })}
                </Alert>
            ) : null}
            <Box>
                <Button
                    variant="outlined"
                    disabled={send.isPending}
                    onClick={() => send.mutate({ body: { loan_reference: loan.loan_reference } })}
                >
                    {translate(send.data ? 'devices.vivo.resend' : 'devices.vivo.send')}
                </Button>
            </Box>
        </>
    );
};

/** The offline PIN issued for a challenge: once, for that challenge only, until it expires. */
export const IssuedPin = ({ pin, expires, format }: { pin: string; expires: string; format: Format }) => {
    const translate = useTranslate();
    return (
        <Box role="status">
            <Typography variant="overline" component="p">
                {translate('devices.offline_pin.pin')}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 4 }} data-testid="offline-pin">
                {pin}
            </Typography>
            <Typography color="text.secondary">
                {translate('devices.offline_pin.expires', { time: format.time(expires) })}
            </Typography>
        </Box>
    );
};
