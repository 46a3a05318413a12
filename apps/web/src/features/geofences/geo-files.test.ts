import { describe, expect, it } from 'vitest';
import { escapeXml, kmlColor, toGeoJson, toKml } from './geo-export';
import {
  GeoImportError,
  MAX_IMPORT_BYTES,
  fileKind,
  parseGeoText,
  readGeoFile,
} from './geo-import';
import { POI_TYPES, SQUARE, testGeofence, testPoi } from './geofence-test-fixtures';

const circle = testGeofence({
  id: 2,
  name: 'Cliente <Sur> & Cía',
  geom: { type: 'Point', coordinates: [-58.45, -34.62] },
  radius: 300,
  accessType: 'none',
  color: '#1565c0',
});
const corridor = testGeofence({
  id: 3,
  name: 'Ruta 9',
  geom: {
    type: 'LineString',
    coordinates: [
      [-58.5, -34.5],
      [-58.6, -34.4],
    ],
  },
  width: 250,
  speedLimit: 80,
  autoAsign: false,
});

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof GeoImportError) return error.code;
    throw error;
  }
  return undefined;
}

describe('GeoJSON import', () => {
  it('takes polygons and lines as geofences and points as points of interest', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Planta', fill: '#FF0000', turno: 'noche' },
          geometry: { type: 'Polygon', coordinates: [SQUARE.slice(0, 4)] },
        },
        {
          type: 'Feature',
          properties: { name: 'Camino', width: '60' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [-58, -34, 12],
              [-58.1, -34.1, 15],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Báscula', description: 'pesaje' },
          geometry: { type: 'Point', coordinates: [-58.2, -34.2] },
        },
      ],
    });
    const result = parseGeoText(text, 'geojson');
    expect(result.skipped).toEqual([]);
    expect(result.geofences).toHaveLength(2);
    // The open ring is closed; the colour and other properties come along.
    expect(result.geofences[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [SQUARE] });
    expect(result.geofences[0]!.properties).toMatchObject({
      name: 'Planta',
      color: '#ff0000',
      attributes: { turno: 'noche' },
    });
    // Altitudes are dropped; a line is a corridor with its width.
    expect(result.geofences[1]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [-58, -34],
        [-58.1, -34.1],
      ],
    });
    expect(result.geofences[1]!.properties.width).toBe(60);
    expect(result.pois).toEqual([
      {
        typeKey: null,
        body: {
          nombre: 'Báscula',
          descripcion: 'pesaje',
          radio: 100,
          idCliente: null,
          geom: { type: 'Point', coordinates: [-58.2, -34.2] },
        },
      },
    ]);
  });

  it('splits multi-geometries and names unnamed items; a crossing polygon is skipped with its reason', () => {
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Lotes' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [[SQUARE], [SQUARE.map(([x, y]) => [x + 1, y])]],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [bowTie] } },
        { type: 'Feature', properties: { name: 'Sin forma' }, geometry: null },
      ],
    });
    const result = parseGeoText(text, 'geojson');
    expect(result.geofences.map((g) => g.properties.name)).toEqual(['Lotes (1)', 'Lotes (2)']);
    expect(result.skipped).toEqual([
      { name: '#1', reason: 'self_intersection' },
      { name: 'Sin forma', reason: 'geometry' },
    ]);
  });

  it('reads its own export back: circles, corridors, attributes and POI types', () => {
    const exported = JSON.stringify(
      toGeoJson([testGeofence(), circle, corridor], [testPoi()], POI_TYPES),
    );
    const result = parseGeoText(exported, 'geojson');
    expect(result.geofences.map((g) => g.geometry.type)).toEqual([
      'Polygon',
      'Point',
      'LineString',
    ]);
    expect(result.geofences[1]!.properties).toMatchObject({
      name: circle.name,
      radius: 300,
      color: '#1565c0',
    });
    expect(result.geofences[2]!.properties).toMatchObject({
      width: 250,
      speedLimit: 80,
      autoAsign: false,
    });
    expect(result.geofences[0]!.properties.attributes).toEqual({ cliente: 'ACME' });
    expect(result.pois[0]).toMatchObject({
      typeKey: 'fuel',
      body: { nombre: 'YPF Ruta 9', radio: 150 },
    });
  });

  it('says what is wrong with a file that cannot be read', () => {
    expect(code(() => parseGeoText('{"type": "Feature",', 'geojson'))).toBe('json');
    expect(code(() => parseGeoText('{"hello": 1}', 'geojson'))).toBe('geojson');
    expect(code(() => parseGeoText('   ', 'geojson'))).toBe('empty');
    expect(code(() => parseGeoText('{"type":"FeatureCollection","features":[]}', 'geojson'))).toBe(
      'nothing',
    );
    const many = {
      type: 'MultiPoint',
      coordinates: Array.from({ length: 501 }, (_, i) => [i / 1000, 0]),
    };
    expect(code(() => parseGeoText(JSON.stringify(many), 'geojson'))).toBe('too_many');
  });
});

describe('KML', () => {
  it('writes valid KML: escaped names, aabbggrr colours, circles as rings with their radius', () => {
    expect(escapeXml('A & B <c> "d"')).toBe('A &amp; B &lt;c&gt; &quot;d&quot;');
    expect(kmlColor('#1565c0', 0.3)).toBe('4dc06515');
    const text = toKml([circle], [], POI_TYPES);
    const doc = new DOMParser().parseFromString(text, 'text/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.getElementsByTagName('name')[2]?.textContent).toBe(circle.name);
    expect(doc.getElementsByTagName('coordinates')[0]?.textContent?.split(' ')).toHaveLength(65);
  });

  it('reads its own export back through togeojson, shapes and measures included', () => {
    const text = toKml([testGeofence(), circle, corridor], [testPoi({ idCliente: 77 })], POI_TYPES);
    const result = parseGeoText(text, 'kml');
    expect(result.skipped).toEqual([]);
    const [polygon, round, line] = result.geofences;
    expect(polygon!.geometry).toEqual({ type: 'Polygon', coordinates: [SQUARE] });
    expect(polygon!.properties).toMatchObject({
      name: 'Depósito Norte',
      accessType: 'allowed',
      color: '#2e7d32',
      attributes: { cliente: 'ACME' },
    });
    expect(round!.geometry.type).toBe('Point');
    expect(round!.properties.radius).toBe(300);
    const [lng, lat] = round!.geometry.coordinates as number[];
    expect(lng).toBeCloseTo(-58.45, 4);
    expect(lat).toBeCloseTo(-34.62, 4);
    expect(line!.properties).toMatchObject({ width: 250, speedLimit: 80, autoAsign: false });
    expect(result.pois[0]).toEqual({
      typeKey: 'fuel',
      body: {
        nombre: 'YPF Ruta 9',
        descripcion: 'Estación con playa para camiones',
        radio: 150,
        idCliente: 77,
        geom: { type: 'Point', coordinates: [-58.5, -34.5] },
      },
    });
  });

  it('reads a KML from another tool (placemarks in folders, open rings, no ExtendedData)', () => {
    const text = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>
      <Placemark><name>Playa de camiones</name><Style><PolyStyle><color>7f00ff00</color></PolyStyle></Style>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>-58.37,-34.6,0 -58.36,-34.6,0 -58.36,-34.59,0 -58.37,-34.59,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Peaje</name><Point><coordinates>-58.1,-34.3</coordinates></Point></Placemark>
    </Folder></Document></kml>`;
    const result = parseGeoText(text, 'kml');
    expect(result.geofences).toHaveLength(1);
    expect(result.geofences[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [SQUARE] });
    expect(result.geofences[0]!.properties.color).toBe('#00ff00');
    expect(result.pois.map((p) => p.body.nombre)).toEqual(['Peaje']);
  });

  it('refuses text that is not KML', () => {
    expect(code(() => parseGeoText('<kml><Placemark>', 'kml'))).toBe('kml');
    expect(code(() => parseGeoText('<gpx></gpx>', 'kml'))).toBe('kml');
    expect(code(() => parseGeoText('not xml at all', 'kml'))).toBe('kml');
  });
});

describe('import files', () => {
  it('knows GeoJSON and KML by name or type, nothing else', () => {
    expect(fileKind({ name: 'zonas.KML', type: '' })).toBe('kml');
    expect(fileKind({ name: 'zonas.geojson', type: '' })).toBe('geojson');
    expect(fileKind({ name: 'export', type: 'application/geo+json' })).toBe('geojson');
    expect(fileKind({ name: 'zonas.kmz', type: 'application/vnd.google-earth.kmz' })).toBeNull();
    expect(fileKind({ name: 'foto.png', type: 'image/png' })).toBeNull();
  });

  it('refuses a wrong type, an empty file and one over 5 MB before reading it', async () => {
    const refused = async (file: File) => {
      try {
        await readGeoFile(file);
      } catch (error) {
        return error instanceof GeoImportError ? error.code : 'other';
      }
      return 'accepted';
    };
    expect(await refused(new File(['x'], 'zonas.shp'))).toBe('type');
    expect(await refused(new File([], 'zonas.kml'))).toBe('empty');
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], 'zonas.geojson');
    expect(await refused(big)).toBe('size');
    const ok = new File([JSON.stringify({ type: 'Point', coordinates: [1, 2] })], 'p.json');
    expect((await readGeoFile(ok)).pois).toHaveLength(1);
  });

  it('never unpacks a KMZ: a zip bomb is refused by its name unread, and under a .kml name read as text and refused', async () => {
    // doc.kml of 64 MB of placemarks deflated to a few hundred KB, in a zip (KMZ) container.
    const placemark =
      '<Placemark><name>Zona</name><Point><coordinates>-58.4,-34.6</coordinates></Point></Placemark>';
    const chunk = new TextEncoder().encode(
      placemark.repeat(Math.floor(1_048_576 / placemark.length)),
    );
    let pulled = 0;
    const deflated = new Blob([
      await new Response(
        new ReadableStream({
          pull(controller) {
            if (++pulled > 64) controller.close();
            else controller.enqueue(chunk);
          },
        }).pipeThrough(new CompressionStream('deflate-raw')),
      ).arrayBuffer(),
    ]);
    const kmz = new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04]), new Uint8Array(26), deflated]);
    expect(kmz.size).toBeLessThan(MAX_IMPORT_BYTES);
    let reads = 0;
    const watched = (name: string) => {
      const file = new File([kmz], name, { type: 'application/vnd.google-earth.kmz' });
      const text = file.text.bind(file);
      file.text = () => {
        reads += 1;
        return text();
      };
      return file;
    };
    await expect(readGeoFile(watched('zonas.kmz'))).rejects.toMatchObject({ code: 'type' });
    expect(reads).toBe(0);
    // Renamed: read as the bytes it is (under 5 MB), never inflated, and refused as no KML.
    await expect(readGeoFile(watched('zonas.kml'))).rejects.toMatchObject({ code: 'kml' });
    expect(reads).toBe(1);
  });
});
