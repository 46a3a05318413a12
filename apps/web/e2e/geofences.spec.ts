import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, scrollsSideways, signIn } from './support/helpers';
import {
  atBothWidths,
  ES_LIGHT,
  type Look,
  NARROW,
  shooter,
  SHOTS_DIR,
  signInWithCombination,
  testEachCombination,
  WIDE,
} from './support/shots';
import { DEMO, LOOK_USERS, USERS, type TestUser } from './support/users';

// geofence/admin: a polygon drawn on the map, saved, seen again after a reload, a vertex dragged
// and saved; a KML file imported (and a wrong file refused); screenshots of the screen, the live
// map's zone layers, at 1440 and 390 px, light and dark, ES and EN.

type Point = { x: number; y: number };
type Shape = { geometry: { type: string; coordinates: unknown } } | null;

/** The map's test hook (only under automation): the edited shape and its vertices on screen. */
async function vertices(page: Page): Promise<Point[]> {
  return page.evaluate(() => {
    const hook = (window as unknown as { __rumboGeofenceMap?: { vertices: () => Point[] } })
      .__rumboGeofenceMap;
    return hook ? hook.vertices() : [];
  });
}

async function shape(page: Page): Promise<Shape> {
  return page.evaluate(
    () =>
      (
        window as unknown as { __rumboGeofenceMap?: { shape: () => Shape } }
      ).__rumboGeofenceMap?.shape() ?? null,
  );
}

/** Features the drawing tool holds (the zone and its vertex handles when selected). */
async function held(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (
        window as unknown as { __rumboGeofenceMap?: { held: () => number } }
      ).__rumboGeofenceMap?.held() ?? 0,
  );
}

async function mapBox(page: Page) {
  const box = await page.getByTestId('base-map').boundingBox();
  if (!box) throw new Error('no map');
  return box;
}

/** Terra Draw reads pointer events: a press, a few moves and a release make a drag. */
async function drag(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  }
  await page.mouse.up();
}

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Clientes</name>
  <Placemark><name>Playa importada</name>
    <Style><PolyStyle><color>7f0000ff</color></PolyStyle></Style>
    <ExtendedData><Data name="cliente"><value>Acopio Sur</value></Data></ExtendedData>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      -58.40,-34.62,0 -58.38,-34.62,0 -58.38,-34.60,0 -58.40,-34.60,0 -58.40,-34.62,0
    </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>Peaje importado</name><Point><coordinates>-58.45,-34.55</coordinates></Point></Placemark>
</Folder></Document></kml>`;

/** Signs in as the zones user and opens the zones administration. */
async function openZonesAdmin(page: Page) {
  await signIn(page, USERS.zones);
  await page.goto('/app/geofence/admin');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Geocercas y puntos de interés' }),
  ).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('zones-search')).toBeVisible({ timeout: 30_000 });
}

test('a polygon is drawn, saved, seen after a reload, its vertex moved, and again in dark mode', async ({
  page,
}) => {
  const name = `Zona E2E ${String(Date.now()).slice(-6)}`;
  await openZonesAdmin(page);

  // Draw a polygon: four clicks, then the first vertex again closes it.
  await page.getByTestId('geofence-create').click();
  const form = page.getByTestId('geofence-form');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Valor requerido')).toBeVisible();
  await expect(form.getByText('Dibuje la forma en el mapa')).toBeVisible();
  await page.getByTestId('draw-polygon').click();
  await expect(page.getByTestId('draw-hint')).toBeVisible();
  const box = await mapBox(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners = [
    { x: cx - 120, y: cy - 80 },
    { x: cx + 120, y: cy - 80 },
    { x: cx + 120, y: cy + 80 },
    { x: cx - 120, y: cy + 80 },
  ];
  for (const p of corners) {
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(150);
  }
  await page.mouse.click(corners[0]!.x, corners[0]!.y);
  await expect(page.getByTestId('draw-status')).toContainText('Polígono · 4 vértices');
  await form.locator('#geofence-name').fill(name);
  await form.locator('#geofence-speed').fill('40');
  await form.locator('#geofence-access').click();
  await page.getByRole('option', { name: 'Prohibida' }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Geocerca guardada')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId('geofence-row').filter({ hasText: name });
  await expect(row).toContainText('Prohibida · 40 km/h');

  // After a reload it is still there; opening it puts its vertices up for editing.
  await page.reload();
  await expect(row).toBeVisible({ timeout: 45_000 });
  await row.click();
  await expect(form.locator('#geofence-name')).toHaveValue(name);
  await expect(page.getByTestId('draw-status')).toContainText('4 vértices');
  await expect.poll(async () => (await vertices(page)).length, { timeout: 15_000 }).toBe(4);
  const before = await shape(page);
  const [first] = await vertices(page);
  await page.waitForTimeout(500);
  await drag(page, first!, { x: first!.x - 40, y: first!.y - 30 });
  await expect.poll(async () => JSON.stringify(await shape(page))).not.toBe(JSON.stringify(before));
  const moved = await shape(page);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Geocerca guardada')).toBeVisible();
  await page.reload();
  await expect(row).toBeVisible({ timeout: 45_000 });
  await row.click();
  await expect.poll(async () => JSON.stringify(await shape(page))).toBe(JSON.stringify(moved));

  // A theme switch replaces the map's style; the zone stays in the drawing tool, editable.
  await page.getByTestId('dark-mode-switch').first().click();
  await expect(page.getByTestId('dark-mode-switch').first()).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.mouse.move(cx, cy);
  await expect.poll(() => held(page), { timeout: 15_000 }).toBeGreaterThan(1);
  await page.waitForTimeout(500);
  const [, second] = await vertices(page);
  await drag(page, second!, { x: second!.x + 30, y: second!.y + 20 });
  await expect.poll(async () => JSON.stringify(await shape(page))).not.toBe(JSON.stringify(moved));
  await page.getByTestId('dark-mode-switch').first().click();
  // Away from the mini drawer, which opens over the page while hovered.
  await page.mouse.move(cx, cy);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();
});

test('a file of another type is refused, a KML file imported, an imported zone deleted', async ({
  page,
}) => {
  await openZonesAdmin(page);
  // A file of another type is refused with a clear message; a KML file is imported.
  await page.getByTestId('zones-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'zonas.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hola'),
  });
  await expect(dialog.getByTestId('import-error')).toContainText(
    'El archivo debe ser GeoJSON (.geojson, .json) o KML (.kml).',
  );
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'clientes.kml',
    mimeType: 'application/vnd.google-earth.kml+xml',
    buffer: Buffer.from(KML),
  });
  await expect(dialog.getByTestId('import-summary')).toContainText(
    '1 geocercas y 1 puntos de interés listos para importar',
  );
  await dialog.getByTestId('import-run').click();
  await expect(dialog.getByTestId('import-done')).toContainText('Importados: 2');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  const imported = page.getByTestId('geofence-row').filter({ hasText: 'Playa importada' });
  await expect(imported).toBeVisible();
  await page.getByTestId('zones-search').fill('acopio');
  await expect(page.getByTestId('geofence-row')).toHaveCount(1);
  await page.getByTestId('zones-tab-pois').click();
  await page.getByTestId('zones-search').fill('');
  await expect(page.getByTestId('poi-row').filter({ hasText: 'Peaje importado' })).toBeVisible();

  // Delete asks first.
  await page.getByTestId('zones-tab-geofences').click();
  await imported.click();
  await page.getByTestId('zone-delete').click();
  await expect(page.getByTestId('zone-confirm-delete')).toContainText('¿Eliminar Playa importada?');
  await page.getByTestId('zone-confirm-delete-accept').click();
  await expect(page.getByText('Eliminado correctamente')).toBeVisible();
  await expect(imported).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// Screenshots: each combination has its own company, seeded through the API.

const ring = (lng: number, lat: number, d: number) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
  [lng - d, lat - d],
];

async function seedZones(request: APIRequestContext, user: TestUser) {
  const session = await apiSession(request, user);
  const headers = { ...session.headers, 'user-token': session.userToken };
  const list = await request.post('/api/v2/geofence/get_all', { headers, data: {} });
  expect(list.ok(), await list.text()).toBe(true);
  if (((await list.json()) as unknown[]).length > 0) return;
  const features = [
    {
      name: 'Depósito Central',
      geometry: { type: 'Polygon', coordinates: [ring(-58.42, -34.6, 0.008)] },
      accessType: 'allowed',
      color: '#2e7d32',
      attributes: { turno: '24 h' },
    },
    {
      name: 'Zona portuaria restringida',
      geometry: { type: 'Polygon', coordinates: [ring(-58.36, -34.58, 0.006)] },
      accessType: 'forbidden',
      color: '#c62828',
      speedLimit: 30,
    },
    {
      name: 'Cliente Norte',
      geometry: { type: 'Point', coordinates: [-58.48, -34.55] },
      radius: 600,
      accessType: 'none',
      color: '#1565c0',
    },
    {
      name: 'Acceso Ruta 9',
      geometry: {
        type: 'LineString',
        coordinates: [
          [-58.5, -34.62],
          [-58.45, -34.6],
          [-58.4, -34.63],
        ],
      },
      width: 300,
      accessType: 'allowed',
      color: '#ef6c00',
      speedLimit: 60,
    },
  ];
  for (const { geometry, ...properties } of features) {
    const saved = await request.post('/api/v2/geofence/save', {
      headers,
      data: {
        type: 'Feature',
        geometry,
        properties: { autoAsign: true, attributes: {}, ...properties },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  const poi = await request.post('/api/rest/routing/interest_point', {
    headers,
    data: {
      nombre: 'Estación YPF Autopista',
      radio: 150,
      geom: { type: 'Point', coordinates: [-58.44, -34.57] },
    },
  });
  expect(poi.ok(), await poi.text()).toBe(true);
}

/** The geofence screenshots in `look`: once the maps have drawn, the whole page on a phone. */
function geofenceShots(page: Page, look: Look) {
  const shot = shooter(page, look, { prefix: 'geofences', waitMs: 800 });
  return (name: string) => shot(name, { fullPage: page.viewportSize()?.width === NARROW.width });
}

testEachCombination(
  {
    title: ({ language, theme }) => `geofence/admin screenshots ${language} ${theme}`,
    combinations: LOOK_USERS.zones,
  },
  async ({ page, request, combination }) => {
    const { user } = combination;
    test.setTimeout(240_000);
    await seedZones(request, user);
    // The maps open on the seeded zones (the user's saved centre and zoom).
    await signInWithCombination(page, request, combination, {
      lat: -34.595,
      lng: -58.43,
      zoom: 11.5,
    });
    const shot = geofenceShots(page, combination);
    await atBothWidths(page, async () => {
      await page.goto('/app/geofence/admin');
      await expect(page.getByTestId('geofence-row').first()).toBeVisible({ timeout: 45_000 });
      expect(await scrollsSideways(page)).toBe(false);
      await shot('list');
      await page.getByTestId('geofence-row').filter({ hasText: 'Acceso Ruta 9' }).click();
      await expect(page.getByTestId('geofence-form')).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
      await shot('form');
      // Not for every vehicle: the groups and vehicles it applies to.
      await page
        .getByTestId('geofence-form')
        .locator('input[role="switch"][aria-describedby="geofence-autoasign-help"]')
        .click();
      await expect(page.getByTestId('geofence-form').getByRole('combobox')).toHaveCount(3);
      expect(await scrollsSideways(page)).toBe(false);
      await page.getByTestId('geofence-form').getByRole('button').first().click();
      await page.getByTestId('poi-create').click();
      await expect(page.getByTestId('poi-form')).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
      await shot('poi');
      await page.getByTestId('poi-form').getByRole('button').first().click();
    });
    // The live map with its zone layers and the layers menu open.
    await page.setViewportSize(WIDE);
    await page.goto('/app/map/current_location');
    await page.getByTestId('zone-layers-button').click();
    await expect(page.getByTestId('zone-layer-geofences')).toBeVisible();
    await shot('live-map-layers');
  },
);

// Travel consultation of a demo truck: the demo company's zones as layers, toggled, and the
// zones its trips visited (decision 0020's demo places), in the trips list.
test('travel consultation shows the zone layers and the zones a trip visited', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const session = await apiSession(request, DEMO);
  const to = Date.now();
  const from = to - 24 * 3_600_000;
  let target: { id: number; zones: boolean } | null = null;
  await expect
    .poll(
      async () => {
        const groups = (await (
          await request.get('/api/vehicles/groups/vehicles', { headers: session.headers })
        ).json()) as { vehicleList: { vehicleId: number }[] }[];
        for (const { vehicleId } of groups.flatMap((g) => g.vehicleList)) {
          const reply = await request.get(
            `/api/vehicles/history/${vehicleId}/trips?from=${from}&to=${to}`,
            { headers: session.headers },
          );
          const trips = reply.ok() ? ((await reply.json()) as { zones?: unknown[] }[]) : [];
          const zones = trips.some((t) => (t.zones?.length ?? 0) > 0);
          if (trips.length > 0 && (zones || !target)) target = { id: vehicleId, zones };
          if (zones) return true;
        }
        return false;
      },
      { timeout: 180_000, intervals: [3000] },
    )
    .toBe(true)
    .catch(() => undefined);
  expect(target, 'a demo truck with trips').not.toBeNull();
  const { id, zones } = target!;
  await signIn(page, DEMO);
  await page.goto(`/app/map/travel_consultation/${id}/${from}/${to}`);
  await expect(page.getByTestId('travel-list')).toBeVisible({ timeout: 60_000 });
  if (zones) await expect(page.getByTestId('trip-zones').first()).toBeVisible();
  await page.getByTestId('zone-layers-button').click();
  await expect(page.getByTestId('zone-layer-geofences')).toBeChecked();
  await page.getByTestId('zone-layer-pois').click();
  await expect(page.getByTestId('zone-layer-pois')).not.toBeChecked();
  await page.keyboard.press('Escape');
  // The stop after the first trip (which ended at a demo depot or client site) brought into view:
  // its zone is drawn there.
  await page.getByTestId('travel-list').locator('[data-kind="stop"]').nth(1).click();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            window as unknown as { __rumboZoneLayers?: { rendered: () => number } }
          ).__rumboZoneLayers?.rendered() ?? -1,
      ),
    )
    .toBeGreaterThan(0);
  await page.mouse.move(5, 300);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const shot = geofenceShots(page, ES_LIGHT);
  await atBothWidths(page, async () => {
    expect(await scrollsSideways(page)).toBe(false);
    await shot('travel-zones');
  });
});
