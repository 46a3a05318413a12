import type { Kysely } from 'kysely';
import { CORRIDORS, PLACES } from '@rumbo/simulator';
import { geofenceSaveInput, interestPointCreate, type GeofenceSaveInput } from '@rumbo/contracts';
import type { Database } from '../db/schema.js';
import {
  insertGeofence,
  insertInterestPoint,
  listGeofences,
  listInterestPoints,
  listInterestPointTypes,
} from '../modules/geofences/index.js';
import { DEMO_TENANT } from '../modules/seed/index.js';
import { ensureTenant } from '../modules/tenants/index.js';

// The demo tenant's geofences and POIs (issue 12), placed on the simulator's corridors so zone
// alerts appear while the demo trucks drive: depots and client sites (allowed), a forbidden zone
// and a town with a 40 km/h limit the trucks cross, a corridor along the Rosario–Córdoba
// motorway, and fuel stations along the routes.

type PlaceId = keyof typeof PLACES;
type Vertex = (typeof CORRIDORS)[keyof typeof CORRIDORS]['vertices'][number];

/** [lng, lat] of a corridor vertex (a named place or [lat, lng, altitude]). */
function lngLat(vertex: Vertex): [number, number] {
  if (typeof vertex === 'string') {
    const place = PLACES[vertex];
    return [place.lng, place.lat];
  }
  return [vertex[1], vertex[0]];
}

const M_LAT = 111_195;

/** A rectangle `widthM` × `heightM` centred on [lng, lat]. */
function rectangle([lng, lat]: [number, number], widthM: number, heightM: number) {
  const dx = widthM / 2 / (M_LAT * Math.cos((lat * Math.PI) / 180));
  const dy = heightM / 2 / M_LAT;
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lng - dx, lat - dy],
        [lng + dx, lat - dy],
        [lng + dx, lat + dy],
        [lng - dx, lat + dy],
        [lng - dx, lat - dy],
      ] as [number, number][],
    ],
  };
}

function circle(id: PlaceId) {
  const place = PLACES[id];
  return { type: 'Point' as const, coordinates: [place.lng, place.lat] as [number, number] };
}

function middleOf(corridor: keyof typeof CORRIDORS, at = 0.5): [number, number] {
  const vertices = CORRIDORS[corridor].vertices;
  return lngLat(vertices[Math.floor((vertices.length - 1) * at)]!);
}

/** [lng, lat] moved `metres` north. */
function offsetNorth([lng, lat]: [number, number], metres: number): [number, number] {
  return [lng, lat + metres / M_LAT];
}

/** The demo geofences, as `save` takes them. */
export function demoGeofences(): GeofenceSaveInput[] {
  const zone = (
    geometry: GeofenceSaveInput['geometry'],
    properties: GeofenceSaveInput['properties'],
  ): GeofenceSaveInput => ({ type: 'Feature', geometry, properties });
  // Entries notify (issue 22) at the depots, the two plants and the forbidden zone: where a
  // fleet wants to know its trucks arrived. Not at the nine delivery points (a truck calls at
  // several a day: their visits are in each trip's places), the town and the corridor.
  const depot = { accessType: 'allowed', autoAsign: true, notify: true, color: '#2e7d32' } as const;
  const plant = { accessType: 'allowed', autoAsign: true, notify: true, color: '#1565c0' } as const;
  const client = { accessType: 'allowed', autoAsign: true, color: '#1565c0' } as const;
  const corridor = CORRIDORS['au-rosario-cordoba'].vertices.slice(0, 18).map(lngLat);
  return [
    zone(circle('barracas'), { name: 'Depósito Barracas', radius: 400, ...depot }),
    zone(circle('depositoBragado'), { name: 'Depósito Bragado', radius: 400, ...depot }),
    zone(rectangle(lngLat('plantaRosario'), 900, 700), { name: 'Planta Rosario', ...plant }),
    zone(rectangle(lngLat('terminalCordoba'), 900, 700), { name: 'Terminal Córdoba', ...plant }),
    ...(
      [
        'clienteEscobar',
        'clienteZarate',
        'clienteVillaMaria',
        'clientePilar',
        'clientePergamino',
        'clienteVenadoTuerto',
        'clienteLujan',
        'clienteJunin',
        'clienteChivilcoy',
      ] as const
    ).map((id) =>
      zone(circle(id), {
        name: PLACES[id].name,
        radius: 300,
        attributes: { tipo: 'cliente' },
        ...client,
      }),
    ),
    // Beside the road, 2 km off it: no route goes through (a fleet's trucks keep out of it).
    zone(rectangle(offsetNorth(middleOf('ramal-campana-rn9'), 2_000), 1_500, 1_500), {
      name: 'Zona restringida Ramallo',
      accessType: 'forbidden',
      autoAsign: true,
      notify: true,
      color: '#c62828',
      attributes: { motivo: 'Descarga de mercancías peligrosas' },
    }),
    zone(rectangle(middleOf('ramal-pilar-rn8'), 2_500, 1_500), {
      name: 'Travesía urbana RN8',
      accessType: 'none',
      autoAsign: true,
      speedLimit: 40,
      color: '#f9a825',
      attributes: { municipio: 'Capitán Sarmiento' },
    }),
    zone(
      { type: 'LineString', coordinates: corridor },
      {
        name: 'Corredor Autopista Rosario – Córdoba',
        accessType: 'none',
        autoAsign: true,
        width: 1_000,
        color: '#6a1b9a',
      },
    ),
  ];
}

/** The demo POIs: fuel stations along the corridors. */
export function demoFuelStations(): { nombre: string; at: [number, number] }[] {
  return [
    { nombre: PLACES.ypfSanNicolas.name, at: lngLat('ypfSanNicolas') },
    { nombre: PLACES.paradorBellVille.name, at: lngLat('paradorBellVille') },
    { nombre: 'Estación Panamericana km 40', at: middleOf('ramal-campana-rn9', 0.2) },
    { nombre: 'Estación RN8 Pilar', at: middleOf('ramal-pilar-rn8', 0.3) },
    { nombre: 'Estación RN8 Arrecifes', at: middleOf('ramal-pilar-rn8', 0.7) },
    { nombre: 'Estación Acceso Oeste', at: middleOf('acceso-oeste', 0.6) },
    { nombre: 'Estación RN5 Mercedes', at: middleOf('rn5-lujan-bragado', 0.3) },
    { nombre: 'Estación RN7 Junín', at: middleOf('rn7-lujan-junin', 0.85) },
  ];
}

/**
 * Adds the demo geofences and POIs the first time (a demo tenant that has any keeps its own:
 * zones deleted in the demo stay deleted). Returns the tenant's id when it added them.
 */
export async function registerDemoPlaces(db: Kysely<Database>): Promise<number | null> {
  const tenant = await ensureTenant(db, DEMO_TENANT);
  if ((await listGeofences(db, tenant.id)).length > 0) return null;
  if ((await listInterestPoints(db, tenant.id, true)).length > 0) return null;
  const fuel = (await listInterestPointTypes(db, tenant.id)).find((t) => t.code === 'fuel');
  await db.transaction().execute(async (trx) => {
    for (const input of demoGeofences()) {
      await insertGeofence(trx, tenant.id, null, geofenceSaveInput.parse(input));
    }
    for (const station of demoFuelStations()) {
      const poi = interestPointCreate.parse({
        idInterestPointType: fuel?.id ?? null,
        nombre: station.nombre,
        descripcion: 'Gasóleo, AdBlue y aparcamiento de camiones',
        radio: 150,
        geom: { type: 'Point', coordinates: station.at },
      });
      await insertInterestPoint(trx, tenant.id, null, poi);
    }
  });
  return tenant.id;
}
