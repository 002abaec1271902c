import { GlobalStyles } from '@mui/material';
import { useBetaFeature } from '../lib/betaFeatures';

/**
 * The presentation of the beta features in effect for this user (lib/betaFeatures.ts), over the whole
 * signed-in shell. `compact_tables`: every table's rows closer together, so a phone shows more of
 * a list without scrolling (the tables are already MUI's small size; this halves their padding).
 */
export const BetaStyles = () => {
    const compact = useBetaFeature('compact_tables');
    if (!compact) return null;
    return (
        <GlobalStyles
            styles={{
                'body .MuiTableCell-sizeSmall': { paddingTop: 2, paddingBottom: 2, paddingLeft: 8, paddingRight: 8 },
            }}
        />
    );
};
