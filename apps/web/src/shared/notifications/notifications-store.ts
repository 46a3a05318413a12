import type { AlertLevel, Notification } from '@rumbo/contracts';
import { createStore } from 'zustand/vanilla';

/** Spec §9: at most 99 notifications are kept, newest first. */
export const MAX_NOTIFICATIONS = 99;

export interface StoredNotification extends Notification {
  /** Local id for list keys. */
  key: number;
}

/** The shape check of `notificationSchema`, by hand so zod stays off the first load. */
export function isNotification(value: unknown): value is Notification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return (
    typeof n.code === 'string' &&
    typeof n.plate === 'string' &&
    typeof n.recordedat === 'string' &&
    (n.userid === null || typeof n.userid === 'number')
  );
}

/** Adds a notification at the head, unread, keeping at most `max`; a known server id is kept once. */
export function addNotification(
  list: readonly StoredNotification[],
  notification: StoredNotification,
  max = MAX_NOTIFICATIONS,
): StoredNotification[] {
  if (notification.id !== undefined && list.some((n) => n.id === notification.id)) return [...list];
  return [{ ...notification, read: false }, ...list].slice(0, max);
}

export function unreadCount(list: readonly StoredNotification[]): number {
  return list.reduce((n, item) => n + (item.read ? 0 : 1), 0);
}

/** What the server keeps per user (`/rest/notifications`), so a reload, a phone and a desktop agree. */
export interface NotificationsRemote {
  list(): Promise<Notification[]>;
  readAll(): Promise<void>;
  clear(): Promise<void>;
}

/** The severity the server sends in a notification's payload (the snackbar's type). */
export function severityOf(n: Notification): 'success' | 'info' | 'warning' | 'error' {
  const s = (n.payload as { severity?: unknown } | null)?.severity;
  return s === 'success' || s === 'info' || s === 'warning' || s === 'error' ? s : 'warning';
}

/** The code's importance (payload `level`; older servers: from the snackbar type). */
export function levelOf(n: Notification): AlertLevel {
  const level = (n.payload as { level?: unknown } | null)?.level;
  if (level === 'information' || level === 'warning' || level === 'critical') return level;
  const severity = severityOf(n);
  return severity === 'error' ? 'critical' : severity === 'warning' ? 'warning' : 'information';
}

/** Which alerts pop a snackbar (a user preference): critical ones by default (issue 22). */
export type SnackbarAlerts = 'critical' | 'warning' | 'all' | 'none';

const LEVEL_RANK: Record<AlertLevel, number> = { information: 0, warning: 1, critical: 2 };

/** Whether an alert pops a snackbar under the user's preference. */
export function popsSnackbar(n: Notification, preference: SnackbarAlerts): boolean {
  if (preference === 'none') return false;
  if (preference === 'all') return true;
  return LEVEL_RANK[levelOf(n)] >= LEVEL_RANK[preference];
}

/** When the alert's episode started, epoch ms (NaN when unreadable). */
export function recordedAtMs(n: Notification): number {
  const asNumber = Number(n.recordedat);
  return Number.isFinite(asNumber) && asNumber > 0 ? asNumber : Date.parse(n.recordedat);
}

/** Alerts of one vehicle and code, newest first: one line of the bell. */
export interface NotificationGroup {
  key: string;
  plate: string;
  code: string;
  /** Newest first. */
  items: StoredNotification[];
  lastAtMs: number;
  unread: number;
}

/**
 * The bell's lines (issue 22): newest first by the alert's time (not by arrival: an episode is
 * told when it ends, after younger ones), several alerts of one vehicle and code on one line.
 */
export function groupNotifications(list: readonly StoredNotification[]): NotificationGroup[] {
  const byKey = new Map<string, NotificationGroup>();
  const sorted = [...list].sort(
    (a, b) => (recordedAtMs(b) || 0) - (recordedAtMs(a) || 0) || (b.id ?? b.key) - (a.id ?? a.key),
  );
  for (const n of sorted) {
    const key = `${n.plate}|${n.code.toUpperCase()}`;
    let group = byKey.get(key);
    if (!group) {
      group = {
        key,
        plate: n.plate,
        code: n.code,
        items: [],
        lastAtMs: recordedAtMs(n),
        unread: 0,
      };
      byKey.set(key, group);
    }
    group.items.push(n);
    if (!n.read) group.unread += 1;
  }
  return [...byKey.values()];
}

export interface NotificationsState {
  items: StoredNotification[];
}

export function createNotificationsStore(
  remote?: NotificationsRemote,
  logger: Pick<Console, 'warn'> = console,
) {
  let nextKey = 1;
  const store = createStore<NotificationsState>(() => ({ items: [] }));
  const keyed = (n: Notification): StoredNotification => ({ ...n, key: nextKey++ });
  return {
    store,
    add(notification: Notification): void {
      store.setState((s) => ({ items: addNotification(s.items, keyed(notification)) }));
    },
    /** Replaces the list with the server's (after sign-in and after the link comes back). */
    async refresh(): Promise<void> {
      if (!remote) return;
      try {
        const list = await remote.list();
        store.setState({ items: list.slice(0, MAX_NOTIFICATIONS).map(keyed) });
      } catch (error) {
        logger.warn('notifications not loaded', error);
      }
    },
    markAllRead(): void {
      store.setState((s) => ({ items: s.items.map((n) => (n.read ? n : { ...n, read: true })) }));
      remote?.readAll().catch((error: unknown) => logger.warn('mark all read failed', error));
    },
    clear(): void {
      store.setState({ items: [] });
      remote?.clear().catch((error: unknown) => logger.warn('clear failed', error));
    },
    /** Forgets the list locally (sign-out); the server keeps it. */
    reset(): void {
      store.setState({ items: [] });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsStore>;

/** Title: the alert type's description in the UI language; unknown codes show the code. */
export function notificationTitle(n: Notification, t: (key: string) => string): string {
  const key = `component.notifications.codes.${n.code.toUpperCase()}`;
  const text = t(key);
  if (text !== key) return text;
  const title = (n.payload as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title ? title : n.code;
}
