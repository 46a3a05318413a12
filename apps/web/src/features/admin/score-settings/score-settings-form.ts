import {
  SCORE_SCALE_KEYS,
  SCORE_SETTINGS_DEFAULTS,
  type ScoreScaleKey,
  type ScoreSettingsBody,
} from '@rumbo/contracts';
import { z } from 'zod';
import type { ApiClient } from '../../../shared/api/http-client';

// The score settings screen's model (issue 22, decision 0034): the tenant's letter floors and
// indicator scales, `GET`/`PUT /api/v2/analysis/score_settings` (view `admin-alerts`).

const PATH = 'v2/analysis/score_settings';

export const scoreSettingsApi = {
  get: (api: ApiClient, signal?: AbortSignal) =>
    api.get<ScoreSettingsBody>(PATH, signal ? { signal } : {}),
  save: (api: ApiClient, body: ScoreSettingsBody) =>
    api.request<ScoreSettingsBody>(PATH, { method: 'PUT', body }),
};

export const scoreSettingsKey = ['admin', 'score-settings'] as const;

/** The letters whose lowest score is set; G is below F's. */
export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/** The two lists of letter floors, in the screen's order. */
export const FLOOR_LISTS = ['safetyLetterFloors', 'letterFloors'] as const;
export type FloorList = (typeof FLOOR_LISTS)[number];

/** The form's values: the settings, floors as plain lists. */
export interface ScoreSettingsForm {
  letterFloors: number[];
  safetyLetterFloors: number[];
  scales: Record<ScoreScaleKey, { zeroAt: number; hundredAt: number }>;
}

const ERR = 'scoreSettings.error.';
const inRange = (max: number) => {
  const message = `${ERR}number_0_${max}`;
  return z.number({ error: message }).min(0, message).max(max, message);
};

/** Six floors within 0–100, each lower than the one before (the message on the later one). */
const floors = z
  .array(inRange(100))
  .length(LETTERS.length)
  .superRefine((list, ctx) => {
    list.forEach((value, i) => {
      const before = list[i - 1];
      if (i > 0 && before !== undefined && !(value < before))
        ctx.addIssue({ code: 'custom', message: `${ERR}floor_order`, path: [i] });
    });
  });

const scale = z
  .object({ zeroAt: inRange(1000), hundredAt: inRange(1000) })
  .refine((s) => s.zeroAt !== s.hundredAt, {
    message: `${ERR}scale_equal`,
    path: ['hundredAt'],
  });

/** What the form checks before saving: the server's rules, with messages as translation keys. */
export const scoreSettingsFormSchema = z.object({
  letterFloors: floors,
  safetyLetterFloors: floors,
  scales: z.object(
    Object.fromEntries(SCORE_SCALE_KEYS.map((key) => [key, scale])) as Record<
      ScoreScaleKey,
      typeof scale
    >,
  ),
});

/** The settings as form values (copies: the form never edits the cached answer). */
export function toForm(settings: ScoreSettingsBody): ScoreSettingsForm {
  return {
    letterFloors: [...settings.letterFloors],
    safetyLetterFloors: [...settings.safetyLetterFloors],
    scales: Object.fromEntries(
      SCORE_SCALE_KEYS.map((key) => [key, { ...settings.scales[key] }]),
    ) as ScoreSettingsForm['scales'],
  };
}

/** The form's values as the body of the `PUT` (the schema checked six floors each). */
export function toBody(values: ScoreSettingsForm): ScoreSettingsBody {
  return {
    letterFloors: values.letterFloors as ScoreSettingsBody['letterFloors'],
    safetyLetterFloors: values.safetyLetterFloors as ScoreSettingsBody['safetyLetterFloors'],
    scales: values.scales,
  };
}

/** Whether the settings are the defaults (a tenant that never saved its own). */
export function isDefault(settings: ScoreSettingsBody): boolean {
  return JSON.stringify(toForm(settings)) === JSON.stringify(toForm(SCORE_SETTINGS_DEFAULTS));
}
