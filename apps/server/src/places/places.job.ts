// The places job (docs/decisions/0031-places.md): a pass every few seconds, in the process holding
// the jobs lease, that (1) names facts stored without a place — before the gazetteer loaded,
// before migration 0020 (the background pass over old facts), by a process without the pipeline —
// and (2) with GEOCODER_URL, turns the localities of recent stops and trip ends into street
// addresses, a few per pass, at the engine's rate, from the cache when it answered before. An
// engine that fails or is slow is left alone for a while; the embedded answer stands meanwhile.

import type { Kysely } from 'kysely';
import type { Place } from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import { addressPlace, type EngineAddress, type GeocoderEngine } from './engine.js';
import type { Geocoder } from './geocoder.js';
import {
  cacheAnswer,
  cachedAnswers,
  PLACE_COLUMNS,
  storePlaces,
  unaskedLocalities,
  unnamed,
  type PlaceTodo,
} from './places.repository.js';

const LANGS = ['es', 'en'] as const;

export interface PlacesJobOptions {
  /** Facts named per column per pass. */
  batch?: number;
  /** Facts per column per pass the engine is asked about. */
  engineBatch?: number;
  /** How long a failing engine is left alone, ms. */
  engineBackoffMs?: number;
}

export class PlacesJob {
  private engineDownUntilMs = 0;
  /** Engine failures so far (logs, tests). */
  engineFailures = 0;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      geocoder: Geocoder;
      engine?: GeocoderEngine;
      log?: { warn(obj: object, msg?: string): void };
    },
    private readonly options: PlacesJobOptions = {},
  ) {}

  /** One pass; returns how many facts got a place or an address. */
  async pass(): Promise<number> {
    await this.deps.geocoder.ready();
    let done = 0;
    for (const column of PLACE_COLUMNS) {
      const todo = await unnamed(this.deps.db, column, this.options.batch ?? 500);
      const named = todo.map(({ key, tenantId, lat, lng }) => ({
        key,
        // Open sea, far from any locality: an empty place, so it is not looked at again.
        place: this.deps.geocoder.placeAt(tenantId, lat, lng) ?? { kind: 'locality' },
      }));
      await storePlaces(this.deps.db, column, named);
      done += named.length;
    }
    if (this.deps.engine && Date.now() >= this.engineDownUntilMs) done += await this.addresses();
    return done;
  }

  private async addresses(): Promise<number> {
    let done = 0;
    for (const column of PLACE_COLUMNS) {
      if (!column.engine) continue;
      const todo = await unaskedLocalities(this.deps.db, column, this.options.engineBatch ?? 20);
      const named: { key: unknown[]; place: Place }[] = [];
      try {
        const byKey = await this.answers(todo);
        for (const fact of todo) {
          const answers = byKey.get(roundedKey(fact));
          const address = answers && addressPlace(answers);
          named.push({ key: fact.key, place: address ?? { ...fact.place!, checked: true } });
        }
      } catch (error) {
        this.engineFailures++;
        this.engineDownUntilMs = Date.now() + (this.options.engineBackoffMs ?? 30_000);
        this.deps.log?.warn({ err: error }, 'geocoder failed; embedded places stand');
        return done;
      } finally {
        await storePlaces(this.deps.db, column, named);
        done += named.length;
      }
    }
    return done;
  }

  /** The engine's answers per rounded position and language, from the cache or asked. */
  private async answers(
    todo: readonly PlaceTodo[],
  ): Promise<Map<string, Partial<Record<'es' | 'en', EngineAddress>>>> {
    const engine = this.deps.engine!;
    const keys = new Map<string, [number, number]>();
    for (const fact of todo) keys.set(roundedKey(fact), rounded(fact));
    const out = new Map<string, Partial<Record<'es' | 'en', EngineAddress>>>();
    for (const lang of LANGS) {
      const cached = await cachedAnswers(this.deps.db, [...keys.values()], lang);
      for (const [key, [latE4, lngE4]] of keys) {
        let answer = cached.get(key);
        if (answer === undefined) {
          answer = await engine.reverse(latE4 / 1e4, lngE4 / 1e4, lang);
          await cacheAnswer(this.deps.db, latE4, lngE4, lang, answer);
        }
        if (answer) out.set(key, { ...out.get(key), [lang]: answer });
      }
    }
    return out;
  }
}

function rounded(fact: { lat: number; lng: number }): [number, number] {
  return [Math.round(fact.lat * 1e4), Math.round(fact.lng * 1e4)];
}

function roundedKey(fact: { lat: number; lng: number }): string {
  return rounded(fact).join(',');
}
