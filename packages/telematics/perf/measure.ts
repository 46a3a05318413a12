// The regression guard's measurement (decision 0045): the default detector chain's instruction
// count over the fixed day (day.ts), counted by valgrind (cachegrind, `I refs`), deterministic to
// a few parts in a million where wall-clock timings on this machine swing by 1.5×.
//
// The counted process is chain-count.ts, bundled by esbuild into one file (no loader under
// valgrind). The day is written natively first in its compact form (fixture.ts). Two counted runs:
// one reads the day and steps the chain, one only reads it; the chain's count is the difference.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

export const FIGURE_FILE = join(import.meta.dirname, 'instructions.json');
/** Growth over the stored figure that fails the guard. */
export const TOLERANCE = 0.1;
/**
 * Node flags of the counted runs: one thread (no concurrent compiler or collector whose timing
 * would change what the main thread executes), fixed seeds for hashing and Math.random, and a
 * pinned heap (fixed new space, an old space the day never fills: scavenges only, whose work
 * depends on the allocations alone — the collector's other heuristics read the clock, which
 * valgrind and the machine's load stretch; without these the runs were 14 % apart).
 */
export const NODE_FLAGS = [
  '--single-threaded',
  '--hash-seed=1',
  '--random-seed=1',
  '--min-semi-space-size=64',
  '--max-semi-space-size=64',
  '--initial-old-space-size=1024',
];

export interface Figure {
  /** Instructions the chain executed over the fixed day. */
  instructions: number;
  /** The same per record. */
  perRecord: number;
  records: number;
  facts: number;
  /** Date the figure was taken (UTC, YYYY-MM-DD). */
  date: string;
  /** Why the figure is what it is (the change that was worth its cost). */
  reason: string;
  /** The counts of each run, for the spread. */
  runs: number[];
  node: string;
  v8: string;
  valgrind: string;
}

/** valgrind's version, or undefined when it is not installed. */
export function valgrindVersion(): string | undefined {
  const r = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export function readFigure(): Figure {
  return JSON.parse(readFileSync(FIGURE_FILE, 'utf8')) as Figure;
}

function counted(script: string, dir: string, what: 'chain' | 'load') {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      ...NODE_FLAGS,
      script,
      'run',
      dir,
      what,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (r.status !== 0 || !refs) throw new Error(`valgrind failed (${r.status}):\n${r.stderr}`);
  const out = JSON.parse(r.stdout) as { records: number; facts: number };
  return { instructions: Number(refs[1]!.replaceAll(',', '')), ...out };
}

/** The chain's instruction count over the fixed day, `runs` times (each run: chain − load). */
export async function measure(runs = 1): Promise<Omit<Figure, 'date' | 'reason'>> {
  const dir = mkdtempSync(join(tmpdir(), 'rumbo-perf-'));
  try {
    const script = join(dir, 'chain-count.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, 'chain-count.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: script,
      logLevel: 'error',
    });
    execFileSync(process.execPath, [script, 'make', dir]);
    const counts: number[] = [];
    let last = { records: 0, facts: 0 };
    for (let i = 0; i < runs; i++) {
      const load = counted(script, dir, 'load');
      const chain = counted(script, dir, 'chain');
      counts.push(chain.instructions - load.instructions);
      last = chain;
    }
    const instructions = counts.reduce((a, b) => a + b, 0) / counts.length;
    return {
      instructions: Math.round(instructions),
      perRecord: Math.round(instructions / last.records),
      records: last.records,
      facts: last.facts,
      runs: counts,
      node: process.version,
      v8: process.versions.v8,
      valgrind: valgrindVersion() ?? 'none',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
