import DeleteSweep from '@mui/icons-material/DeleteSweep';
import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useStore } from 'zustand';
import { formatDateTime } from '../../shared/format/format';
import {
  notificationTitle,
  type StoredNotification,
} from '../../shared/notifications/notifications-store';
import { useServices, useSession } from '../../shared/services';

export { notificationTitle };

function recordedAtMs(n: StoredNotification): number {
  const asNumber = Number(n.recordedat);
  return Number.isFinite(asNumber) && asNumber > 0 ? asNumber : Date.parse(n.recordedat);
}

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
          {items.map((n) => {
            const at = recordedAtMs(n);
            const when = Number.isFinite(at) ? formatDateTime(at, language, offset) : n.recordedat;
            const place = placeOf(n);
            return (
              <ListItem key={n.key} alignItems="flex-start" divider>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  {n.read ? (
                    <MarkEmailRead
                      color="disabled"
                      titleAccess={t('component.notifications.read')}
                    />
                  ) : (
                    <MarkEmailUnread
                      color="primary"
                      titleAccess={t('component.notifications.unread')}
                    />
                  )}
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
          })}
        </List>
      )}
    </Popover>
  );
}
