import {
  GEOFENCE_LIMITS,
  type InterestPoint,
  type InterestPointCreateInput,
} from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { parseNumber, type GeofenceFormErrors, type PointGeometry } from './geofence-form';

/** What the point-of-interest form edits. */
export interface PoiFormValues {
  id?: number;
  /** '' when none is picked. */
  idInterestPointType: string;
  nombre: string;
  descripcion: string;
  /** Metres (text). */
  radio: string;
  /** The client's id in the customer's systems (text; optional). */
  idCliente: string;
  geom: PointGeometry | null;
}

export const DEFAULT_POI_RADIUS_M = 100;

export function emptyPoiForm(typeId?: number): PoiFormValues {
  return {
    idInterestPointType: typeId === undefined ? '' : String(typeId),
    nombre: '',
    descripcion: '',
    radio: String(DEFAULT_POI_RADIUS_M),
    idCliente: '',
    geom: null,
  };
}

export function poiToForm(p: InterestPoint): PoiFormValues {
  return {
    id: p.idInterestPoint,
    idInterestPointType: p.idInterestPointType === null ? '' : String(p.idInterestPointType),
    nombre: p.nombre,
    descripcion: p.descripcion,
    radio: String(p.radio),
    idCliente: p.idCliente === null ? '' : String(p.idCliente),
    geom: { type: 'Point', coordinates: [p.geom.coordinates[0], p.geom.coordinates[1]] },
  };
}

/** Checks the form and builds the body of create (and of edit, which sends every field). */
export function buildPoiBody(
  values: PoiFormValues,
  t: TFunction,
): { body: InterestPointCreateInput | null; errors: GeofenceFormErrors } {
  const errors: GeofenceFormErrors = {};
  const nombre = values.nombre.trim();
  if (nombre === '') errors.nombre = t('geofences.errors.required');
  else if (nombre.length > 100) errors.nombre = t('geofences.errors.max_length', { max: 100 });
  if (values.descripcion.length > 1000) {
    errors.descripcion = t('geofences.errors.max_length', { max: 1000 });
  }
  const radio = parseNumber(values.radio);
  const { minPoiRadius: min, maxPoiRadius: max } = GEOFENCE_LIMITS;
  if (radio === null) errors.radio = t('geofences.errors.required');
  else if (Number.isNaN(radio)) errors.radio = t('geofences.errors.number');
  else if (radio < min || radio > max) errors.radio = t('geofences.errors.range', { min, max });
  const client = parseNumber(values.idCliente);
  if (client !== null && (!Number.isInteger(client) || client < 1)) {
    errors.idCliente = t('geofences.errors.integer');
  }
  if (!values.geom) errors.geom = t('geofences.errors.no_location');
  if (Object.keys(errors).length > 0 || !values.geom || radio === null) {
    return { body: null, errors };
  }
  return {
    body: {
      idInterestPointType:
        values.idInterestPointType === '' ? null : Number(values.idInterestPointType),
      nombre,
      descripcion: values.descripcion.trim(),
      radio,
      idCliente: client,
      geom: values.geom,
    },
    errors,
  };
}
