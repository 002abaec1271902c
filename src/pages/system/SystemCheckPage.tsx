import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ReplayIcon from '@mui/icons-material/Replay';
import WarningIcon from '@mui/icons-material/Warning';
import {
    Box,
    Button,
    Card,
    CardContent,
    CircularProgress,
    FormControlLabel,
    List,
    ListItem,
    Stack,
    Switch,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useLocale, useTranslate } from 'react-admin';
import { health } from '../../../contract/auth';
import { systemCheck, type SystemCheck } from '../../../contract/system';
import { settings } from '../../config';
import { useTabLock } from '../../layout/TabLockGate';
import type { TabLock } from '../../lib/singleTabLock';
import { formatDateTime } from '../../lib/format';
import { callApi } from '../../lib/portalApi';
import { BETA_FEATURES, betaFeatures, useBetaChoices } from '../../lib/betaFeatures';
import { latencyVerdict, PINGS, skewVerdict, storageVerdict, tabLockVerdict, versionVerdict, type Verdict } from './checks';

interface Results {
    latency: Verdict;
    storage: Verdict;
    tabLock: Verdict;
    /** null when the server's own check could not be read (its verdict is `serverFailed`). */
    server: { answer: SystemCheck; version: Verdict; clock: Verdict } | null;
}

const serverFailed: Verdict = { state: 'failed', message: 'system.server.unreachable' };

const ICONS = { ok: CheckCircleIcon, warning: WarningIcon, failed: ErrorIcon } as const;
const COLORS = { ok: 'success.main', warning: 'warning.main', failed: 'error.main' } as const;

/**
 * One check: the state in words and an icon (never colour alone), what was checked, and what the
 * result means. Stacks on a phone.
 */
const CheckRow = ({ title, verdict }: { title: string; verdict: Verdict | null }) => {
    const translate = useTranslate();
    const Icon = verdict ? ICONS[verdict.state] : null;
    return (
        <ListItem disableGutters divider sx={{ alignItems: 'flex-start', gap: 1.5 }} data-testid="system-check">
            <Box sx={{ pt: 0.25, minWidth: 24 }}>
                {Icon && verdict ? (
                    <Icon sx={{ color: COLORS[verdict.state] }} aria-hidden />
                ) : (
                    <CircularProgress size={20} aria-hidden />
                )}
            </Box>
            <Box sx={{ minWidth: 0 }}>
                <Typography component="h3" variant="subtitle2">
                    {title}:{' '}
                    <Box component="span" data-state={verdict?.state ?? 'pending'}>
                        {translate(verdict ? `system.states.${verdict.state}` : 'system.checking')}
                    </Box>
                </Typography>
                {verdict && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {translate(verdict.message, verdict.values)}
                    </Typography>
                )}
            </Box>
        </ListItem>
    );
};

const providerVerdict = (provider: SystemCheck['lock_providers'][number]): Verdict => ({
    state: provider.state,
    message: provider.mode === 'simulator' ? 'system.providers.simulator' : 'system.providers.live',
    values: { waiting: provider.waiting, failed: provider.failed_last_day },
});

const smsVerdict = (sms: SystemCheck['sms'], locale: string): Verdict => {
    const when = sms.last_message_at ? formatDateTime(Date.parse(sms.last_message_at), locale) : null;
    const mode = sms.mode === 'outbox' ? 'outbox' : 'gateway';
    return {
        state: sms.state,
        message: when ? `system.sms.${mode}` : `system.sms.${mode}_none`,
        values: { when: when ?? '', count: sms.messages_last_hour },
    };
};

/** Every check, one after the other: the local ones, then the timed calls, then the server's own check. */
const runChecks = async (lock: TabLock | null): Promise<Results> => {
    let storage: Verdict;
    try {
        storage = storageVerdict(window.localStorage, crypto.randomUUID());
    } catch {
        storage = { state: 'failed', message: 'system.storage.refused' };
    }
    const samples: (number | null)[] = [];
    for (let ping = 0; ping < PINGS; ping++) {
        const started = performance.now();
        try {
            await callApi(health, {});
            samples.push(performance.now() - started);
        } catch {
            samples.push(null);
        }
    }
    let server: Results['server'] = null;
    try {
        const sentAt = Date.now();
        const answer = await callApi(systemCheck, {});
        const receivedAt = Date.now();
        server = {
            answer,
            version: versionVerdict(settings.version, answer.version),
            clock: skewVerdict({ sentAt, receivedAt, serverTime: Date.parse(answer.server_time) }),
        };
    } catch {
        server = null;
    }
    return { latency: latencyVerdict(samples), storage, tabLock: tabLockVerdict(lock?.holds() ?? null), server };
};

/** The checks run as the page opens and again on "Run again"; never cached, never retried. */
const useChecks = () => {
    const lock = useTabLock();
    const query = useQuery({
        queryKey: ['system-check'],
        queryFn: () => runChecks(lock),
        gcTime: 0,
        staleTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
    });
    return { results: query.isFetching ? undefined : query.data, running: query.isFetching, run: () => void query.refetch() };
};

/** A card of the page: a titled section, named by its heading. */
const CheckSection = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Card component="section" aria-labelledby={`${id}-heading`}>
            <CardContent>
                <Typography id={`${id}-heading`} component="h2" variant="h6" gutterBottom>
                    {translate(title)}
                </Typography>
                {children}
            </CardContent>
        </Card>
    );
};

const BetaSwitches = () => {
    const translate = useTranslate();
    const on = useBetaChoices();
    return (
        <CheckSection id="beta" title="system.beta.title">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('system.beta.intro')}
            </Typography>
            <List disablePadding>
                {BETA_FEATURES.map(feature => (
                    <ListItem key={feature} disableGutters sx={{ display: 'block' }}>
                        <FormControlLabel
                            control={
                                <Switch
                                    checked={on.includes(feature)}
                                    onChange={event => betaFeatures.set(feature, event.target.checked)}
                                    slotProps={{ input: { 'aria-describedby': `beta-${feature}-help` } }}
                                />
                            }
                            label={translate(`system.beta.features.${feature}.name`)}
                        />
                        <Typography id={`beta-${feature}-help`} variant="body2" color="text.secondary">
                            {translate(`system.beta.features.${feature}.help`)}
                        </Typography>
                    </ListItem>
                ))}
            </List>
        </CheckSection>
    );
};

/**
 * `/dashboard/test`: the system check support staff run on a phone at a shop, and
 * `/dashboard/test-beta`: the same check with the beta switches (lib/betaFeatures.ts).
 */
export const SystemCheckPage = ({ beta = false }: { beta?: boolean }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const { results, running, run } = useChecks();
    const server = results?.server;
    const serverPending = results === undefined;
    const title = translate(beta ? 'system.title_beta' : 'system.title');
    const fromServer = (pick: (checked: NonNullable<Results['server']>) => Verdict): Verdict | null =>
        serverPending ? null : server ? pick(server) : serverFailed;
    return (
        <Stack spacing={2} sx={{ py: 2 }}>
            <Title title={title} />
            <Box>
                <Typography component="h1" variant="h5" gutterBottom>
                    {title}
                </Typography>
                <Typography color="text.secondary">{translate('system.intro')}</Typography>
            </Box>
            <Box>
                <Button
                    variant="contained"
                    startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : <ReplayIcon />}
                    disabled={running}
                    onClick={run}
                >
                    {translate(running ? 'system.checking' : 'system.run_again')}
                </Button>
            </Box>
            <CheckSection id="system-device" title="system.device_title">
                <List disablePadding>
                    <CheckRow title={translate('system.latency.title')} verdict={results?.latency ?? null} />
                    <CheckRow title={translate('system.version.title')} verdict={fromServer(checked => checked.version)} />
                    <CheckRow title={translate('system.clock.title')} verdict={fromServer(checked => checked.clock)} />
                    <CheckRow title={translate('system.storage.title')} verdict={results?.storage ?? null} />
                    <CheckRow title={translate('system.tab_lock.title')} verdict={results?.tabLock ?? null} />
                </List>
            </CheckSection>
            <CheckSection id="system-services" title="system.services_title">
                <List disablePadding>
                    <CheckRow
                        title={translate('system.sms.title')}
                        verdict={fromServer(checked => smsVerdict(checked.answer.sms, locale))}
                    />
                    {serverPending || !server ? (
                        <CheckRow title={translate('system.providers.title')} verdict={fromServer(() => serverFailed)} />
                    ) : (
                        server.answer.lock_providers.map(provider => (
                            <CheckRow
                                key={provider.solution}
                                title={translate('system.providers.one', {
                                    name: translate(`devices.solutions.${provider.solution}`),
                                })}
                                verdict={providerVerdict(provider)}
                            />
                        ))
                    )}
                </List>
            </CheckSection>
            {beta && <BetaSwitches />}
        </Stack>
    );
};
