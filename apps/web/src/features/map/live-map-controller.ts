import type { GeoJSONSource, Map as MapLibre, MapMouseEvent } from 'maplibre-gl';
import {
  GL_STRIDE,
  mercatorX,
  mercatorY,
  type LiveFleetStore,
} from '../../shared/fleet/live-fleet-store';
import { gridCluster, type Cluster } from './grid-cluster';
import {
  addLiveMapLayers,
  CLUSTERS,
  clusterCollection,
  layerColors,
  LABELS,
  plateLabels,
  type LiveMapTheme,
} from './live-map-layers';
import { VehicleLayer } from './vehicle-layer';

const LABEL_REFRESH_MS = 1000;
const FOLLOW_ZOOM = 13;

/**
 * Binds the live store to a MapLibre map: the WebGL vehicle layer, clusters recomputed on
 * viewport or filter changes only, plate labels at close zoom, picking and follow mode.
 */
export class LiveMapController {
  private map: MapLibre | null = null;
  private layer: VehicleLayer;
  private pass: Uint8Array = new Uint8Array(0);
  private clusters: Cluster[] = [];
  /** Vehicle id followed (−1 none): ids survive a reconnection that renumbers the slots. */
  private following = -1;
  private fitPending = true;
  private lastFollowMs = 0;
  private labelTimer: ReturnType<typeof setTimeout> | null = null;
  private lastLabelsMs = 0;
  private readonly unsubscribe: () => void;
  private onVehicleClick: (slot: number) => void = () => undefined;
  private onFollowEnd: () => void = () => undefined;

  /** What a click on a vehicle does, and what to tell when the user pans away from a followed one. */
  setHandlers(handlers: { onVehicleClick: (slot: number) => void; onFollowEnd: () => void }): void {
    this.onVehicleClick = handlers.onVehicleClick;
    this.onFollowEnd = handlers.onFollowEnd;
  }

  constructor(
    private readonly store: LiveFleetStore,
    private theme: LiveMapTheme,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.layer = new VehicleLayer(store, layerColors(theme));
    this.unsubscribe = store.subscribe(() => this.onData());
  }

  /** Adds the sources and layers to the map's current style (call on every style load). */
  attach(map: MapLibre): void {
    const first = this.map !== map;
    this.map = map;
    this.layer = new VehicleLayer(this.store, layerColors(this.theme));
    addLiveMapLayers(map, this.theme, this.layer);
    if (first) {
      map.on('moveend', this.onMoveEnd);
      map.on('click', this.onClick);
      map.on('dragstart', this.onDragStart);
      map.on('mousemove', this.onMouseMove);
    }
    this.recluster();
  }

  /** Theme colours (a dark-mode switch reloads the style; attach() then applies them). */
  setTheme(theme: LiveMapTheme): void {
    this.theme = theme;
    this.layer.setColors(layerColors(theme));
  }

  /** Which vehicles pass the list's search and status filter (1 per slot). */
  setPass(pass: Uint8Array): void {
    this.pass = pass;
    this.recluster();
  }

  /** Follows a vehicle (−1 stops): the map keeps it centred as it moves. */
  follow(slot: number): void {
    this.following = slot >= 0 ? (this.store.ids[slot] ?? -1) : -1;
    this.store.select(slot);
    this.recluster();
    if (slot >= 0) this.centreOn(slot, true);
    this.map?.triggerRepaint();
  }

  /** Centres the map on a vehicle once and highlights it (out of any cluster). */
  focus(slot: number): void {
    this.store.select(slot);
    this.recluster();
    this.centreOn(slot, true);
  }

  /** Where a vehicle is drawn, in CSS pixels of the map canvas (tests); null when not drawn. */
  screenPoint(slot: number): { x: number; y: number } | null {
    const map = this.map;
    const s = this.store;
    if (!map || slot < 0 || slot >= s.count || s.gl[slot * GL_STRIDE + 6]! % 2 >= 1) return null;
    const p = map.project([s.lng[slot]!, s.lat[slot]!]);
    return { x: p.x, y: p.y };
  }

  /** The view was chosen (a searched place): the first data no longer fits the fleet. */
  keepView(): void {
    this.fitPending = false;
  }

  /**
   * Fits the map to the fleet when the current view shows none of it (first data on a view
   * saved far away). Returns true when it moved.
   */
  fitFleetIfNoneVisible(): boolean {
    return this.fitFleet(true);
  }

  /** Fits the map to every located vehicle that passes the filter (all when `onlyIfNoneVisible` is false). */
  fitFleet(onlyIfNoneVisible = false): boolean {
    const map = this.map;
    const s = this.store;
    if (!map) return false;
    const b = map.getBounds();
    let west = 180;
    let east = -180;
    let south = 90;
    let north = -90;
    let located = 0;
    for (let i = 0; i < s.count; i++) {
      if (!s.located[i] || (this.pass.length === s.count && !this.pass[i])) continue;
      const lng = s.lng[i]!;
      const lat = s.lat[i]!;
      if (onlyIfNoneVisible && b.contains([lng, lat])) return false;
      located++;
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    if (located === 0) return false;
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 60, maxZoom: 12, duration: onlyIfNoneVisible ? 0 : 600 },
    );
    return true;
  }

  /** Current clusters (tests, benchmarks). */
  get clusterCount(): number {
    return this.clusters.length;
  }

  private centreOn(slot: number, zoomIn: boolean): void {
    const map = this.map;
    if (!map || slot < 0 || !this.store.located[slot]) return;
    const center: [number, number] = [this.store.lng[slot]!, this.store.lat[slot]!];
    map.easeTo({
      center,
      zoom: zoomIn ? Math.max(map.getZoom(), FOLLOW_ZOOM) : map.getZoom(),
      duration: zoomIn ? 800 : 500,
    });
  }

  private onData(): void {
    const map = this.map;
    if (!map) return;
    if (this.pass.length !== this.store.count) return; // the page refilters, then setPass
    map.triggerRepaint();
    if (this.following >= 0) {
      const t = this.now();
      if (t - this.lastFollowMs > 900) {
        this.lastFollowMs = t;
        this.centreOn(this.store.slotOf(this.following), false);
      }
    }
    this.scheduleLabels();
  }

  private readonly onMoveEnd = () => this.recluster();

  private readonly onDragStart = () => {
    if (this.following < 0) return;
    this.following = -1;
    this.onFollowEnd();
  };

  private readonly onMouseMove = (event: MapMouseEvent) => {
    const map = this.map;
    if (!map) return;
    const hit = this.pick(event.point.x, event.point.y) >= 0 || this.pickCluster(event);
    map.getCanvas().style.cursor = hit ? 'pointer' : '';
  };

  private pickCluster(event: MapMouseEvent): boolean {
    const map = this.map;
    if (!map?.getLayer(`${CLUSTERS}-circle`)) return false;
    return map.queryRenderedFeatures(event.point, { layers: [`${CLUSTERS}-circle`] }).length > 0;
  }

  private readonly onClick = (event: MapMouseEvent) => {
    const map = this.map;
    if (!map) return;
    const slot = this.pick(event.point.x, event.point.y);
    if (slot >= 0) {
      this.onVehicleClick(slot);
      return;
    }
    if (!map.getLayer(`${CLUSTERS}-circle`)) return;
    const hit = map.queryRenderedFeatures(event.point, { layers: [`${CLUSTERS}-circle`] })[0];
    if (hit?.geometry.type === 'Point') {
      map.easeTo({
        center: hit.geometry.coordinates as [number, number],
        zoom: Math.min(map.getZoom() + 2, 18),
      });
    }
  };

  /**
   * The visible vehicle nearest to a screen point, within its marker radius; −1 if none. Compared
   * in mercator units (distances do not change with bearing), so a mouse move over 10,000
   * vehicles stays well under a millisecond; a pitched map falls back to projecting.
   */
  pick(px: number, py: number, radius = 16): number {
    const map = this.map;
    if (!map) return -1;
    const s = this.store;
    const gl = s.gl;
    const pitched = map.getPitch() > 0.5;
    const at = map.unproject([px, py]);
    const mx = mercatorX(at.lng);
    const my = mercatorY(at.lat);
    const scale = 512 * 2 ** map.getZoom();
    let best = -1;
    let bestD = radius * radius;
    for (let i = 0; i < s.count; i++) {
      const g = i * GL_STRIDE;
      if (gl[g + 6]! % 2 >= 1) continue;
      let d: number;
      if (pitched) {
        const p = map.project([s.lng[i]!, s.lat[i]!]);
        d = (p.x - px) ** 2 + (p.y - py) ** 2;
      } else {
        const dx = (gl[g]! + gl[g + 2]! - mx) * scale;
        const dy = (gl[g + 1]! + gl[g + 3]! - my) * scale;
        d = dx * dx + dy * dy;
      }
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  }

  /** Recomputes clusters for the current viewport and filter; hides what they hold. */
  recluster(): void {
    const map = this.map;
    const s = this.store;
    if (!map || this.pass.length !== s.count) return;
    // Once, with the first data: show the fleet if the saved view holds none of it.
    if (this.fitPending && s.count > 0) {
      this.fitPending = false;
      if (this.fitFleetIfNoneVisible()) return; // its moveend reclusters
    }
    const bounds = map.getBounds();
    const view = {
      minX: (bounds.getWest() + 180) / 360,
      maxX: (bounds.getEast() + 180) / 360,
      minY: mercatorY(bounds.getNorth()),
      maxY: mercatorY(bounds.getSouth()),
      zoom: map.getZoom(),
    };
    // The selected vehicle is always drawn on its own, never inside a cluster: a click on it in
    // the list brings it into view even where others stand at the same spot (a depot at night).
    let clusterPass = this.pass;
    if (s.selected >= 0 && this.pass[s.selected]) {
      clusterPass = this.pass.slice();
      clusterPass[s.selected] = 0;
    }
    const { clusters, clustered } = gridCluster(s.gl, s.count, clusterPass, view);
    this.clusters = clusters;
    const hide = new Uint8Array(s.count);
    for (let i = 0; i < s.count; i++) hide[i] = this.pass[i] && !clustered[i] ? 0 : 1;
    s.setHidden(hide);
    void map.getSource<GeoJSONSource>(CLUSTERS)?.setData(clusterCollection(clusters));
    this.updateLabels();
    map.triggerRepaint();
  }

  private scheduleLabels(): void {
    if (this.labelTimer !== null) return;
    const wait = Math.max(0, LABEL_REFRESH_MS - (this.now() - this.lastLabelsMs));
    this.labelTimer = setTimeout(() => {
      this.labelTimer = null;
      this.updateLabels();
    }, wait);
  }

  /** Plate labels of the visible, unclustered vehicles (at close zoom only). */
  private updateLabels(): void {
    const map = this.map;
    const source = map?.getSource<GeoJSONSource>(LABELS);
    if (!map || !source) return;
    this.lastLabelsMs = this.now();
    void source.setData(plateLabels(map, this.store));
  }

  detach(): void {
    this.unsubscribe();
    if (this.labelTimer !== null) clearTimeout(this.labelTimer);
    const map = this.map;
    if (map) {
      map.off('moveend', this.onMoveEnd);
      map.off('click', this.onClick);
      map.off('dragstart', this.onDragStart);
      map.off('mousemove', this.onMouseMove);
    }
    this.map = null;
  }
}
