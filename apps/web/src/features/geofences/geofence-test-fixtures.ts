import type { Geofence, InterestPoint, InterestPointType } from '@rumbo/contracts';

/** A square of about 1 km at Buenos Aires' port, closed. */
export const SQUARE: [number, number][] = [
  [-58.37, -34.6],
  [-58.36, -34.6],
  [-58.36, -34.59],
  [-58.37, -34.59],
  [-58.37, -34.6],
];

export function testGeofence(patch: Partial<Geofence> = {}): Geofence {
  return {
    id: 1,
    name: 'Depósito Norte',
    recordedat: '2026-11-20T10:00:00.000Z',
    geom: { type: 'Polygon', coordinates: [SQUARE] },
    attributes: { cliente: 'ACME' },
    accessType: 'allowed',
    autoAsign: true,
    notify: true,
    color: '#2e7d32',
    speedLimit: null,
    width: null,
    radius: null,
    vehicles: [],
    groups: [],
    ...patch,
  };
}

export function testPoi(patch: Partial<InterestPoint> = {}): InterestPoint {
  return {
    idInterestPoint: 5,
    idInterestPointType: 1,
    nombre: 'YPF Ruta 9',
    idUsuario: 7,
    idCliente: null,
    descripcion: 'Estación con playa para camiones',
    radio: 150,
    recordedat: '2026-11-20T10:00:00.000Z',
    geom: { type: 'Point', coordinates: [-58.5, -34.5] },
    deleted: false,
    ...patch,
  };
}

export const POI_TYPES: InterestPointType[] = [
  { idInterestPointType: 1, nombre: 'Estación de servicio', icono: 'fuel', code: 'fuel' },
  { idInterestPointType: 2, nombre: 'Cliente', icono: 'client', code: 'client' },
];
