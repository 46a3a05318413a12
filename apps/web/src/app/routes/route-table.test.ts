import { VIEW_NAMES } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { VIEW_PATHS } from './route-table';

describe('route table', () => {
  it('gives every view name a path to open from the menu', () => {
    for (const view of VIEW_NAMES) expect(VIEW_PATHS[view], view).toMatch(/^\/app\//);
  });
  it('opens travel consultation without its optional params', () => {
    expect(VIEW_PATHS['map-travel-consultation']).toBe('/app/map/travel_consultation');
    expect(VIEW_PATHS['fuel-analysis']).toBe('/app/fuel/consumtion');
  });
});
