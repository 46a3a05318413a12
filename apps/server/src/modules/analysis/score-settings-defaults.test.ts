import { SCORE_SETTINGS_DEFAULTS } from '@rumbo/contracts';
import { DEFAULT_SCORE_SETTINGS } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';

describe('score settings defaults', () => {
  it("the web's restore-defaults values are the ones a tenant without settings reads", () => {
    expect(SCORE_SETTINGS_DEFAULTS).toEqual(DEFAULT_SCORE_SETTINGS);
  });
});
