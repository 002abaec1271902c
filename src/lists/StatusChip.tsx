import { Chip, type ChipProps } from '@mui/material';

export type Tone = 'success' | 'warning' | 'info' | 'error' | 'neutral';

/**
 * A status as a chip whose colour is its outline, the words staying in the text colour: MUI's
 * filled info and warning chips put white on light blue or orange, which too few can read. A long
 * label wraps within the width it has.
 */
export const StatusChip = ({ label, tone, icon }: { label: string; tone: Tone; icon?: ChipProps['icon'] }) => (
    <Chip
        size="small"
        variant="outlined"
        icon={icon}
        label={label}
        sx={{
            color: 'text.primary',
            fontWeight: 600,
            borderWidth: 2,
            borderColor: tone === 'neutral' ? 'divider' : `${tone}.main`,
            '& .MuiChip-icon': { color: tone === 'neutral' ? 'text.secondary' : `${tone}.main` },
            // A long status ("Deregistration: pending approval") wraps on a phone instead of widening the page.
            maxWidth: '100%',
            height: 'auto',
            minHeight: 24,
            '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
        }}
    />
);
