import type { Notification } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { createNotificationsStore, MAX_NOTIFICATIONS, unreadCount } from './notifications-store';

const alert = (plate: string): Notification => ({
  code: 'V60',
  plate,
  recordedat: '2025-01-15T12:00:00Z',
  userid: 7,
  payload: {},
  read: true,
});

describe('notifications (spec §4, §9)', () => {
  it('keeps the newest first and unread on arrival', () => {
    const n = createNotificationsStore();
    n.add(alert('AA111'));
    n.add(alert('BB222'));
    const items = n.store.getState().items;
    expect(items.map((i) => i.plate)).toEqual(['BB222', 'AA111']);
    expect(items.every((i) => !i.read)).toBe(true);
  });

  it('keeps at most 99, dropping the oldest', () => {
    const n = createNotificationsStore();
    for (let i = 0; i < 120; i++) n.add(alert(`P${i}`));
    const items = n.store.getState().items;
    expect(items).toHaveLength(MAX_NOTIFICATIONS);
    expect(MAX_NOTIFICATIONS).toBe(99);
    expect(items[0]?.plate).toBe('P119');
    expect(items.at(-1)?.plate).toBe('P21');
  });

  it('marks all read and clears', () => {
    const n = createNotificationsStore();
    n.add(alert('A'));
    n.add(alert('B'));
    expect(unreadCount(n.store.getState().items)).toBe(2);
    n.markAllRead();
    expect(unreadCount(n.store.getState().items)).toBe(0);
    n.clear();
    expect(n.store.getState().items).toEqual([]);
  });
});
