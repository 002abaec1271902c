import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** "All requests" and "My requests" (the `mine` filter, in the address like every filter). */
export const QueueTabs = ({ id, mine }: { id: string; mine: boolean }) => {
    const translate = useTranslate();
    const { filterValues, displayedFilters, setFilters } = useListContext();
    return (
        <Tabs
            value={mine ? 'mine' : 'all'}
            onChange={(_event, value: string) =>
                setFilters({ ...filterValues, mine: value === 'mine' ? true : undefined }, displayedFilters)
            }
            aria-label={translate('approvals.tabs.label')}
            variant="scrollable"
            allowScrollButtonsMobile
        >
            <Tab value="all" id={`${id}-all`} aria-controls={`${id}-panel`} label={translate('approvals.tabs.all')} />
            <Tab value="mine" id={`${id}-mine`} aria-controls={`${id}-panel`} label={translate('approvals.tabs.mine')} />
        </Tabs>
    );
};
