import type { Language, Units } from '@rumbo/contracts';
import { formatNumber } from '../../shared/format/format';
import { convertFromBase, unitSymbol } from '../../shared/units/units';

/** A duration as `2 h 05 min`, `12 min` or `40 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A speed in km/h shown in the user's unit, or a dash when unknown. */
export function formatSpeed(kmh: number | null, units: Units, language: Language): string {
  if (kmh === null) return '—';
  return `${formatNumber(convertFromBase('speed', kmh, units.speed), language)} ${unitSymbol('speed', units.speed)}`;
}
