// The runs trucks make along the corridors, by vehicle group, compiled into drivable routes.

import { CORRIDORS, PLACES, type CorridorId, type PlaceId, type Vertex } from './corridors.js';
import { buildRoute, type Route, type Waypoint } from './route.js';

/** How a vehicle group uses the roads. */
export type FleetGroup = 'Larga distancia' | 'Regional' | 'Distribución';

/** A run: the corridors it follows and where it stops. */
export interface RouteDefinition {
  id: string;
  name: string;
  corridors: readonly CorridorId[];
  stops: readonly PlaceId[];
  groups: readonly FleetGroup[];
}

/** The runs trucks make, back and forth between the first and last stop. */
export const ROUTE_DEFINITIONS: readonly RouteDefinition[] = [
  {
    id: 'ba-cordoba',
    name: 'Buenos Aires – Córdoba por RN9',
    corridors: ['acceso-norte', 'ramal-campana-rn9', 'au-rosario-cordoba'],
    stops: ['barracas', 'ypfSanNicolas', 'plantaRosario', 'paradorBellVille', 'terminalCordoba'],
    groups: ['Larga distancia'],
  },
  {
    id: 'rosario-cordoba',
    name: 'Rosario – Córdoba por autopista',
    corridors: ['au-rosario-cordoba'],
    stops: ['plantaRosario', 'clienteVillaMaria', 'terminalCordoba'],
    groups: ['Larga distancia'],
  },
  {
    id: 'ba-rosario',
    name: 'Buenos Aires – Rosario por Panamericana y RN9',
    corridors: ['acceso-norte', 'ramal-campana-rn9'],
    stops: ['barracas', 'clienteZarate', 'plantaRosario'],
    groups: ['Larga distancia', 'Regional'],
  },
  {
    id: 'ba-venado-tuerto',
    name: 'Buenos Aires – Venado Tuerto por RN8',
    corridors: ['acceso-norte', 'ramal-pilar-rn8'],
    stops: ['barracas', 'clientePilar', 'clientePergamino', 'clienteVenadoTuerto'],
    groups: ['Larga distancia', 'Regional'],
  },
  {
    id: 'ba-junin',
    name: 'Buenos Aires – Junín por RN7',
    corridors: ['acceso-oeste', 'rn7-lujan-junin'],
    stops: ['barracas', 'clienteLujan', 'clienteJunin'],
    groups: ['Regional'],
  },
  {
    id: 'ba-bragado',
    name: 'Buenos Aires – Bragado por RN5',
    corridors: ['acceso-oeste', 'rn5-lujan-bragado'],
    stops: ['barracas', 'clienteChivilcoy', 'depositoBragado'],
    groups: ['Regional'],
  },
  {
    id: 'barracas-pilar',
    name: 'Barracas – Pilar',
    corridors: ['acceso-norte', 'ramal-pilar-rn8'],
    stops: ['barracas', 'clientePilar'],
    groups: ['Distribución'],
  },
  {
    id: 'barracas-escobar',
    name: 'Barracas – Escobar',
    corridors: ['acceso-norte', 'ramal-campana-rn9'],
    stops: ['barracas', 'clienteEscobar'],
    groups: ['Distribución'],
  },
  {
    id: 'barracas-lujan',
    name: 'Barracas – Luján',
    corridors: ['acceso-oeste'],
    stops: ['barracas', 'clienteLujan'],
    groups: ['Distribución'],
  },
];

function toWaypoint(vertex: Vertex): Waypoint {
  if (typeof vertex === 'string') {
    const p = PLACES[vertex];
    return { lat: p.lat, lng: p.lng, altitudeM: p.altitudeM };
  }
  return { lat: vertex[0], lng: vertex[1], altitudeM: vertex[2] };
}

/** Compiles a route definition: joins its corridors and trims them to its first and last stop. */
export function compileRoute(definition: RouteDefinition): Route {
  const vertices: Vertex[] = [];
  for (const id of definition.corridors) {
    const next = CORRIDORS[id].vertices;
    vertices.push(...(vertices.length === 0 ? next : next.slice(1)));
  }
  const first = vertices.indexOf(definition.stops[0] as PlaceId);
  const last = vertices.lastIndexOf(definition.stops.at(-1) as PlaceId);
  if (first < 0 || last <= first) throw new RangeError(`route ${definition.id}: bad end stops`);
  return buildRoute(
    definition.id,
    definition.name,
    vertices.slice(first, last + 1).map(toWaypoint),
    definition.stops.map((id) => PLACES[id]),
  );
}

/** Every route, compiled. */
export function compileRoutes(): Route[] {
  return ROUTE_DEFINITIONS.map(compileRoute);
}
