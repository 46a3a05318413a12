import { translations } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/create-i18n';
import { addZoneStrings } from '../../shared/geofences/zone-strings';
import {
  buildGeofenceFeature,
  emptyGeofenceForm,
  geofenceToForm,
  type GeofenceFormValues,
} from './geofence-form';
import { buildPoiBody, emptyPoiForm } from './poi-form';
import { SQUARE, testGeofence } from './geofence-test-fixtures';

const i18n = createI18n('en', { en: translations.en });
addZoneStrings(i18n);
const t = i18n.t;

function form(patch: Partial<GeofenceFormValues>): GeofenceFormValues {
  return { ...emptyGeofenceForm(), name: 'Depot', ...patch };
}

describe('geofence form', () => {
  it('asks for a name and a drawn shape before anything is sent', () => {
    const { feature, errors } = buildGeofenceFeature(emptyGeofenceForm(), t);
    expect(feature).toBeNull();
    expect(errors).toMatchObject({ name: 'Required value', geometry: 'Draw the shape on the map' });
  });

  it('builds the save Feature of decisions.md for a polygon', () => {
    const values = form({
      geometry: { type: 'Polygon', coordinates: [SQUARE] },
      accessType: 'forbidden',
      speedLimit: '40',
      color: '#C62828',
      attributes: [
        { key: 'zona', value: 'puerto' },
        { key: '', value: '' },
      ],
      autoAsign: false,
      vehicles: [3],
      groups: [2],
    });
    const { feature, errors } = buildGeofenceFeature(values, t);
    expect(errors).toEqual({});
    expect(feature).toEqual({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [SQUARE] },
      properties: {
        name: 'Depot',
        accessType: 'forbidden',
        autoAsign: false,
        notify: false,
        speedLimit: 40,
        attributes: { zona: 'puerto' },
        color: '#c62828',
        vehicles: [3],
        groups: [2],
      },
    });
  });

  it('sends a circle as its centre and radius, a corridor as its line and width', () => {
    const circle = buildGeofenceFeature(
      form({ geometry: { type: 'Point', coordinates: [-58.4, -34.6] }, radius: '350' }),
      t,
    ).feature;
    expect(circle?.geometry.type).toBe('Point');
    expect(circle?.properties).toMatchObject({ radius: 350 });
    expect(circle?.properties).not.toHaveProperty('width');
    const corridor = buildGeofenceFeature(
      form({
        geometry: {
          type: 'LineString',
          coordinates: [
            [-58.4, -34.6],
            [-58.3, -34.5],
          ],
        },
        width: '80',
      }),
      t,
    ).feature;
    expect(corridor?.properties).toMatchObject({ width: 80 });
  });

  it('keeps the id of an edited geofence (an update) and drops vehicles when it applies to all', () => {
    const values = geofenceToForm(testGeofence({ id: 42, vehicles: [9], autoAsign: true }));
    const { feature } = buildGeofenceFeature(values, t);
    expect(feature?.properties).toMatchObject({ id: 42, vehicles: [], autoAsign: true });
    expect(feature?.properties.attributes).toEqual({ cliente: 'ACME' });
  });

  it('refuses limits out of range, a bad colour and repeated attributes, field by field', () => {
    const { errors } = buildGeofenceFeature(
      form({
        geometry: {
          type: 'LineString',
          coordinates: [
            [-58.4, -34.6],
            [-58.3, -34.5],
          ],
        },
        width: '5',
        speedLimit: '12.5',
        color: 'red',
        attributes: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
          { key: '', value: 'orphan' },
        ],
      }),
      t,
    );
    expect(errors).toEqual({
      width: 'Must be between 10 and 10000',
      speedLimit: 'Enter a whole number',
      color: 'Use a colour like #1e88e5',
      'attributes.1.key': 'Repeated attribute',
      'attributes.2.key': 'Attribute name required',
    });
  });

  it('refuses a polygon whose edges cross, with the shared contract and its words', () => {
    const bowTie: [number, number][] = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    const { feature, errors } = buildGeofenceFeature(
      form({ geometry: { type: 'Polygon', coordinates: [bowTie] } }),
      t,
    );
    expect(feature).toBeNull();
    expect(errors.geometry).toBe(t('validation.rule.self_intersection'));
    expect(errors.geometry).not.toBe('validation.rule.self_intersection');
  });
});

describe('point of interest form', () => {
  it('needs a name and a place; radius within the limits', () => {
    const { body, errors } = buildPoiBody({ ...emptyPoiForm(), radio: '1' }, t);
    expect(body).toBeNull();
    expect(errors).toEqual({
      nombre: 'Required value',
      radio: 'Must be between 5 and 5000',
      geom: 'Place it on the map',
    });
  });

  it('builds the create body with the spec field names', () => {
    const { body } = buildPoiBody(
      {
        ...emptyPoiForm(2),
        nombre: ' Cliente Sur ',
        radio: '120',
        idCliente: '3301',
        geom: { type: 'Point', coordinates: [-58.4, -34.6] },
      },
      t,
    );
    expect(body).toEqual({
      idInterestPointType: 2,
      nombre: 'Cliente Sur',
      descripcion: '',
      radio: 120,
      idCliente: 3301,
      geom: { type: 'Point', coordinates: [-58.4, -34.6] },
    });
  });
});
