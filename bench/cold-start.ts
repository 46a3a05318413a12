// Cold start to ready with the embedded database: spawn → /api/health 200.
// Run: npm run build && npx tsx bench/cold-start.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process.js';

const runs = Number(process.env.RUNS ?? 3);
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-cold-'));
  const first = await startServer({ dataDir });
  cold.push(first.readyMs);
  await first.stop();
  const second = await startServer({ dataDir });
  warm.push(second.readyMs);
  await second.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `cold start (fresh DATA_DIR: create store, migrate, seed) → /api/health: median ${median(cold).toFixed(0)} ms of ${runs} [${cold.map((v) => v.toFixed(0)).join(', ')}]`,
);
console.log(
  `warm restart (existing DATA_DIR) → /api/health: median ${median(warm).toFixed(0)} ms [${warm.map((v) => v.toFixed(0)).join(', ')}]`,
);
