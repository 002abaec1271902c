import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AgentTier } from '../../contract/agents';

/** Each tier's colours (spec §9: gold, silver, bronze); dark text on each keeps a 4.5:1 contrast. */
const TIER_COLOURS: Record<AgentTier, { bg: string; fg: string }> = {
    gold: { bg: '#F5C518', fg: '#2B2100' },
    silver: { bg: '#C9CED6', fg: '#1D2126' },
    bronze: { bg: '#D08B4E', fg: '#1F1205' },
};

export const TierChip = ({ tier }: { tier: AgentTier | null }) => {
    const translate = useTranslate();
    if (!tier) return <Chip size="small" variant="outlined" label={translate('agents.tiers.none')} />;
    const { bg, fg } = TIER_COLOURS[tier];
    return <Chip size="small" label={translate(`agents.tiers.${tier}`)} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
};
