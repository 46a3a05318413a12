// The regression guard (issue 25, decision 0045): the default detector chain's instruction count
// over the fixed day of 50 trucks may not grow more than 10 % over the figure in
// instructions.json. A change worth its cost updates the figure on purpose:
//   npm run perf:baseline -w @rumbo/telematics -- "<reason>"
import { describe, expect, it } from 'vitest';
import { TOLERANCE, measure, readFigure, valgrindVersion } from './measure.js';

const valgrind = valgrindVersion();
const stored = readFigure();
const sameV8 = stored.v8 === process.versions.v8;
const skipReason = !valgrind
  ? 'valgrind is not installed (apt-get install valgrind)'
  : !sameV8
    ? `the figure was counted under V8 ${stored.v8} (node ${stored.node}), this is V8 ${process.versions.v8}: re-count it with npm run perf:baseline -w @rumbo/telematics`
    : undefined;
if (skipReason) {
  const line = '!'.repeat(100);
  console.warn(
    `${line}\nSKIPPED: the detector chain's instruction-count guard did not run: ${skipReason}\n${line}`,
  );
}

describe('detector chain instruction count (valgrind)', () => {
  it.skipIf(skipReason !== undefined)(
    `stays within ${TOLERANCE * 100} % of instructions.json over the fixed day`,
    async () => {
      const now = await measure(1);
      const limit = stored.instructions * (1 + TOLERANCE);
      const growth = now.instructions / stored.instructions - 1;
      console.info(
        `chain: ${now.instructions.toLocaleString('en')} instructions over ${now.records} records ` +
          `(${now.perRecord} per record); stored ${stored.instructions.toLocaleString('en')} ` +
          `(${stored.date}: ${stored.reason}); ${(growth * 100).toFixed(2)} %`,
      );
      expect(now.records, 'the fixed day changed (simulator or decoder): re-baseline').toBe(
        stored.records,
      );
      expect(
        now.instructions,
        `the chain costs ${(growth * 100).toFixed(1)} % more than the stored figure: make it cheaper, ` +
          'or when the capability is worth its cost run ' +
          'npm run perf:baseline -w @rumbo/telematics -- "<reason>" and commit perf/instructions.json',
      ).toBeLessThanOrEqual(limit);
    },
    600_000,
  );
});
