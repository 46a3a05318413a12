import DeleteSweep from '@mui/icons-material/DeleteSweep';
import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { formatDateTime } from '../../shared/format/format';
import {
  groupNotifications,
  MAX_NOTIFICATIONS,
  notificationTitle,
  recordedAtMs,
  type NotificationGroup,
  type StoredNotification,
} from '../../shared/notifications/notifications-store';
import { useServices, useSession } from '../../shared/services';

export { notificationTitle };

function placeOf(n: StoredNotification): string | null {
  const p = n.payload as {
    place?: unknown;
    address?: unknown;
    zona?: unknown;
    lat?: unknown;
    lng?: unknown;
  } | null;
  if (!p || typeof p !== 'object') return null;
  const place = p.place ?? p.address ?? p.zona;
  if (typeof place === 'string' && place) return place;
  // The place the server named in the user's language (issue 23), when it had one.
  if (n.place) return n.place;
  if (typeof p.lat === 'number' && typeof p.lng === 'number')
    return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
  return null;
}

/** The bell's panel: title, description, date, read icon; mark all read; clear all. */
export function NotificationsPanel({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { notifications } = useServices();
  const items = useStore(notifications.store, (s) => s.items);
  const offset = useSession((s) => s.user?.config.timeZone ?? 0);
  const language = i18n.language === 'en' ? 'en' : 'es';
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: '70vh' },
          'aria-label': t('component.notifications.title'),
          role: 'dialog',
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h3" sx={{ flexGrow: 1 }}>
          {t('component.notifications.title')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<DoneAll />}
          disabled={!items.some((n) => !n.read)}
          onClick={() => notifications.markAllRead()}
        >
          {t('component.notifications.mark_all_read')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteSweep />}
          disabled={items.length === 0}
          onClick={() => notifications.clear()}
        >
          {t('component.notifications.clear_all')}
        </Button>
      </Box>
      <Divider />
      {items.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
          {t('component.notifications.empty')}
        </Typography>
      ) : (
        <List dense data-testid="notifications-list">
          {groupNotifications(items).map((group) => (
            <GroupItem
              key={group.key}
              group={group}
              when={(n) => {
                const at = recordedAtMs(n);
                return Number.isFinite(at) ? formatDateTime(at, language, offset) : n.recordedat;
              }}
            />
          ))}
        </List>
      )}
      <Divider />
      <Box sx={{ px: 2, py: 1.5 }}>
        <Link component={RouterLink} to="/app/fleet/alerts" onClick={onClose} underline="hover">
          {t('component.notifications.see_all')}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('component.notifications.kept', { max: MAX_NOTIFICATIONS })}
        </Typography>
      </Box>
    </Popover>
  );
}

function ReadIcon({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return read ? (
    <MarkEmailRead color="disabled" titleAccess={t('component.notifications.read')} />
  ) : (
    <MarkEmailUnread color="primary" titleAccess={t('component.notifications.unread')} />
  );
}

/** One alert: title, plate and place, time. */
function AlertLine({ n, when, nested }: { n: StoredNotification; when: string; nested?: boolean }) {
  const { t } = useTranslation();
  const place = placeOf(n);
  return (
    <ListItem alignItems="flex-start" divider sx={nested ? { pl: 4 } : undefined}>
      <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
        <ReadIcon read={n.read} />
      </ListItemIcon>
      <ListItemText
        primary={notificationTitle(n, (key) => t(key))}
        secondary={
          <>
            <span>{[n.plate, place].filter(Boolean).join(' · ')}</span>
            <br />
            <span>{when}</span>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
      />
    </ListItem>
  );
}

/**
 * A line of the bell: one alert, or several of one vehicle and code ("AF476FG: 6 × Speeding,
 * last 12:52") that open to show each.
 */
function GroupItem({
  group,
  when,
}: {
  group: NotificationGroup;
  when: (n: StoredNotification) => string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const newest = group.items[0]!;
  if (group.items.length === 1) return <AlertLine n={newest} when={when(newest)} />;
  const title = notificationTitle(newest, (key) => t(key));
  return (
    <>
      <ListItem alignItems="flex-start" divider data-testid="notification-group">
        <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
          <ReadIcon read={group.unread === 0} />
        </ListItemIcon>
        <ListItemText
          primary={`${group.plate}: ${t('component.notifications.group', {
            count: group.items.length,
            title,
          })}`}
          secondary={
            <>
              <span>{t('component.notifications.last', { when: when(newest) })}</span>
              <br />
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => setOpen((v) => !v)}
                aria-expanded={open}
              >
                {open
                  ? t('component.notifications.hide_group')
                  : t('component.notifications.show_group', { count: group.items.length })}
              </Link>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: group.unread === 0 ? 400 : 600 } } }}
        />
      </ListItem>
      <Collapse in={open} unmountOnExit>
        <List dense disablePadding>
          {group.items.map((n) => (
            <AlertLine key={n.key} n={n} when={when(n)} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}
