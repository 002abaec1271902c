import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Avatar, Box, Collapse, Divider, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { Menu as RaMenu, useGetIdentity, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { PortalIdentity } from '../authProvider';
import { settings } from '../config';
import { hrefOf, visibleMenu, type MenuEntry, type MenuGroup } from './menu';

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

const EntryItem = ({ item, nested = false }: { item: MenuEntry; nested?: boolean }) => {
    const translate = useTranslate();
    const Icon = item.icon;
    return (
        <RaMenu.Item
            to={hrefOf(item)}
            primaryText={translate(item.label)}
            leftIcon={<Icon />}
            sx={nested ? { pl: 4 } : undefined}
        />
    );
};

const GroupItem = ({ group }: { group: MenuGroup }) => {
    const translate = useTranslate();
    const { pathname } = useLocation();
    const [sidebarOpen] = useSidebarState();
    const holdsCurrent = group.children.some(child => pathname.startsWith(hrefOf(child)));
    const [open, setOpen] = useState(holdsCurrent);
    const Icon = group.icon;
    const id = `menu-group-${group.key}`;
    return (
        <>
            {/* Inside react-admin's menu (role menu) a group is a menuitem that opens a group of menuitems. */}
            <ListItemButton
                role="menuitem"
                onClick={() => setOpen(value => !value)}
                aria-expanded={open}
                aria-controls={id}
                sx={{ borderRadius: '6px', mx: 1 }}
            >
                <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon />
                </ListItemIcon>
                {sidebarOpen && <ListItemText primary={translate(group.label)} />}
                {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </ListItemButton>
            <Collapse in={open} timeout="auto" unmountOnExit id={id}>
                <List disablePadding role="group" aria-label={translate(group.label)}>
                    {group.children.map(child => (
                        <EntryItem key={child.key} item={child} nested={sidebarOpen} />
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
                    node.kind === 'entry' ? <EntryItem key={node.key} item={node} /> : <GroupItem key={node.key} group={node} />,
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
