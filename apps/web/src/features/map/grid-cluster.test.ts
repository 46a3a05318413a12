import { describe, expect, it } from 'vitest';
import { GL_STRIDE, mercatorX, mercatorY } from '../../shared/fleet/live-fleet-store';
import { gridCluster, toLngLat } from './grid-cluster';

function points(list: [number, number][]): Float32Array {
  const gl = new Float32Array(list.length * GL_STRIDE);
  list.forEach(([lng, lat], i) => {
    gl[i * GL_STRIDE] = mercatorX(lng);
    gl[i * GL_STRIDE + 1] = mercatorY(lat);
  });
  return gl;
}

const world = { minX: 0, minY: 0, maxX: 1, maxY: 1 };

describe('gridCluster', () => {
  // Buenos Aires (two trucks 1 km apart), Córdoba, and one far away (Madrid).
  const gl = points([
    [-58.4, -34.6],
    [-58.41, -34.605],
    [-64.18, -31.42],
    [-3.7, 40.4],
  ]);
  const all = new Uint8Array([1, 1, 1, 1]);

  it('groups vehicles in the same screen cell at low zoom', () => {
    const { clusters, clustered } = gridCluster(gl, 4, all, { ...world, zoom: 3 });
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.count).toBe(2);
    expect([...clustered]).toEqual([1, 1, 0, 0]);
    const [lng, lat] = toLngLat(clusters[0]!.x, clusters[0]!.y);
    expect(lng).toBeCloseTo(-58.405, 2);
    expect(lat).toBeCloseTo(-34.6025, 2);
  });

  it('at world zoom, everything in one cell clusters together', () => {
    const { clusters } = gridCluster(gl, 4, all, { ...world, zoom: 0 }, { cellPx: 512 });
    expect(clusters.reduce((n, c) => n + c.count, 0)).toBe(4);
  });

  it('stops clustering from maxZoom on, and skips filtered vehicles', () => {
    expect(gridCluster(gl, 4, all, { ...world, zoom: 14 }).clusters).toHaveLength(0);
    const onlyFirst = new Uint8Array([1, 0, 1, 1]);
    expect(gridCluster(gl, 4, onlyFirst, { ...world, zoom: 3 }).clusters).toHaveLength(0);
  });

  it('ignores vehicles outside the viewport', () => {
    const spain = {
      minX: mercatorX(-10),
      maxX: mercatorX(5),
      minY: mercatorY(45),
      maxY: mercatorY(35),
      zoom: 3,
    };
    expect(gridCluster(gl, 4, all, spain).clusters).toHaveLength(0);
  });

  it('clusters 10,000 vehicles in a few milliseconds', () => {
    const many: [number, number][] = Array.from({ length: 10_000 }, (_, i) => [
      -70 + (i % 100) * 0.2,
      -40 + Math.floor(i / 100) * 0.15,
    ]);
    const big = points(many);
    const pass = new Uint8Array(10_000).fill(1);
    const t = performance.now();
    const { clusters, clustered } = gridCluster(big, 10_000, pass, { ...world, zoom: 5 });
    expect(performance.now() - t).toBeLessThan(100);
    expect(clusters.reduce((n, c) => n + c.count, 0)).toBe(clustered.reduce((n, v) => n + v, 0));
  });
});
