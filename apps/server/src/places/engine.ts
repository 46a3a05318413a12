// A street-address engine (GEOCODER_URL, docs/decisions/0031-places.md): Nominatim's
// `/reverse?format=jsonv2` or Photon's `/reverse`, one request per position and language, spaced
// to GEOCODER_RATE, each cut at GEOCODER_TIMEOUT_MS. The request carries both engines' parameter
// names and the answer is read by its shape (a Nominatim object or a Photon FeatureCollection).

import type { Place, PlaceLabels } from '@rumbo/telematics';

type Lang = 'es' | 'en';

/** An address as the engine answered it in one language. */
export interface EngineAddress extends PlaceLabels {
  country?: string;
}

interface NominatimAnswer {
  error?: string;
  name?: string;
  address?: Record<string, string | undefined>;
}

interface PhotonAnswer {
  type: 'FeatureCollection';
  features: { properties?: Record<string, string | undefined> }[];
}

function joinStreet(street: string | undefined, number: string | undefined): string | undefined {
  if (!street) return undefined;
  return number ? `${street} ${number}` : street;
}

function compact(address: EngineAddress): EngineAddress | null {
  const out: EngineAddress = {};
  for (const [key, value] of Object.entries(address) as [keyof EngineAddress, unknown][]) {
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out.name || out.locality ? out : null;
}

/** Reads a Nominatim `jsonv2` or a Photon answer; null when it names no address. */
export function parseEngineAnswer(body: unknown): EngineAddress | null {
  if (typeof body !== 'object' || body === null) return null;
  if ((body as PhotonAnswer).type === 'FeatureCollection') {
    const p = (body as PhotonAnswer).features[0]?.properties;
    if (!p) return null;
    return compact({
      name: joinStreet(p.street, p.housenumber) ?? p.name,
      locality: p.city ?? p.town ?? p.village ?? p.district,
      admin: p.state,
      country: p.countrycode?.toUpperCase(),
    });
  }
  const n = body as NominatimAnswer;
  if (n.error || !n.address) return null;
  const a = n.address;
  return compact({
    name: joinStreet(a.road, a.house_number) ?? n.name,
    locality: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality,
    admin: a.state ?? a.province ?? a.region,
    country: a.country_code?.toUpperCase(),
  });
}

/** One structured place from an engine's answers in several languages (the first one leads). */
export function addressPlace(answers: Partial<Record<Lang, EngineAddress>>): Place | null {
  const langs = (Object.keys(answers) as Lang[]).filter((l) => answers[l]);
  const first = langs[0] && answers[langs[0]];
  if (!first) return null;
  const place: Place = { kind: 'address' };
  if (first.name) place.name = first.name;
  if (first.locality) place.locality = first.locality;
  if (first.admin) place.admin = first.admin;
  if (first.country) place.country = first.country;
  const labels: Place['labels'] = {};
  for (const lang of langs) {
    const { name, locality, admin } = answers[lang]!;
    labels[lang] = {
      ...(name && { name }),
      ...(locality && { locality }),
      ...(admin && { admin }),
    };
  }
  place.labels = labels;
  return place;
}

export class GeocoderEngine {
  private nextAtMs = 0;
  private readonly spacingMs: number;

  constructor(private readonly options: { url: string; ratePerS: number; timeoutMs: number }) {
    this.spacingMs = 1000 / options.ratePerS;
  }

  /** Waits for the next request slot (GEOCODER_RATE across this process). */
  private async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextAtMs);
    this.nextAtMs = at + this.spacingMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }

  /** The address at a position in a language; null when none; throws on error or timeout. */
  async reverse(lat: number, lng: number, lang: Lang): Promise<EngineAddress | null> {
    await this.slot();
    const url = new URL(
      'reverse',
      this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`,
    );
    url.search = new URLSearchParams({
      format: 'jsonv2',
      lat: lat.toFixed(6),
      lon: lng.toFixed(6),
      'accept-language': lang,
      lang,
      zoom: '18',
      addressdetails: '1',
    }).toString();
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'Rumbo fleet management' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return parseEngineAnswer(await response.json());
  }
}
