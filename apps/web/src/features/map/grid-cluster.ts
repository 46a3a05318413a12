import { GL_STRIDE } from '../../shared/fleet/live-fleet-store';

/** The visible part of the world in web-mercator units (0…1) and the zoom it is drawn at. */
export interface MercatorView {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  zoom: number;
}

export interface Cluster {
  /** Mean position of the members, mercator. */
  x: number;
  y: number;
  count: number;
  /** Slots of the members. */
  slots: number[];
}

export interface ClusterOptions {
  /** Cell size in CSS pixels. */
  cellPx?: number;
  /** No clustering from this zoom on. */
  maxZoom?: number;
  /** Tile size of the zoom scale (MapLibre: 512). */
  worldPx?: number;
}

/**
 * Grid clustering over the store's typed arrays, run when the viewport changes (not per update):
 * vehicles that pass the filter and fall in the same screen cell of `cellPx` become one cluster.
 * Returns the clusters and, per slot, 1 when the vehicle is drawn inside a cluster.
 */
export function gridCluster(
  gl: Float32Array,
  count: number,
  pass: Uint8Array,
  view: MercatorView,
  options: ClusterOptions = {},
): { clusters: Cluster[]; clustered: Uint8Array } {
  const cellPx = options.cellPx ?? 60;
  const maxZoom = options.maxZoom ?? 14;
  const clustered = new Uint8Array(count);
  if (view.zoom >= maxZoom) return { clusters: [], clustered };
  const scale = ((options.worldPx ?? 512) * 2 ** view.zoom) / cellPx;
  // One cell of margin so clusters at the edge do not split differently while panning.
  const margin = 1 / scale;
  const minX = view.minX - margin;
  const maxX = view.maxX + margin;
  const minY = view.minY - margin;
  const maxY = view.maxY + margin;
  const cells = new Map<number, number[]>();
  const rowWidth = Math.ceil(scale) + 1;
  for (let s = 0; s < count; s++) {
    if (!pass[s]) continue;
    const x = gl[s * GL_STRIDE]!;
    const y = gl[s * GL_STRIDE + 1]!;
    if (x < minX || x > maxX || y < minY || y > maxY) continue;
    const key = Math.floor(y * scale) * rowWidth + Math.floor(x * scale);
    const members = cells.get(key);
    if (members) members.push(s);
    else cells.set(key, [s]);
  }
  const clusters: Cluster[] = [];
  for (const slots of cells.values()) {
    if (slots.length < 2) continue;
    let sx = 0;
    let sy = 0;
    for (const s of slots) {
      sx += gl[s * GL_STRIDE]!;
      sy += gl[s * GL_STRIDE + 1]!;
      clustered[s] = 1;
    }
    clusters.push({ x: sx / slots.length, y: sy / slots.length, count: slots.length, slots });
  }
  return { clusters, clustered };
}

/** Longitude and latitude of a mercator point. */
export function toLngLat(x: number, y: number): [number, number] {
  const lng = x * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return [lng, lat];
}
