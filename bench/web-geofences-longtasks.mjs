// Long tasks on the geofence screen's map with N zones drawn (default 2,000: 80 % polygons of
// 50 vertices, 10 % circles, 10 % corridors, plus N/4 POIs), one zone open in the drawing tool,
// while the map pans (400 px in 800 ms, every second) for S seconds (default 20):
// PerformanceObserver 'longtask' and MapLibre's own frame time. Headless Chromium (SwiftShader).
// A control run with 10 zones comes first: on a loaded machine its long tasks are the baseline.
//   node bench/web-geofences-longtasks.mjs [zones] [seconds] [zoom]
import { resolve } from 'node:path';
import { openHarness } from './web-map-harness/serve.mjs';

const n = Number(process.argv[2] ?? 2_000);
const seconds = Number(process.argv[3] ?? 20);
const zoom = Number(process.argv[4] ?? 8);
const root = resolve(import.meta.dirname, 'web-geofences-harness');
const f = (x) => `${x.toFixed(1)} ms`;
const results = [];
for (const count of [10, n]) {
  const { page, close } = await openHarness(`?n=${count}&zoom=${zoom}`, root);
  try {
    const r = await page.evaluate((s) => window.bench.longTasks(s), seconds);
    const setData = [];
    for (let i = 0; i < 5; i++) setData.push(await page.evaluate(() => window.bench.setDataMs()));
    results.push(r);
    console.log(
      `${count} zones (${r.features} features), panning for ${seconds} s at zoom ${zoom}:`,
    );
    console.log(
      `  long tasks (> 50 ms): ${r.over50} of ${r.longTasks}, longest ${f(r.maxLongTaskMs)}`,
    );
    console.log(
      `  MapLibre frames: ${r.frames}, p95 ${f(r.p95FrameMs)}, max ${f(r.maxFrameMs)}, over 50 ms: ${r.frameOver50}`,
    );
    console.log(
      `  features built once: ${f(r.buildMs)}; a save's setData (main thread): max ${f(Math.max(...setData))}`,
    );
  } finally {
    await close();
  }
}
const zones = results[1];
console.log(
  `\nGoal: no long task over 50 ms while panning ${n} zones -> ${zones.over50 === 0 ? 'met' : `NOT met (${zones.over50}; control run: ${results[0].over50})`}`,
);
