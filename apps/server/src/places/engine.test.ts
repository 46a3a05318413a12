import { describe, expect, it } from 'vitest';
import { formatPlace } from '@rumbo/telematics';
import { addressPlace, parseEngineAnswer } from './engine.js';
import { countryName, placeText, placeTextLong } from './render.js';

// The two engines' documented reverse answers (Nominatim `format=jsonv2`, Photon GeoJSON).
describe('geocoder engine answers (issue 23)', () => {
  it('reads Nominatim jsonv2, and its "Unable to geocode"', () => {
    const nominatim = {
      place_id: 1,
      category: 'building',
      type: 'yes',
      addresstype: 'building',
      name: '',
      display_name: '1234, Bv. Oroño, Rosario, Santa Fe, S2000, Argentina',
      address: {
        house_number: '1234',
        road: 'Bv. Oroño',
        city: 'Rosario',
        state: 'Santa Fe',
        postcode: 'S2000',
        country: 'Argentina',
        country_code: 'ar',
      },
    };
    expect(parseEngineAnswer(nominatim)).toEqual({
      name: 'Bv. Oroño 1234',
      locality: 'Rosario',
      admin: 'Santa Fe',
      country: 'AR',
    });
    expect(parseEngineAnswer({ error: 'Unable to geocode' })).toBeNull();
  });

  it('reads Photon’s FeatureCollection', () => {
    const photon = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-60.65, -32.94] },
          properties: {
            osm_type: 'N',
            name: 'YPF',
            street: 'Avenida Pellegrini',
            housenumber: '500',
            city: 'Rosario',
            state: 'Santa Fe',
            country: 'Argentina',
            countrycode: 'AR',
            type: 'house',
          },
        },
      ],
    };
    expect(parseEngineAnswer(photon)).toEqual({
      name: 'Avenida Pellegrini 500',
      locality: 'Rosario',
      admin: 'Santa Fe',
      country: 'AR',
    });
    expect(parseEngineAnswer({ type: 'FeatureCollection', features: [] })).toBeNull();
  });

  it('one place from both languages, rendered per language with the country', () => {
    const place = addressPlace({
      es: { name: 'Piccadilly 1', locality: 'Londres', admin: 'Inglaterra', country: 'GB' },
      en: { name: 'Piccadilly 1', locality: 'London', admin: 'England', country: 'GB' },
    })!;
    expect(placeText(place, 'es')).toBe('Piccadilly 1, Londres, Inglaterra');
    expect(placeText(place, 'en')).toBe('Piccadilly 1, London, England');
    expect(placeTextLong(place, 'es')).toBe('Piccadilly 1, Londres, Inglaterra, Reino Unido');
    expect(countryName('AR', 'en')).toBe('Argentina');
    expect(placeText({ kind: 'bogus' }, 'es')).toBeNull();
    expect(formatPlace({ kind: 'locality' }, 'es')).toBe('');
  });
});
