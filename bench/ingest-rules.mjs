// Ingest with the alert rules on versus off, in one run (issue 11: goal within 10 %).
// Runs bench/ingest-throughput.ts twice on the built server — `ALERT_RULES=on`, then `off` — and
// prints both lines and the differences in throughput and server CPU per record.
// Run: npm run build && node bench/ingest-rules.mjs   (env as ingest-throughput.ts: DB, DEVICES,
// RECORDS_PER_PACKET, DURATION_S)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

function run(rules) {
  const result = spawnSync('npx', ['tsx', join(import.meta.dirname, 'ingest-throughput.ts')], {
    env: { ...process.env, ALERT_RULES: rules },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`ingest-throughput.ts with rules ${rules} failed`);
  const line = result.stdout.split('\n').find((l) => l.startsWith('ingest '));
  if (!line) throw new Error(`no result line with rules ${rules}:\n${result.stdout}`);
  const rate = Number(/: (\d+) records\/s/.exec(line)?.[1]);
  const cpu = Number(/server CPU ([\d.]+) µs\/record/.exec(line)?.[1]);
  console.log(`rules ${rules}: ${line}`);
  return { rate, cpu };
}

const off = run('off');
const on = run('on');
const pct = (a, b) => `${(((a - b) / b) * 100).toFixed(1)} %`;
console.log(
  `alert rules on vs off: throughput ${pct(on.rate, off.rate)}, server CPU per record ${pct(on.cpu, off.cpu)} ` +
    `(goal: within 10 %)`,
);
