import { VIEW_NAMES } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { hasScreen, placeholder, ROUTE_TABLE, VIEW_PATHS } from './route-table';

describe('route table', () => {
  it('gives every view name a path to open from the menu', () => {
    for (const view of VIEW_NAMES) expect(VIEW_PATHS[view], view).toMatch(/^\/app\//);
  });
  it('opens travel consultation without its optional params', () => {
    expect(VIEW_PATHS['map-travel-consultation']).toBe('/app/map/travel_consultation');
    expect(VIEW_PATHS['fuel-analysis']).toBe('/app/fuel/consumtion');
  });
  it('declares a screen for every route the guard does not answer by itself', () => {
    for (const entry of ROUTE_TABLE) {
      const guardOnly = ['index', 'not-found', 'redirect'].includes(entry.access);
      expect(hasScreen(entry), entry.path).toBe(!guardOnly);
      if (hasScreen(entry)) expect(entry.screen, entry.path).toBeTypeOf('function');
    }
  });
  it('loads a component from every screen module, the placeholder included', async () => {
    const loaders = new Set([placeholder]);
    for (const entry of ROUTE_TABLE) if (hasScreen(entry)) loaders.add(entry.screen);
    expect(loaders.size).toBeGreaterThan(15);
    for (const load of loaders) {
      const module = await load();
      expect(module.default, String(load)).toBeTypeOf('function');
    }
  });
  it('titles every placeholder screen (the placeholder page shows the title)', () => {
    const placeholders = ROUTE_TABLE.filter((e) => hasScreen(e) && e.screen === placeholder);
    const fuel = [
      '/app/fuel/refuel',
      '/app/fuel/catalyst',
      '/app/fuel/add',
      '/app/fuel/consumtion',
    ];
    for (const path of fuel) expect(placeholders.map((e) => e.path)).not.toContain(path);
    for (const entry of placeholders) expect(entry.titleKey, entry.path).toMatch(/^menu\./);
  });
});
