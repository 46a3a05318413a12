// Re-counts the regression guard's figure on purpose (decision 0045) and writes instructions.json:
//   npm run perf:baseline -w @rumbo/telematics -- "<reason>"   (RUNS=3 by default)
import { writeFileSync } from 'node:fs';
import { FIGURE_FILE, measure, valgrindVersion, type Figure } from './measure.js';

const reason = process.argv.slice(2).join(' ').trim();
if (!reason) {
  console.error('usage: npm run perf:baseline -w @rumbo/telematics -- "<why the figure changes>"');
  process.exit(2);
}
if (!valgrindVersion()) {
  console.error('valgrind is not installed: apt-get install valgrind');
  process.exit(1);
}
const m = await measure(Number(process.env.RUNS ?? 3));
const figure: Figure = { ...m, date: new Date().toISOString().slice(0, 10), reason };
// The runs on one line, as Prettier writes a short array (format:check stays green).
const json = JSON.stringify(figure, null, 2).replace(
  /\[\s+([\d,\s]+?)\s+\]/,
  (_, runs: string) => `[${runs.split(/,\s*/).join(', ')}]`,
);
writeFileSync(FIGURE_FILE, json + '\n');
const spread = (Math.max(...m.runs) - Math.min(...m.runs)) / m.instructions;
console.log(
  `${m.instructions.toLocaleString('en')} instructions (${m.perRecord} per record, ${m.records} records); ` +
    `runs ${m.runs.map((r) => r.toLocaleString('en')).join(', ')}: spread ${(spread * 100).toFixed(3)} %`,
);
