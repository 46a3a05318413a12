// Long tasks on the live map while N vehicles (default 10,000) all move once a second, with a
// pan every 3 s (reclustering): PerformanceObserver 'longtask' over S seconds (default 20),
// plus frame gaps from requestAnimationFrame. Headless Chromium (playwright-core, SwiftShader).
// A control run with 10 vehicles comes first: on a loaded machine its long tasks are the
// baseline (browser, software GL, other processes), not the fleet's.
//   node bench/web-map-longtasks.mjs [vehicles] [seconds] [zoom]
import { openHarness } from './web-map-harness/serve.mjs';

const n = Number(process.argv[2] ?? 10_000);
const seconds = Number(process.argv[3] ?? 20);
const zoom = Number(process.argv[4] ?? 5);
const f = (x) => `${x.toFixed(1)} ms`;
const results = [];
for (const count of [10, n]) {
  const { page, close } = await openHarness(`?n=${count}&zoom=${zoom}`);
  try {
    const r = await page.evaluate((s) => window.bench.longTasks(s), seconds);
    results.push(r);
    console.log(`${count} vehicles updating every second for ${seconds} s at zoom ${zoom}:`);
    console.log(`  long tasks (> 50 ms): ${r.over50}, longest ${f(r.maxLongTaskMs)}`);
    console.log(`  largest store update: ${f(r.maxUpdateMs)}; clusters in view: ${r.clusters}`);
    console.log(
      `  frames: ${r.frames}, p95 gap ${f(r.p95FrameMs)}, max gap ${f(r.maxFrameMs)} (software GL)`,
    );
    for (const [what, t] of [
      ['MapLibre frame (whole render)', r.mapFrame],
      ['  of which vehicle layer', r.layer],
      ['reclustering', r.recluster],
      ['label refresh', r.labels],
    ]) {
      console.log(
        `  ${what.padEnd(30)} ${String(t.calls).padStart(4)} calls, p95 ${f(t.p95)}, max ${f(t.max)}, over 50 ms: ${t.over50}`,
      );
    }
  } finally {
    await close();
  }
}
const fleet = results[1];
console.log(
  `\nGoal: no long task over 50 ms with ${n} vehicles -> ${fleet.over50 === 0 ? 'met' : `NOT met (${fleet.over50}; control run: ${results[0].over50})`}`,
);
