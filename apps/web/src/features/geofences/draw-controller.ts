import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Map as MapLibre } from 'maplibre-gl';
import { circleOf, circleRing, round7 } from '../../shared/geofences/zone-shapes';
import type { ZoneGeometry } from './geofence-form';

/** The shapes the screen draws: four zone shapes and a POI's place. */
export type DrawShape = 'polygon' | 'rectangle' | 'circle' | 'corridor' | 'point';

/** What the drawing holds: a zone's or a POI's geometry; a circle with its radius. */
export interface DrawnShape {
  geometry: ZoneGeometry;
  radiusM?: number;
}

/** Terra Draw's mode for each shape (a corridor is drawn as a line). */
const MODE_OF: Record<DrawShape, string> = {
  polygon: 'polygon',
  rectangle: 'rectangle',
  circle: 'circle',
  corridor: 'linestring',
  point: 'point',
};

/** The colour of what is being drawn or edited: visible on light and dark maps. */
const DRAW_COLOR = '#ff6d00';
const PRECISION = 7;

const vertexEditing = {
  feature: {
    draggable: true,
    coordinates: { midpoints: true, draggable: true, deletable: true },
  },
} as const;

function createDraw(map: MapLibre): TerraDraw {
  const adapter = new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: PRECISION });
  const color = DRAW_COLOR as `#${string}`;
  const polygonStyles = {
    fillColor: color,
    outlineColor: color,
    fillOpacity: 0.25,
    outlineWidth: 2,
  };
  return new TerraDraw({
    adapter,
    modes: [
      new TerraDrawSelectMode({
        flags: {
          polygon: vertexEditing,
          linestring: vertexEditing,
          rectangle: {
            feature: { draggable: true, coordinates: { draggable: true, resizable: 'opposite' } },
          },
          circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          point: { feature: { draggable: true } },
        },
        styles: {
          selectedPolygonColor: color,
          selectedPolygonOutlineColor: color,
          selectedPolygonFillOpacity: 0.3,
          selectedLineStringColor: color,
          selectedLineStringWidth: 4,
          selectedPointColor: color,
          selectedPointWidth: 8,
          selectionPointColor: '#ffffff',
          selectionPointOutlineColor: color,
          selectionPointWidth: 6,
          selectionPointOutlineWidth: 2,
          midPointColor: color,
          midPointOutlineColor: '#ffffff',
          midPointWidth: 4,
        },
      }),
      new TerraDrawPolygonMode({
        styles: polygonStyles,
        validation: (feature) => ValidateNotSelfIntersecting(feature),
      }),
      new TerraDrawRectangleMode({ styles: polygonStyles }),
      new TerraDrawCircleMode({ styles: polygonStyles }),
      new TerraDrawLineStringMode({ styles: { lineStringColor: color, lineStringWidth: 4 } }),
      new TerraDrawPointMode({ styles: { pointColor: color, pointWidth: 8 } }),
    ],
  });
}

/** A drawn feature as the form holds it. */
export function shapeOfFeature(feature: GeoJSONStoreFeatures): DrawnShape | null {
  const geometry = feature.geometry;
  const round = (p: readonly number[]): [number, number] => [round7(p[0] ?? 0), round7(p[1] ?? 0)];
  if (feature.properties.mode === 'circle' && geometry.type === 'Polygon') {
    const { center, radiusM } = circleOf(geometry.coordinates[0] ?? []);
    return { geometry: { type: 'Point', coordinates: center }, radiusM };
  }
  switch (geometry.type) {
    case 'Polygon':
      return {
        geometry: { type: 'Polygon', coordinates: geometry.coordinates.map((r) => r.map(round)) },
      };
    case 'LineString':
      return { geometry: { type: 'LineString', coordinates: geometry.coordinates.map(round) } };
    case 'Point':
      return { geometry: { type: 'Point', coordinates: round(geometry.coordinates) } };
  }
}

/**
 * Terra Draw on the geofence map, holding at most one feature: the zone or POI being drawn or
 * edited (the saved ones are a plain GeoJSON layer). A finished shape switches to vertex
 * editing; each finished draw or edit is reported. A style switch (dark mode) removes the
 * library's layers, so `attach` is called again after each style load and the shape is put back.
 */
export class DrawController {
  private draw: TerraDraw | null = null;
  private ready = false;
  private featureId: string | number | null = null;
  /** The shape held, kept here so a new Terra Draw (after a style switch) gets it back. */
  private shape: DrawnShape | null = null;
  private pendingMode: DrawShape | null = null;
  private kind: 'zone' | 'poi' = 'zone';

  constructor(private readonly onShape: (shape: DrawnShape | null) => void) {}

  attach(map: MapLibre): void {
    this.detach();
    const draw = createDraw(map);
    this.draw = draw;
    draw.on('ready', () => {
      if (this.draw !== draw) return;
      this.ready = true;
      draw.setMode('select');
      if (this.pendingMode) this.start(this.pendingMode);
      else if (this.shape) this.put(this.shape);
    });
    draw.on('finish', (id, context) => {
      if (this.draw !== draw) return;
      const feature = draw.getSnapshotFeature(id);
      if (!feature) return;
      const shape = shapeOfFeature(feature);
      this.featureId = id;
      this.shape = shape;
      this.onShape(shape);
      if (context.action === 'draw') {
        // Drawn: straight into editing, so vertices can be dragged at once (after the drawing
        // mode has finished its own handling of this event).
        setTimeout(() => {
          if (this.draw !== draw || !draw.hasFeature(id)) return;
          draw.setMode('select');
          draw.selectFeature(id);
        }, 0);
      }
    });
    draw.start();
  }

  detach(): void {
    const draw = this.draw;
    this.draw = null;
    this.ready = false;
    this.featureId = null;
    if (draw?.enabled) {
      try {
        draw.stop();
      } catch {
        // The map may be gone already (screen left): nothing to clean.
      }
    }
  }

  /** Starts drawing a new shape (the one held is dropped). */
  start(shape: DrawShape, kind: 'zone' | 'poi' = this.kind): void {
    this.kind = kind;
    this.shape = null;
    const draw = this.draw;
    if (!draw || !this.ready) {
      this.pendingMode = shape;
      return;
    }
    this.pendingMode = null;
    this.clearFeatures();
    draw.setMode(MODE_OF[shape]);
  }

  /** Puts a saved shape in for editing (vertices draggable), or clears with null. */
  load(shape: DrawnShape | null, kind: 'zone' | 'poi' = 'zone'): void {
    this.kind = kind;
    this.pendingMode = null;
    this.shape = shape;
    if (!this.draw || !this.ready) return;
    this.clearFeatures();
    this.draw.setMode('select');
    if (shape) this.put(shape);
  }

  /** Changes a held circle's radius (typed in the form). */
  setRadius(radiusM: number): void {
    if (!this.shape || this.shape.geometry.type !== 'Point' || this.kind !== 'zone') return;
    if (!Number.isFinite(radiusM) || radiusM <= 0 || radiusM === this.shape.radiusM) return;
    this.load({ ...this.shape, radiusM }, 'zone');
  }

  /** The screen positions of the held shape's vertices (browser tests). */
  vertices(map: MapLibre): { x: number; y: number }[] {
    const g = this.shape?.geometry;
    if (!g) return [];
    const positions =
      g.type === 'Polygon'
        ? (g.coordinates[0] ?? []).slice(0, -1)
        : g.type === 'LineString'
          ? g.coordinates
          : [g.coordinates];
    return positions.map((p) => map.project([p[0] ?? 0, p[1] ?? 0]));
  }

  get current(): DrawnShape | null {
    return this.shape;
  }

  /** How many features the drawing tool holds, its guidance points included (browser tests). */
  get heldFeatures(): number {
    return this.draw?.enabled ? this.draw.getSnapshot().length : 0;
  }

  private clearFeatures(): void {
    this.featureId = null;
    // Clears the store with the selection's guidance points (removing those one by one throws
    // once the selection is gone).
    this.draw?.clear();
  }

  private put(shape: DrawnShape): void {
    const draw = this.draw;
    if (!draw) return;
    const id = draw.getFeatureId();
    const g = shape.geometry;
    let feature: GeoJSONStoreFeatures;
    if (g.type === 'Point' && this.kind === 'zone') {
      const radiusM = shape.radiusM ?? 200;
      feature = {
        id,
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [circleRing(g.coordinates, radiusM, 64)] },
        properties: { mode: 'circle', radiusKilometers: radiusM / 1000 },
      };
    } else if (g.type === 'Point') {
      feature = { id, type: 'Feature', geometry: g, properties: { mode: 'point' } };
    } else if (g.type === 'LineString') {
      feature = { id, type: 'Feature', geometry: g, properties: { mode: 'linestring' } };
    } else {
      feature = { id, type: 'Feature', geometry: g, properties: { mode: 'polygon' } };
    }
    const [result] = draw.addFeatures([feature]);
    if (!result?.valid) {
      // A saved shape the library refuses (e.g. holes): shown by the layer, not editable here.
      console.warn('shape not editable', result?.reason);
      return;
    }
    this.featureId = id;
    draw.selectFeature(id);
  }
}
