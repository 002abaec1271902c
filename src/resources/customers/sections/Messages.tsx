import { Chip, List, ListItem, ListItemText, Stack } from '@mui/material';
import { customerMessages } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Loaded, Section } from '../../../parts/Section';

/** The SMS messages sent to the customer, newest first (spec §4: by id, descending). */
export const Messages = ({ msisdn }: { msisdn: string }) => {
    const format = useFormat();
    const query = useCustomerQuery(
        msisdn,
        ['messages'],
        customerMessages,
        { body: { msisdn } },
        {
            select: answer => ({ texts: [...answer.texts].sort((a, b) => b.id - a.id) }),
        },
    );
    return (
        <Section title="customers.messages.title">
            <Loaded query={query} empty="customers.messages.empty" isEmpty={answer => answer.texts.length === 0}>
                {answer => (
                    <List dense disablePadding>
                        {answer.texts.map(message => (
                            <ListItem key={message.id} divider disableGutters>
                                <ListItemText
                                    primary={message.text}
                                    secondary={
                                        <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                                            <span>{format.time(message.created_at)}</span>
                                            <Chip
                                                component="span"
                                                size="small"
                                                variant="outlined"
                                                label={format.words('customers.messages.purposes', message.purpose)}
                                            />
                                        </Stack>
                                    }
                                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                                />
                            </ListItem>
                        ))}
                    </List>
                )}
            </Loaded>
        </Section>
    );
};
