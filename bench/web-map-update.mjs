// Main-thread cost of one live-map update of N moving vehicles (default 10,000): a binary
// /api/wslp frame applied to the typed-array store, plus the WebGL buffer upload; and the cost
// of one reclustering (what a viewport change costs). Headless Chromium (playwright-core).
//   node bench/web-map-update.mjs [vehicles] [updates]
import { median, openHarness, pct } from './web-map-harness/serve.mjs';

const n = Number(process.argv[2] ?? 10_000);
const updates = Number(process.argv[3] ?? 200);
const { page, close } = await openHarness(`?n=${n}`);
try {
  const result = await page.evaluate(
    async ([count]) => {
      const samples = [];
      for (let i = 0; i < count; i++) {
        samples.push(window.bench.applyOne());
        if (i % 10 === 9) await new Promise((r) => requestAnimationFrame(r));
      }
      const recluster = [];
      for (let i = 0; i < 20; i++) recluster.push(window.bench.recluster());
      return { samples, recluster, vehicles: window.bench.count() };
    },
    [updates],
  );
  // The first updates warm the JIT; report the rest.
  const warm = result.samples.slice(20);
  const total = warm.map((s) => s.apply + s.upload);
  const f = (x) => `${x.toFixed(2)} ms`;
  console.log(
    `Live map update, ${result.vehicles} vehicles, ${warm.length} updates (after 20 warm-up):`,
  );
  console.log(
    `  apply (binary frame -> typed arrays): median ${f(median(warm.map((s) => s.apply)))}, p95 ${f(
      pct(
        warm.map((s) => s.apply),
        0.95,
      ),
    )}`,
  );
  console.log(
    `  upload (bufferSubData):               median ${f(median(warm.map((s) => s.upload)))}, p95 ${f(
      pct(
        warm.map((s) => s.upload),
        0.95,
      ),
    )}`,
  );
  console.log(
    `  apply + upload:                       median ${f(median(total))}, p95 ${f(pct(total, 0.95))}, max ${f(Math.max(...total))}`,
  );
  console.log(
    `  recluster on viewport change:         median ${f(median(result.recluster.slice(5)))}, max ${f(Math.max(...result.recluster.slice(5)))}`,
  );
  // Issue 25: the goal is the 95th percentile, not the median.
  const p95 = pct(total, 0.95);
  console.log(`\nGoal: apply + upload p95 <= 2 ms -> ${p95 <= 2 ? 'met' : 'NOT met'} (${f(p95)})`);
} finally {
  await close();
}
