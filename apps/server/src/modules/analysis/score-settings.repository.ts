import type { Kysely } from 'kysely';
import { scoreSettingsSchema, type ScoreSettingsBody } from '@rumbo/contracts';
import { DEFAULT_SCORE_SETTINGS, type ScoreSettings } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';

// A tenant's score settings (migration 0023, docs/decisions/0034-score-calibration.md): the letter
// floors of the indicators and of the safe-driving score and each indicator's scale. No row, or a
// row that no longer reads as settings: the defaults.

/** The defaults as the call answers them. */
export function defaultScoreSettings(): ScoreSettingsBody {
  const d = DEFAULT_SCORE_SETTINGS;
  return {
    letterFloors: [...d.letterFloors],
    safetyLetterFloors: [...d.safetyLetterFloors],
    scales: Object.fromEntries(
      Object.entries(d.scales).map(([k, v]) => [k, { zeroAt: v.zeroAt, hundredAt: v.hundredAt }]),
    ) as ScoreSettingsBody['scales'],
  };
}

/** The tenant's settings, the defaults when it saved none. */
export async function getScoreSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<ScoreSettingsBody> {
  const row = await db
    .selectFrom('score_settings')
    .select('settings')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return defaultScoreSettings();
  const parsed = scoreSettingsSchema.safeParse(row.settings);
  return parsed.success ? parsed.data : defaultScoreSettings();
}

/** The tenant's settings as the scores read them. */
export async function tenantScoreSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<ScoreSettings> {
  return await getScoreSettings(db, tenantId);
}

/** Replaces the tenant's settings (validated by the route's schema); answers them. */
export async function putScoreSettings(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  settings: ScoreSettingsBody,
): Promise<ScoreSettingsBody> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('score_settings')
    .values({ tenant_id: tenantId, settings: json, updated_by: userId })
    .onConflict((oc) =>
      oc
        .column('tenant_id')
        .doUpdateSet({ settings: json, updated_by: userId, updated_at: new Date() }),
    )
    .execute();
  return settings;
}
