import type { AlertEventData } from '@rumbo/contracts';
import { formatTime } from '../../shared/format/format';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { convertFromBase, unitSymbol } from '../../shared/units/units';

// An alert episode's details (issue 22, decision 0033): the facts that fired with the root alert
// and are told inside it (`data.details`, e.g. `EXV` in a `V95` episode), the vehicle's speed limit
// then and when the vehicle went over it.

/** One fact told inside an alert: its code and its type in the user's language. */
export interface EpisodeFact {
  code: string;
  type: string;
}

/** What an alert carries besides its own fact. */
export interface EpisodeDetails {
  facts: EpisodeFact[];
  /** The vehicle's limit then, km/h (null: not told). */
  speedLimit: number | null;
  /** When the vehicle went over its limit, epoch ms (null: not told). */
  overLimitFromMs: number | null;
}

/** The details of an event's data, types named by `typeOf`; null when it carries none. */
export function episodeDetails(
  data: AlertEventData | null | undefined,
  typeOf: (code: string) => string,
): EpisodeDetails | null {
  if (!data) return null;
  const codes = (data.details ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code, i, all) => code !== '' && all.indexOf(code) === i);
  const speedLimit = data.speedLimit ?? null;
  const overLimitFromMs = data.overLimitFromMs ?? null;
  if (codes.length === 0 && speedLimit === null && overLimitFromMs === null) return null;
  return {
    facts: codes.map((code) => ({ code, type: typeOf(code) })),
    speedLimit,
    overLimitFromMs,
  };
}

/** "Over the vehicle's limit" (the facts told inside, by type), or '' when none. */
export function episodeFactsText(details: EpisodeDetails | null): string {
  return details ? details.facts.map((fact) => fact.type).join(', ') : '';
}

/** "90 km/h, over it from 12:34:56": the vehicle's limit and when it was passed, or ''. */
export function episodeLimitText(details: EpisodeDetails | null, f: FleetFormat): string {
  if (!details) return '';
  const parts: string[] = [];
  if (details.speedLimit !== null) {
    // A limit is a whole number: "90 km/h", "56 mph".
    const limit = Math.round(convertFromBase('speed', details.speedLimit, f.units.speed));
    parts.push(`${limit} ${unitSymbol('speed', f.units.speed)}`);
  }
  if (details.overLimitFromMs !== null)
    parts.push(
      f.t('alertEpisode.over_from', { time: formatTime(details.overLimitFromMs, f.offset) }),
    );
  return parts.filter(Boolean).join(', ');
}

/** The label and text of each detail, for a dialog's list of facts. */
export function episodeFacts(details: EpisodeDetails | null, f: FleetFormat): [string, string][] {
  const out: [string, string][] = [];
  const facts = details?.facts ?? [];
  if (facts.length > 0)
    out.push([
      f.t('alertEpisode.also'),
      facts.map((fact) => `${fact.type} (${fact.code})`).join(', '),
    ]);
  const limit = episodeLimitText(details, f);
  if (limit) out.push([f.t('alertEpisode.limit'), limit]);
  return out;
}
