import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
    Avatar,
    Badge,
    Box,
    Collapse,
    Divider,
    List,
    ListItemButton,
    ListItemIcon,
    ListItemText,
    Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Menu as RaMenu, useGetIdentity, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { PortalIdentity } from '../authProvider';
import { settings } from '../config';
import type { ApprovalKind } from '../../contract/approvals';
import { pendingOf, useApprovalCounts } from '../dataProvider/useApprovalCounts';
import { hrefOf, visibleMenu, type MenuEntry, type MenuGroup } from './menu';

type Counts = Readonly<Record<ApprovalKind, number>> | undefined;

/** Marks what a count adds to an entry, for tests that read the labels alone. */
const MENU_COUNT = 'menu-count';

/** Spec §9: a badge shows at most 99 (then 99+). */
const BADGE_MAX = 99;

/**
 * An icon with the number of requests waiting (none: no badge). The badge is for the eye; the
 * entry's description says it in words (`PendingText`), so its name stays its label.
 */
const CountedIcon = ({ icon, count }: { icon: ReactNode; count: number }) => (
    <Badge
        badgeContent={count}
        max={BADGE_MAX}
        color="error"
        slotProps={{ badge: { 'aria-hidden': true, className: MENU_COUNT } }}
    >
        {icon}
    </Badge>
);

const PendingText = ({ id, count }: { id: string; count: number }) => {
    const translate = useTranslate();
    if (count <= 0) return null;
    return (
        // Hidden: the entry's description (aria-describedby), not part of its name.
        <span id={id} className={MENU_COUNT} hidden>
            {translate(count > BADGE_MAX ? 'approvals.badge_over' : 'approvals.badge', { smart_count: count, max: BADGE_MAX })}
        </span>
    );
};

/** The side panel's header (spec §2): avatar initial, name, group in capitals, shop if any. */
const SidebarHeader = () => {
    const { identity } = useGetIdentity();
    const [open] = useSidebarState();
    const me = identity as PortalIdentity | undefined;
    if (!me) return null;
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: open ? 2 : 1, py: 2 }} data-testid="sidebar-header">
            <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>{me.initial}</Avatar>
            {open && (
                <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle2" noWrap>
                        {me.fullName}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div" noWrap>
                        {me.group.name.toUpperCase()}
                    </Typography>
                    {me.shop && (
                        <Typography variant="caption" color="text.secondary" component="div" noWrap>
                            {me.shop.name}
                        </Typography>
                    )}
                </Box>
            )}
        </Box>
    );
};

const EntryItem = ({ item, counts, nested = false }: { item: MenuEntry; counts: Counts; nested?: boolean }) => {
    const translate = useTranslate();
    const Icon = item.icon;
    const count = item.badge ? pendingOf(counts, item.badge) : 0;
    const countId = `menu-count-${item.key}`;
    return (
        <RaMenu.Item
            to={hrefOf(item)}
            primaryText={
                <>
                    {translate(item.label)}
                    <PendingText id={countId} count={count} />
                </>
            }
            aria-describedby={count > 0 ? countId : undefined}
            leftIcon={<CountedIcon icon={<Icon />} count={count} />}
            sx={nested ? { pl: 4 } : undefined}
        />
    );
};

const GroupItem = ({ group, counts }: { group: MenuGroup; counts: Counts }) => {
    const translate = useTranslate();
    const { pathname } = useLocation();
    const [sidebarOpen] = useSidebarState();
    const holdsCurrent = group.children.some(child => pathname.startsWith(hrefOf(child)));
    const [open, setOpen] = useState(holdsCurrent);
    const Icon = group.icon;
    const id = `menu-group-${group.key}`;
    // Closed, the group counts what waits behind its entries, each request once.
    const total = open
        ? 0
        : pendingOf(
              counts,
              group.children.flatMap(child => child.badge ?? []),
          );
    return (
        <>
            {/* Inside react-admin's menu (role menu) a group is a menuitem that opens a group of menuitems. */}
            <ListItemButton
                role="menuitem"
                onClick={() => setOpen(value => !value)}
                aria-expanded={open}
                aria-controls={id}
                aria-describedby={total > 0 ? `${id}-count` : undefined}
                // ListItemButton grows to fill a row; in the menu's column that stretched each group
                // header over the sidebar's spare height once the page was taller than the menu.
                sx={{ borderRadius: '6px', mx: 1, flexGrow: 0 }}
            >
                <ListItemIcon sx={{ minWidth: 40 }}>
                    <CountedIcon icon={<Icon />} count={total} />
                </ListItemIcon>
                {sidebarOpen && <ListItemText primary={translate(group.label)} />}
                <PendingText id={`${id}-count`} count={total} />
                {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit id={id}>
                <List disablePadding role="group" aria-label={translate(group.label)}>
                    {group.children.map(child => (
                        <EntryItem key={child.key} item={child} counts={counts} nested={sidebarOpen} />
                    ))}
                </List>
            </Collapse>
        </>
    );
};

/** The side menu: exactly the entries the user's roles allow, from the one menu table. */
export const Menu = () => {
    const translate = useTranslate();
    const { permissions } = usePermissions<string[]>();
    const [open] = useSidebarState();
    const nodes = visibleMenu(new Set(permissions ?? []));
    const counted = nodes.some(node =>
        node.kind === 'entry' ? node.badge !== undefined : node.children.some(child => child.badge !== undefined),
    );
    const { data: counts } = useApprovalCounts(counted);
    return (
        <Box
            component="nav"
            aria-label={translate('shell.main_menu')}
            sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
        >
            <SidebarHeader />
            <Divider />
            <RaMenu sx={{ mt: 1, flexGrow: 1 }}>
                {nodes.map(node =>
                    node.kind === 'entry' ? (
                        <EntryItem key={node.key} item={node} counts={counts} />
                    ) : (
                        <GroupItem key={node.key} group={node} counts={counts} />
                    ),
                )}
            </RaMenu>
            {open && (
                <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="sidebar-version">
                    {translate('app.version', { version: settings.version })}
                </Typography>
            )}
        </Box>
    );
};
