import type { Notification } from '@rumbo/contracts';
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

/** Adds a notification at the head, unread, keeping at most `max`. */
export function addNotification(
  list: readonly StoredNotification[],
  notification: StoredNotification,
  max = MAX_NOTIFICATIONS,
): StoredNotification[] {
  return [{ ...notification, read: false }, ...list].slice(0, max);
}

export function unreadCount(list: readonly StoredNotification[]): number {
  return list.reduce((n, item) => n + (item.read ? 0 : 1), 0);
}

export interface NotificationsState {
  items: StoredNotification[];
}

export function createNotificationsStore() {
  let nextKey = 1;
  const store = createStore<NotificationsState>(() => ({ items: [] }));
  return {
    store,
    add(notification: Notification): void {
      store.setState((s) => ({
        items: addNotification(s.items, { ...notification, key: nextKey++ }),
      }));
    },
    markAllRead(): void {
      store.setState((s) => ({ items: s.items.map((n) => (n.read ? n : { ...n, read: true })) }));
    },
    clear(): void {
      store.setState({ items: [] });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsStore>;
