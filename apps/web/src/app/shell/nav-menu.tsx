import { isViewAllowed, MENU_GROUPS, type ViewName } from '@rumbo/contracts';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Badge from '@mui/icons-material/Badge';
import Build from '@mui/icons-material/Build';
import CarRepair from '@mui/icons-material/CarRepair';
import Dashboard from '@mui/icons-material/Dashboard';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Fence from '@mui/icons-material/Fence';
import Insights from '@mui/icons-material/Insights';
import LocalGasStation from '@mui/icons-material/LocalGasStation';
import LocalShipping from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import Route from '@mui/icons-material/Route';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { NavLink, useLocation } from 'react-router';
import { useViewPaths } from '../routes/view-paths-context';

const GROUP_ICONS: Record<string, ReactNode> = {
  home: <Dashboard />,
  fleet: <LocalShipping />,
  map: <MapIcon />,
  analysis: <Insights />,
  maintenance: <Build />,
  fuel: <LocalGasStation />,
  diagnostic: <CarRepair />,
  trip: <Route />,
  geofence: <Fence />,
  driver: <Badge />,
  admin: <AdminPanelSettings />,
};

/** Centres a 24 px icon in the 55 px mini drawer. */
const ITEM_PX = '15.5px';

function ViewItem({
  view,
  allowed,
  nested,
  icon,
  onNavigate,
}: {
  view: ViewName;
  allowed: boolean;
  nested: boolean;
  icon?: ReactNode;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const path = useViewPaths()[view];
  const selected = location.pathname === path;
  return (
    <ListItemButton
      component={NavLink}
      to={path}
      disabled={!allowed}
      selected={selected}
      onClick={onNavigate}
      data-view={view}
      aria-disabled={!allowed}
      sx={{ pl: nested ? 7 : ITEM_PX, minHeight: 44 }}
    >
      {icon ? <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>{icon}</ListItemIcon> : null}
      <ListItemText primary={t(`menu.${view}`)} slotProps={{ primary: { noWrap: true } }} />
    </ListItemButton>
  );
}

/** The menu groups and views of decisions.md; an item not allowed by the views map is disabled. */
export function NavMenu({
  views,
  expanded,
  onNavigate,
}: {
  views: Record<string, boolean> | null;
  /** False in the collapsed mini drawer: groups show their icon only. */
  expanded: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const viewPaths = useViewPaths();
  const [open, setOpen] = useState<Record<string, boolean>>(() => {
    const active = MENU_GROUPS.find((g) =>
      g.views.some((v) => location.pathname.startsWith(viewPaths[v])),
    );
    return active ? { [active.group]: true } : {};
  });
  return (
    <List component="nav" aria-label={t('menu.title')} dense sx={{ py: 0 }}>
      {MENU_GROUPS.map(({ group, views: groupViews }) => {
        const [only] = groupViews;
        if (groupViews.length === 1 && only) {
          return (
            <ViewItem
              key={group}
              view={only}
              allowed={isViewAllowed(views ?? undefined, only)}
              nested={false}
              icon={GROUP_ICONS[group]}
              onNavigate={onNavigate}
            />
          );
        }
        const isOpen = Boolean(open[group]) && expanded;
        return (
          <li key={group} style={{ listStyle: 'none' }}>
            <ListItemButton
              onClick={() => setOpen((o) => ({ ...o, [group]: !o[group] }))}
              aria-expanded={isOpen}
              data-group={group}
              sx={{ pl: ITEM_PX, minHeight: 44 }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>{GROUP_ICONS[group]}</ListItemIcon>
              <ListItemText
                primary={t(`menu.group.${group}`)}
                slotProps={{ primary: { noWrap: true } }}
              />
              {isOpen ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
              <List disablePadding dense>
                {groupViews.map((view) => (
                  <ViewItem
                    key={view}
                    view={view}
                    allowed={isViewAllowed(views ?? undefined, view)}
                    nested
                    onNavigate={onNavigate}
                  />
                ))}
              </List>
            </Collapse>
          </li>
        );
      })}
    </List>
  );
}
