// The regression guard's process (bundled, then run under valgrind by chain-instructions.ts):
//   make <dir>             writes the fixed day (day.ts) to <dir> in its compact form (fixture.ts)
//   run <dir> chain|load   reads it back and ('chain') steps every truck's records through the
//                          default detector chain; 'load' stops after reading (the count to subtract)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  initialDeviceState,
  step,
} from '../src/index.js';
import { fixedDay, type TruckDay } from './day.js';
import { decodeDay, encodeDay, fromFiles, toFiles } from './fixture.js';

/** The reducer with the whole default chain over one truck's day: the facts it emitted. */
export function runChain({ positions, context }: TruckDay): number {
  let facts = 0;
  {
    let state = initialDeviceState(DEFAULT_DETECTORS);
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors: DEFAULT_DETECTORS });
      state = r.state;
      facts += r.facts.length;
    }
  }
  return facts;
}

const [mode, dir, what] = process.argv.slice(2);
if (mode === 'make' && dir) {
  const { header, values } = toFiles(encodeDay(fixedDay()));
  writeFileSync(join(dir, 'day.json'), header);
  writeFileSync(join(dir, 'day.f64'), values);
} else if (mode === 'run' && dir && (what === 'chain' || what === 'load')) {
  const fixture = fromFiles(
    readFileSync(join(dir, 'day.json'), 'utf8'),
    readFileSync(join(dir, 'day.f64')),
  );
  let records = 0;
  let facts = 0;
  for (const truck of decodeDay(fixture)) {
    records += truck.positions.length;
    if (what === 'chain') facts += runChain(truck);
  }
  process.stdout.write(JSON.stringify({ records, facts }) + '\n');
} else {
  process.stderr.write('usage: chain-count make <dir> | run <dir> chain|load\n');
  process.exit(2);
}
