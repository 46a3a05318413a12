// Road corridors between Buenos Aires, Rosario and Córdoba, hand-written from the real highways
// (Panamericana, RN9 and the Rosario–Córdoba motorway, RN8, Acceso Oeste/RN7, RN5): vertices
// every few km, approximate but on land and in driving order, with the places trucks stop at.

import type { Place } from './route.js';

/** Ids of the named places. */
export type PlaceId =
  | 'barracas'
  | 'clienteEscobar'
  | 'clienteZarate'
  | 'ypfSanNicolas'
  | 'plantaRosario'
  | 'paradorBellVille'
  | 'clienteVillaMaria'
  | 'terminalCordoba'
  | 'clientePilar'
  | 'clientePergamino'
  | 'clienteVenadoTuerto'
  | 'clienteLujan'
  | 'clienteJunin'
  | 'clienteChivilcoy'
  | 'depositoBragado';

function place(
  id: PlaceId,
  name: string,
  kind: Place['kind'],
  lat: number,
  lng: number,
  altitudeM: number,
): Place {
  return { id, name, kind, lat, lng, altitudeM };
}

/** Depots, customers, plants, terminals and fuel stations along the corridors. */
export const PLACES: Readonly<Record<PlaceId, Place>> = {
  barracas: place('barracas', 'Depósito Barracas', 'depot', -34.6448, -58.379, 8),
  clienteEscobar: place('clienteEscobar', 'Cliente Escobar', 'customer', -34.355, -58.785, 20),
  clienteZarate: place('clienteZarate', 'Cliente Zárate', 'customer', -34.13, -59.005, 15),
  ypfSanNicolas: place(
    'ypfSanNicolas',
    'Estación YPF Ruta 9 San Nicolás',
    'fuel-station',
    -33.36,
    -60.24,
    30,
  ),
  plantaRosario: place('plantaRosario', 'Planta Rosario', 'plant', -32.987, -60.715, 25),
  paradorBellVille: place(
    'paradorBellVille',
    'Parador Bell Ville',
    'fuel-station',
    -32.625,
    -62.69,
    130,
  ),
  clienteVillaMaria: place(
    'clienteVillaMaria',
    'Cliente Villa María',
    'customer',
    -32.42,
    -63.24,
    200,
  ),
  terminalCordoba: place('terminalCordoba', 'Terminal Córdoba', 'terminal', -31.425, -64.13, 400),
  clientePilar: place('clientePilar', 'Cliente Pilar', 'customer', -34.412, -58.965, 35),
  clientePergamino: place('clientePergamino', 'Cliente Pergamino', 'customer', -33.9, -60.57, 60),
  clienteVenadoTuerto: place(
    'clienteVenadoTuerto',
    'Cliente Venado Tuerto',
    'customer',
    -33.745,
    -61.97,
    110,
  ),
  clienteLujan: place('clienteLujan', 'Cliente Luján', 'customer', -34.57, -59.1, 25),
  clienteJunin: place('clienteJunin', 'Cliente Junín', 'customer', -34.585, -60.945, 80),
  clienteChivilcoy: place('clienteChivilcoy', 'Cliente Chivilcoy', 'customer', -34.9, -60.02, 50),
  depositoBragado: place('depositoBragado', 'Depósito Bragado', 'depot', -35.12, -60.49, 55),
};

/** A vertex as [lat, lng, altitude m], or a place the road passes through. */
export type Vertex = readonly [number, number, number] | PlaceId;

/** Ids of the corridors. */
export type CorridorId =
  | 'acceso-norte'
  | 'ramal-campana-rn9'
  | 'au-rosario-cordoba'
  | 'ramal-pilar-rn8'
  | 'acceso-oeste'
  | 'rn7-lujan-junin'
  | 'rn5-lujan-bragado';

const PACHECO: Vertex = [-34.452, -58.638, 16]; // where the Panamericana splits

/** Road polylines; consecutive corridors share their joining vertex. */
export const CORRIDORS: Readonly<Record<CorridorId, { name: string; vertices: Vertex[] }>> = {
  'acceso-norte': {
    name: 'Barracas – Panamericana (Acceso Norte) to General Pacheco',
    vertices: [
      'barracas',
      [-34.633, -58.38, 8],
      [-34.615, -58.37, 6],
      [-34.6, -58.368, 5],
      [-34.588, -58.373, 5],
      [-34.578, -58.393, 6],
      [-34.565, -58.413, 6],
      [-34.553, -58.433, 6],
      [-34.542, -58.456, 8],
      [-34.544, -58.478, 12],
      [-34.538, -58.499, 15],
      [-34.525, -58.515, 18],
      [-34.51, -58.532, 18],
      [-34.496, -58.551, 18],
      [-34.484, -58.573, 17],
      [-34.472, -58.595, 17],
      [-34.46, -58.618, 16],
      PACHECO,
    ],
  },
  'ramal-campana-rn9': {
    name: 'Panamericana Ramal Campana and RN9 to Rosario',
    vertices: [
      PACHECO,
      [-34.43, -58.67, 12],
      [-34.407, -58.705, 14],
      [-34.385, -58.74, 18],
      'clienteEscobar',
      [-34.325, -58.825, 15],
      [-34.29, -58.865, 8],
      [-34.25, -58.9, 5],
      [-34.21, -58.935, 6],
      [-34.17, -58.97, 10],
      'clienteZarate',
      [-34.1, -59.065, 20],
      [-34.075, -59.13, 25],
      [-34.04, -59.2, 28],
      [-33.99, -59.27, 28],
      [-33.94, -59.34, 27],
      [-33.89, -59.41, 27],
      [-33.84, -59.48, 26],
      [-33.795, -59.555, 28],
      [-33.745, -59.63, 30],
      [-33.7, -59.7, 30],
      [-33.65, -59.78, 32],
      [-33.6, -59.855, 35],
      [-33.55, -59.93, 35],
      [-33.505, -60.005, 34],
      [-33.46, -60.075, 33],
      [-33.41, -60.16, 32],
      'ypfSanNicolas',
      [-33.3, -60.31, 32],
      [-33.245, -60.38, 30],
      [-33.21, -60.43, 30],
      [-33.18, -60.485, 28],
      [-33.145, -60.545, 27],
      [-33.105, -60.595, 26],
      [-33.065, -60.635, 26],
      [-33.025, -60.675, 25],
      'plantaRosario',
    ],
  },
  'au-rosario-cordoba': {
    name: 'Autopista Rosario – Córdoba (RN9)',
    vertices: [
      'plantaRosario',
      [-32.965, -60.74, 28],
      [-32.94, -60.78, 30],
      [-32.92, -60.835, 32],
      [-32.9, -60.9, 35],
      [-32.885, -60.965, 40],
      [-32.87, -61.03, 45],
      [-32.862, -61.09, 50],
      [-32.855, -61.15, 55],
      [-32.85, -61.21, 60],
      [-32.845, -61.27, 65],
      [-32.833, -61.33, 75],
      [-32.82, -61.39, 85],
      [-32.81, -61.455, 90],
      [-32.8, -61.52, 95],
      [-32.785, -61.61, 100],
      [-32.773, -61.695, 100],
      [-32.76, -61.78, 102],
      [-32.745, -61.85, 104],
      [-32.73, -61.925, 106],
      [-32.715, -62.0, 108],
      [-32.7, -62.1, 110],
      [-32.685, -62.2, 112],
      [-32.665, -62.3, 114],
      [-32.655, -62.4, 118],
      [-32.645, -62.5, 122],
      [-32.635, -62.595, 126],
      'paradorBellVille',
      [-32.605, -62.77, 140],
      [-32.58, -62.85, 150],
      [-32.565, -62.92, 160],
      [-32.55, -62.99, 165],
      [-32.515, -63.06, 175],
      [-32.48, -63.13, 185],
      [-32.45, -63.185, 195],
      'clienteVillaMaria',
      [-32.36, -63.295, 215],
      [-32.3, -63.35, 230],
      [-32.23, -63.41, 245],
      [-32.16, -63.47, 260],
      [-32.1, -63.52, 270],
      [-32.04, -63.57, 280],
      [-31.98, -63.625, 285],
      [-31.92, -63.68, 290],
      [-31.85, -63.74, 300],
      [-31.78, -63.8, 310],
      [-31.73, -63.84, 325],
      [-31.68, -63.88, 340],
      [-31.65, -63.91, 345],
      [-31.6, -63.96, 360],
      [-31.55, -64.01, 370],
      [-31.5, -64.055, 380],
      [-31.45, -64.1, 390],
      'terminalCordoba',
    ],
  },
  'ramal-pilar-rn8': {
    name: 'Panamericana Ramal Pilar and RN8 to Venado Tuerto',
    vertices: [
      PACHECO,
      [-34.458, -58.68, 18],
      [-34.464, -58.725, 20],
      [-34.456, -58.77, 22],
      [-34.45, -58.815, 25],
      [-34.455, -58.86, 28],
      [-34.457, -58.905, 30],
      [-34.435, -58.935, 32],
      'clientePilar',
      [-34.385, -59.01, 35],
      [-34.35, -59.065, 38],
      [-34.315, -59.12, 40],
      [-34.29, -59.19, 40],
      [-34.27, -59.265, 38],
      [-34.26, -59.34, 36],
      [-34.255, -59.41, 35],
      [-34.25, -59.47, 33],
      [-34.22, -59.56, 38],
      [-34.185, -59.65, 42],
      [-34.155, -59.75, 45],
      [-34.125, -59.85, 47],
      [-34.1, -59.95, 48],
      [-34.08, -60.03, 50],
      [-34.065, -60.1, 52],
      [-34.03, -60.18, 54],
      [-33.995, -60.265, 56],
      [-33.96, -60.35, 58],
      [-33.935, -60.435, 60],
      [-33.915, -60.51, 62],
      'clientePergamino',
      [-33.88, -60.65, 65],
      [-33.86, -60.74, 70],
      [-33.84, -60.83, 75],
      [-33.825, -60.92, 80],
      [-33.81, -61.01, 85],
      [-33.8, -61.1, 88],
      [-33.795, -61.21, 92],
      [-33.795, -61.32, 96],
      [-33.79, -61.43, 100],
      [-33.78, -61.54, 102],
      [-33.77, -61.65, 104],
      [-33.76, -61.76, 106],
      [-33.75, -61.87, 108],
      'clienteVenadoTuerto',
    ],
  },
  'acceso-oeste': {
    name: 'Barracas – Autopista Perito Moreno and Acceso Oeste to Luján',
    vertices: [
      'barracas',
      [-34.64, -58.395, 12],
      [-34.635, -58.415, 20],
      [-34.632, -58.44, 25],
      [-34.638, -58.465, 28],
      [-34.642, -58.49, 28],
      [-34.638, -58.528, 25],
      [-34.643, -58.565, 24],
      [-34.645, -58.61, 22],
      [-34.642, -58.655, 22],
      [-34.638, -58.7, 24],
      [-34.633, -58.745, 26],
      [-34.63, -58.79, 28],
      [-34.62, -58.84, 28],
      [-34.61, -58.89, 30],
      [-34.6, -58.94, 30],
      [-34.59, -58.995, 28],
      [-34.58, -59.05, 27],
      'clienteLujan',
    ],
  },
  'rn7-lujan-junin': {
    name: 'RN7 Luján – Junín',
    vertices: [
      'clienteLujan',
      [-34.545, -59.165, 28],
      [-34.52, -59.23, 30],
      [-34.495, -59.3, 32],
      [-34.47, -59.37, 33],
      [-34.45, -59.44, 35],
      [-34.43, -59.53, 37],
      [-34.41, -59.63, 38],
      [-34.395, -59.73, 40],
      [-34.38, -59.82, 42],
      [-34.41, -59.91, 45],
      [-34.445, -60.0, 48],
      [-34.48, -60.09, 50],
      [-34.515, -60.18, 52],
      [-34.555, -60.27, 55],
      [-34.6, -60.37, 57],
      [-34.64, -60.47, 58],
      [-34.635, -60.57, 62],
      [-34.625, -60.67, 66],
      [-34.61, -60.77, 72],
      [-34.6, -60.86, 76],
      'clienteJunin',
    ],
  },
  'rn5-lujan-bragado': {
    name: 'RN5 Luján – Mercedes – Chivilcoy – Bragado',
    vertices: [
      'clienteLujan',
      [-34.585, -59.16, 28],
      [-34.605, -59.23, 30],
      [-34.63, -59.31, 33],
      [-34.65, -59.38, 35],
      [-34.66, -59.43, 36],
      [-34.69, -59.5, 38],
      [-34.725, -59.58, 40],
      [-34.77, -59.69, 42],
      [-34.8, -59.77, 44],
      [-34.84, -59.86, 46],
      [-34.87, -59.94, 48],
      'clienteChivilcoy',
      [-34.935, -60.09, 50],
      [-34.97, -60.16, 52],
      [-35.0, -60.22, 53],
      [-35.03, -60.28, 54],
      [-35.06, -60.35, 54],
      [-35.09, -60.42, 55],
      'depositoBragado',
    ],
  },
};
