import { ADBLUE_RATIO, type AdBlueRow } from '@rumbo/contracts';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { dateColumn, type ColumnModel } from '../../shared/table/table-model';
import { exportMeasure } from './fuel-columns';

/** An AdBlue tank under this % is shown as low (time to fill it). */
export const LOW_ADBLUE_PCT = 15;

/** How a ratio reads: within the expected 2–6 %, flagged by the server, or neither. */
export function ratioTone(row: Pick<AdBlueRow, 'ratioPct' | 'flag'>): 'ok' | 'flag' | 'plain' {
  if (row.flag) return 'flag';
  if (row.ratioPct === null) return 'plain';
  return row.ratioPct >= ADBLUE_RATIO.expectedMin && row.ratioPct <= ADBLUE_RATIO.expectedMax
    ? 'ok'
    : 'plain';
}

/** The fleet's figures: AdBlue used over diesel burnt (rows with both), refills, low and flagged. */
export function adBlueTotals(rows: readonly AdBlueRow[]) {
  let usedL = 0;
  let dieselL = 0;
  let refills = 0;
  let refillsL = 0;
  let flagged = 0;
  let lowLevel = 0;
  for (const r of rows) {
    if (r.usedL !== null && r.dieselL > 0) {
      usedL += r.usedL;
      dieselL += r.dieselL;
    }
    refills += r.refills;
    refillsL += r.refillsL;
    if (r.flag) flagged++;
    if (r.levelPct !== null && r.levelPct < LOW_ADBLUE_PCT) lowLevel++;
  }
  return {
    usedL,
    refills,
    refillsL,
    flagged,
    lowLevel,
    ratioPct: dieselL > 0 ? (100 * usedL) / dieselL : null,
  };
}

/** The Excel columns of the AdBlue rows, in the user's units. */
export function adBlueExportColumns(f: FleetFormat): ColumnModel<AdBlueRow>[] {
  const { t } = f;
  const litres = (id: string, label: string, get: (r: AdBlueRow) => number | null) =>
    exportMeasure(f, 'volume', id, label, get);
  return [
    { id: 'plate', label: t('fuel.events.vehicle'), value: (r) => r.plate },
    litres('capacity', t('fuel.events.capacity'), (r) => r.capacityL),
    {
      id: 'levelPct',
      label: `${t('fuel.adblue.level')} (%)`,
      value: (r) => r.levelPct,
      type: 'number',
    },
    litres('level', t('fuel.adblue.level'), (r) => r.levelL),
    dateColumn('levelAt', t('fuel.adblue.level_at'), (r) => r.levelAt),
    { id: 'refills', label: t('fuel.adblue.refills'), value: (r) => r.refills, type: 'number' },
    litres('refillsL', t('fuel.adblue.refilled'), (r) => r.refillsL),
    litres('used', t('fuel.adblue.used'), (r) => r.usedL),
    litres('diesel', t('fuel.adblue.diesel'), (r) => r.dieselL),
    exportMeasure(f, 'distance', 'distance', t('fuel.consumption.distance'), (r) => r.distanceKm),
    {
      id: 'ratio',
      label: `${t('fuel.adblue.ratio')} (%)`,
      value: (r) => (r.ratioPct === null ? null : Math.round(r.ratioPct * 100) / 100),
      type: 'number',
    },
    {
      id: 'flag',
      label: t('fuel.adblue.flag_filter'),
      value: (r) => (r.flag ? t(`fuel.adblue.flag.${r.flag}`) : null),
    },
  ];
}
