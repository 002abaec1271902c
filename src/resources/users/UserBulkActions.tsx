import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import {
    Alert,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    List as MuiList,
    ListItem,
    ListItemText,
} from '@mui/material';
import { useId, useState, type ReactElement } from 'react';
import { Confirm, useCanAccess, useGetMany, useListContext, useTranslate } from 'react-admin';
import type { Admin } from '../../../contract/users';
import { useWrite } from '../../dataProvider/useWrite';
import { useSingleFlight } from '../../lib/singleFlight';
import { isOwnAccount } from './ownAccount';
import { BULK_ACCOUNT_ACTIONS, type BulkAccountAction, type BulkAccountOutcome } from './writes';

const ICONS: Record<BulkAccountAction, ReactElement> = {
    disable: <BlockIcon />,
    enable: <CheckCircleOutlineIcon />,
    end_sessions: <LogoutIcon />,
};

/** The gate of each action among users' `actions` (calls.ts). */
const GATES: Record<BulkAccountAction, string> = { disable: 'status', enable: 'status', end_sessions: 'end_sessions' };

/** What happened to each selected user, done or refused, in words. */
const Outcomes = ({ outcomes, onClose }: { outcomes: BulkAccountOutcome[]; onClose: () => void }) => {
    const translate = useTranslate();
    const titleId = useId();
    const refused = outcomes.filter(outcome => !outcome.ok).length;
    return (
        <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
            <DialogTitle id={titleId}>{translate('resources.users.bulk.outcome_title')}</DialogTitle>
            <DialogContent>
                <Alert severity={refused ? 'warning' : 'success'}>
                    {translate('resources.users.bulk.outcome_summary', {
                        done: outcomes.length - refused,
                        refused,
                    })}
                </Alert>
                <MuiList dense aria-label={translate('resources.users.bulk.outcome_title')}>
                    {outcomes.map(outcome => (
                        <ListItem key={outcome.id} disableGutters>
                            <ListItemText
                                primary={outcome.username}
                                secondary={translate(outcome.key, { smart_count: outcome.count ?? 0, name: outcome.username })}
                                slotProps={{
                                    secondary: { color: outcome.ok ? 'text.secondary' : 'error.main' },
                                }}
                            />
                        </ListItem>
                    ))}
                </MuiList>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} autoFocus>
                    {translate('ra.action.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

/**
 * One account action for every selected user: asked first, saying how many and that one's own
 * account is left out; then each user's outcome. The selection is kept until the outcomes are
 * read, so the toolbar (and this dialog within it) stays.
 */
const BulkAccountButton = ({ action }: { action: BulkAccountAction }) => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'users', action: GATES[action] });
    const { selectedIds, onUnselectItems } = useListContext<Admin>();
    // The selection may span pages: the users are read by their ids, as the page may not hold them.
    const { data: users = [] } = useGetMany<Admin>('users', { ids: selectedIds });
    const [asking, setAsking] = useState(false);
    const [outcomes, setOutcomes] = useState<BulkAccountOutcome[] | null>(null);
    const { busy, take } = useSingleFlight();
    const write = useWrite('usersBulkAccount', {
        onSuccess: results => {
            setAsking(false);
            setOutcomes(results);
        },
    });
    if (!canAccess) return null;
    const targets = users.filter(user => !isOwnAccount(user));
    const ownSelected = targets.length < users.length;
    const confirm = () => {
        const land = take();
        if (land) write.mutate({ action, users: targets }, { onSettled: land });
    };
    return (
        <>
            <Button
                size="small"
                color={action === 'disable' ? 'error' : 'primary'}
                startIcon={ICONS[action]}
                onClick={() => setAsking(true)}
                disabled={targets.length === 0}
            >
                {translate(`resources.users.account.${action}`)}
            </Button>
            <Confirm
                isOpen={asking}
                loading={busy || write.isPending}
                title={`resources.users.bulk.${action}_title`}
                titleTranslateOptions={{ smart_count: targets.length }}
                content={
                    <>
                        {translate(`resources.users.bulk.${action}_content`)}
                        {ownSelected ? (
                            <Alert severity="info" sx={{ mt: 1 }}>
                                {translate('resources.users.bulk.own_left_out')}
                            </Alert>
                        ) : null}
                        {write.isError ? (
                            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                                {translate('errors.generic')}
                            </Alert>
                        ) : null}
                    </>
                }
                confirm={`resources.users.account.${action}`}
                onConfirm={confirm}
                onClose={() => setAsking(false)}
            />
            {outcomes ? (
                <Outcomes
                    outcomes={outcomes}
                    onClose={() => {
                        setOutcomes(null);
                        onUnselectItems();
                    }}
                />
            ) : null}
        </>
    );
};

/** The bulk actions of the user list: disable, enable, end sessions, each for the holders of its gate. */
export const UserBulkActions = () => (
    <>
        {BULK_ACCOUNT_ACTIONS.map(action => (
            <BulkAccountButton key={action} action={action} />
        ))}
    </>
);
