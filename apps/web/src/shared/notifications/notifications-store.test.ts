import type { Notification } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  createNotificationsStore,
  groupNotifications,
  levelOf,
  MAX_NOTIFICATIONS,
  popsSnackbar,
  notificationTitle,
  severityOf,
  unreadCount,
} from './notifications-store';

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

describe('notifications kept on the server (issue 11)', () => {
  it('loads the list, adds a pushed one once, and tells the server of mark-all-read and clear', async () => {
    const calls: string[] = [];
    const n = createNotificationsStore({
      list: () => Promise.resolve([{ ...alert('SRV1'), id: 5, read: true }]),
      readAll: () => {
        calls.push('readAll');
        return Promise.resolve();
      },
      clear: () => {
        calls.push('clear');
        return Promise.resolve();
      },
    });
    await n.refresh();
    expect(n.store.getState().items.map((i) => [i.plate, i.read])).toEqual([['SRV1', true]]);
    n.add({ ...alert('NEW'), id: 6 });
    n.add({ ...alert('NEW'), id: 6 });
    expect(n.store.getState().items.map((i) => i.plate)).toEqual(['NEW', 'SRV1']);
    n.markAllRead();
    n.clear();
    expect(calls).toEqual(['readAll', 'clear']);
    expect(n.store.getState().items).toEqual([]);
  });

  it('titles by code in the UI language, else the server title, else the code', () => {
    const t = (key: string) => (key.endsWith('.V60') ? 'Exceso > 60' : key);
    expect(notificationTitle(alert('A'), t)).toBe('Exceso > 60');
    expect(notificationTitle({ ...alert('A'), code: 'ZZZ', payload: { title: 'Otra' } }, t)).toBe(
      'Otra',
    );
    expect(notificationTitle({ ...alert('A'), code: 'ZZZ' }, t)).toBe('ZZZ');
    expect(severityOf({ ...alert('A'), payload: { severity: 'error' } })).toBe('error');
    expect(severityOf(alert('A'))).toBe('warning');
  });
});

describe('the bell a person can read (issue 22)', () => {
  const at = (plate: string, code: string, iso: string, level?: string): Notification => ({
    code,
    plate,
    recordedat: iso,
    userid: 7,
    payload: level ? { level } : {},
    read: false,
  });

  it('lists newest first by the alert time, several of one vehicle and code on one line', () => {
    const n = createNotificationsStore();
    // Told in this order: an episode is told when it ends, after younger alerts.
    n.add(at('AF476FG', 'EXV', '2026-11-27T12:52:00Z'));
    n.add(at('AF476FG', 'EXV', '2026-11-27T12:10:00Z'));
    n.add(at('AB123CD', 'AFI', '2026-11-27T12:40:00Z'));
    n.add(at('AF476FG', 'EXV', '2026-11-27T12:28:00Z'));
    const groups = groupNotifications(n.store.getState().items);
    expect(groups.map((g) => [g.plate, g.code, g.items.length, g.unread])).toEqual([
      ['AF476FG', 'EXV', 3, 3],
      ['AB123CD', 'AFI', 1, 1],
    ]);
    expect(groups[0]!.items.map((i) => i.recordedat)).toEqual([
      '2026-11-27T12:52:00Z',
      '2026-11-27T12:28:00Z',
      '2026-11-27T12:10:00Z',
    ]);
    expect(groups[0]!.lastAtMs).toBe(Date.parse('2026-11-27T12:52:00Z'));
  });

  it('pops a snackbar for critical alerts only, unless the user widens it', () => {
    const theft = at('AA', 'DCS', '2026-11-27T12:00:00Z', 'critical');
    const speeding = at('AA', 'EXV', '2026-11-27T12:00:00Z', 'warning');
    const entry = at('AA', 'AZA', '2026-11-27T12:00:00Z', 'information');
    const pops = (pref: Parameters<typeof popsSnackbar>[1]) =>
      [theft, speeding, entry].map((x) => popsSnackbar(x, pref));
    expect(pops('critical')).toEqual([true, false, false]);
    expect(pops('warning')).toEqual([true, true, false]);
    expect(pops('all')).toEqual([true, true, true]);
    expect(pops('none')).toEqual([false, false, false]);
    // An older server's payload: the snackbar type tells the level.
    expect(levelOf({ ...speeding, payload: { severity: 'error' } })).toBe('critical');
  });
});
