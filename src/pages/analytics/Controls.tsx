import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BI_PICKED_SCOPES, type BiPickedScope, type BiScope } from '../../../contract/analytics';
import { useT } from '../../i18n/context';
import { SearchPicker, useDebounced } from '../../layout/SearchPicker';
import { errorKeyOf } from '../../lib/apiErrors';
import { fetchScopeOptions, optionsKey, type ScopeOption } from './api';
import { BI_PRESETS, periodProblem, presetOf, presetPeriod, type BiAuthFacts, type BiChoice } from './period';

const MAX_CHARS = 80;

const isPicked = (scope: BiScope): scope is BiPickedScope => (BI_PICKED_SCOPES as readonly string[]).includes(scope);

/**
 * The region, shop or agent a scope looks at, searched by name as one types (`bi_{scope}`, asked
 * ~300 ms after the typing stops, and only once the list is opened). The picked one shows by the
 * name its option or the report's answer gave (`knownName`).
 */
const MemberPicker = ({
    scope,
    member,
    knownName,
    onPick,
}: {
    scope: BiPickedScope;
    member: string;
    knownName: string | null;
    onPick: (member: string) => void;
}) => {
    const { translate } = useT();
    const [open, setOpen] = useState(false);
    const [text, setText] = useState('');
    const [picked, setPicked] = useState<ScopeOption | null>(null);
    const value: ScopeOption | null = member
        ? {
              id: member,
              name: picked?.id === member ? picked.name : (knownName ?? member),
              detail: picked?.id === member ? picked.detail : null,
          }
        : null;
    // The text of the picked member is not a search: the list opens on everything.
    const wanted = value && text === value.name ? '' : text.trim().slice(0, MAX_CHARS);
    const asked = useDebounced(wanted);

    const found = useQuery({
        queryKey: optionsKey(scope, asked),
        queryFn: ({ signal }) => fetchScopeOptions(scope, asked, signal),
        enabled: open && asked === wanted,
        staleTime: 60_000,
    });
    const loading = open && (asked !== wanted || found.isFetching);
    const problem = found.error ? errorKeyOf(found.error) : null;

    return (
        <SearchPicker<ScopeOption>
            sx={{ flex: '1 1 240px', minWidth: 0, maxWidth: { sm: 360 } }}
            label={translate(`bi.scope.${scope}`)}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            options={asked === wanted ? (found.data ?? []) : []}
            value={value}
            text={text}
            onText={setText}
            onChange={chosen => {
                // Cleared, the reports wait for another pick (the helper text asks for one).
                setPicked(chosen);
                onPick(chosen?.id ?? '');
            }}
            loading={loading}
            loadingText={translate('app.loading')}
            noOptionsText={translate('bi.scope.no_match')}
            error={problem !== null}
            helperText={problem ? translate(problem) : member ? undefined : translate(`bi.scope.pick_${scope}`)}
            maxLength={MAX_CHARS}
            nameOf={option => option.name}
            detailOf={option => option.detail}
            keyOf={option => option.id}
        />
    );
};

/**
 * The BI page's choices: the period (two days and the presets; a wrong period is said beside its
 * field and nothing is asked) and the scope (the kinds `bi_auth` allows, and the member of a
 * region, shop or agent scope). Each change goes to the URL (`onChange`).
 */
export const Controls = ({
    auth,
    choice,
    knownName,
    onChange,
}: {
    auth: BiAuthFacts;
    choice: BiChoice;
    knownName: string | null;
    onChange: (next: BiChoice) => void;
}) => {
    const { translate } = useT();
    const problem = periodProblem(choice);
    const chosenPreset = presetOf(choice, auth.today);
    const messageOf = (field: 'from' | 'to') => (problem?.field === field ? translate(problem.key, problem.values) : undefined);
    const dateField = (field: 'from' | 'to') => (
        <TextField
            type="date"
            label={translate(`bi.period.${field}`)}
            value={choice[field]}
            onChange={event => onChange({ ...choice, [field]: event.target.value })}
            error={problem?.field === field}
            helperText={messageOf(field)}
            sx={{ flex: '1 1 150px', maxWidth: { sm: 200 } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: auth.today } }}
        />
    );
    return (
        <Stack spacing={1}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
                {dateField('from')}
                {dateField('to')}
                <TextField
                    select
                    label={translate('bi.scope.label')}
                    value={choice.scope}
                    onChange={event => {
                        const scope = auth.scopes.find(kind => kind === event.target.value);
                        if (!scope) return;
                        const member = scope === 'shop' && auth.shop ? String(auth.shop.id) : '';
                        onChange({ ...choice, scope, member });
                    }}
                    sx={{ flex: '1 1 160px', maxWidth: { sm: 220 } }}
                    slotProps={{ select: { native: true } }}
                >
                    {auth.scopes.map(scope => (
                        <option key={scope} value={scope}>
                            {translate(`bi.scope.${scope}`)}
                        </option>
                    ))}
                </TextField>
                {isPicked(choice.scope) && (
                    <MemberPicker
                        key={choice.scope}
                        scope={choice.scope}
                        member={choice.member}
                        knownName={knownName}
                        onPick={member => onChange({ ...choice, member })}
                    />
                )}
            </Stack>
            <Box role="group" aria-label={translate('bi.period.presets')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {BI_PRESETS.map(preset => {
                    const chosen = chosenPreset === preset;
                    return (
                        <Button
                            key={preset}
                            size="small"
                            variant={chosen ? 'contained' : 'outlined'}
                            color="inherit"
                            aria-pressed={chosen}
                            startIcon={chosen ? <CheckIcon /> : undefined}
                            onClick={() => onChange({ ...choice, ...presetPeriod(preset, auth.today) })}
                            // The brand red's dark shade: white reads on it in both modes (its light tint does not).
                            sx={
                                chosen
                                    ? { bgcolor: 'primary.dark', color: 'common.white', '&:hover': { bgcolor: 'primary.dark' } }
                                    : undefined
                            }
                        >
                            {translate(`bi.period.${preset}`)}
                        </Button>
                    );
                })}
            </Box>
        </Stack>
    );
};
