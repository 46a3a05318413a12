// Where the server's CPU goes per record: aggregates the `--cpu-prof` profiles that
// bench/ingest-throughput.ts writes with PROFILE_DIR (one file per thread) into self time by area
// (each detector, each sink, notification dispatch, zone lookups, COPY/SQL, framing/decoding, GC…),
// mapped back to the TypeScript sources through the build's source maps, in µs per record and per
// packet. Several directories side by side compare builds (e.g. 34ddd30 against today). Samples
// are wall time, so each area's share of the busy samples is scaled to the server's CPU time
// measured by the bench (idle left out).
// Only the samples of the bench's measured window count (its `window.json` in the directory: the
// monotonic start and end, the records acked in between, the packet size).
// Run: npx tsx bench/profile-summary.ts <dir> [<dir> …]
// Env: TOP=<n> also lists the n functions with most self time per directory.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface MeasuredWindow {
  startMonoUs: number;
  endMonoUs: number;
  records: number;
  perPacket: number;
  /** The server's CPU µs per record in the window (/proc): the table is scaled to it. */
  cpuUs?: number;
}

const maps = new Map<string, SourceMap | null>();

function mapOf(url: string): SourceMap | null {
  let map = maps.get(url);
  if (map !== undefined) return map;
  map = null;
  try {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    if (existsSync(`${file}.map`))
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as never);
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** The original source file of a frame (through the bundle's source map), or its URL. */
function sourceOf(frame: CallFrame): string {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  const map = mapOf(frame.url);
  if (!map) return frame.url;
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string };
  // The server bundle's own sources are named relative to apps/server/dist.
  return (entry.originalSource ?? frame.url).replace(/^(\.\.\/)+src\//, 'apps/server/src/');
}

/** The area a source file belongs to, as the decision record's table names them. */
export function areaOf(source: string, fn: string): string {
  if (source === '(garbage collector)') return 'GC (garbage collector)';
  if (source === '(idle)' || source === '(program)') return source;
  // Native socket writes: the devices' acks and the queries to PostgreSQL.
  if (
    /^\((writeBuffer|writev|writeUtf8String|writeLatin1String|read|close|shutdown)\)$/.test(source)
  )
    return 'node: sockets/streams';
  if (source === '(root)') return '(program)';
  if (source.startsWith('wasm://')) return 'embedded database (PGlite)';
  const detector = /detectors\/([\w-]+)\.detector\.ts/.exec(source);
  if (detector) return `detector: ${detector[1]}`;
  if (/detectors\/route-line\.ts/.test(source)) return 'detector: route';
  if (/telematics\/src\/(zones|places)\//.test(source)) return 'zone lookups (telematics)';
  if (/telematics\/src\/fuel\//.test(source)) return 'detector: fuel';
  if (/telematics\/src\/reducer\//.test(source)) return 'reducer (validate, sample, counters)';
  if (/telematics\/src\/position\.ts/.test(source)) return 'reducer (validate, sample, counters)';
  if (/telematics\/src\/(teltonika|protocols|osmand)\//.test(source)) return 'framing/decoding';
  const sink = /pipeline\/sinks\/([\w-]+?)(\.sink)?\.ts/.exec(source);
  if (sink) return `sink: ${sink[1]}`;
  if (
    /pipeline\/(copy-positions|positions\.store|vehicle-state\.store|partitions)\.ts/.test(source)
  )
    return 'COPY/SQL building';
  if (/pipeline\//.test(source)) return `pipeline: ${/pipeline\/([\w-.]+)\.ts/.exec(source)?.[1]}`;
  if (/server\/src\/ingest\//.test(source)) return 'framing/decoding';
  if (/server\/src\/(places|zones)|modules\/(geofences|zones|places)/.test(source))
    return 'places: zone index, geocoder (server)';
  if (/notification|alerts?\//.test(source)) return 'notification dispatch';
  if (/realtime\//.test(source)) return 'live fleet (realtime)';
  if (/capabilities\//.test(source)) return 'vehicle context (capabilities)';
  if (/server\/src\/bus\//.test(source)) return 'bus';
  const pkg = /node_modules\/((@[\w.-]+\/)?[\w.-]+)/.exec(source);
  if (pkg) {
    const name = pkg[1]!;
    if (/^(pg|pg-protocol|pg-copy-streams|pg-types|postgres-\w+|kysely)$/.test(name))
      return 'COPY/SQL building';
    if (name === '@electric-sql/pglite') return 'embedded database (PGlite)';
    if (name === 'kdbush' || name === 'geokdbush') return 'places: zone index, geocoder (server)';
    return `npm: ${name}`;
  }
  if (source.startsWith('node:') || /^(internal|node:)/.test(source)) {
    if (/net|stream|tcp|buffer/.test(source)) return 'node: sockets/streams';
    return 'node: other';
  }
  if (source.startsWith('(')) return fn ? `(${fn})` : source;
  return 'other';
}

/** Self time in µs by area and by function of every profile in `dir`. */
function aggregate(
  dir: string,
  window: MeasuredWindow,
): { areas: Map<string, number>; fns: Map<string, number> } {
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byNode = new Map<number, { area: string; fn: string }>();
    for (const node of profile.nodes) {
      const frame = node.callFrame;
      const name = frame.functionName;
      // V8's own entries are named in parentheses already: (garbage collector), (idle), (program);
      // a frame with neither URL nor name is native code V8 does not name (was the area "()").
      const source = frame.url
        ? sourceOf(frame)
        : name.startsWith('(')
          ? name
          : `(${name || 'native'})`;
      byNode.set(node.id, {
        area: areaOf(source, frame.functionName),
        fn: `${frame.functionName || '(anonymous)'} ${source.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}`,
      });
    }
    let at = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      at += profile.timeDeltas[i]!;
      if (at < window.startMonoUs || at > window.endMonoUs) continue;
      const node = byNode.get(profile.samples[i]!)!;
      // A sample's time is the delta to the next one.
      const us = profile.timeDeltas[i + 1] ?? 0;
      areas.set(node.area, (areas.get(node.area) ?? 0) + us);
      fns.set(node.fn, (fns.get(node.fn) ?? 0) + us);
    }
  }
  return { areas, fns };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0 || dirs.some((dir) => !existsSync(join(dir, 'window.json')))) {
  console.error(
    'usage: profile-summary.ts <dir> … (each with the window.json of ingest-throughput)',
  );
  process.exit(1);
}
const results = dirs.map((dir) => {
  const window = JSON.parse(readFileSync(join(dir, 'window.json'), 'utf8')) as MeasuredWindow;
  const { areas, fns } = aggregate(dir, window);
  // A sample's time is wall time: on a loaded machine a thread waiting for a core is still
  // charged. Shares of the busy samples are exact, so they are scaled to the CPU time measured.
  const busyUs = [...areas].reduce((sum, [area, us]) => (area === '(idle)' ? sum : sum + us), 0);
  const scale = window.cpuUs ? (window.cpuUs * window.records) / busyUs : 1;
  for (const [area, us] of areas) areas.set(area, us * scale);
  for (const [fn, us] of fns) fns.set(fn, us * scale);
  return { dir, records: window.records, perPacket: window.perPacket, areas, fns };
});
const allAreas = new Set<string>();
for (const r of results) for (const [area] of r.areas) allAreas.add(area);
allAreas.delete('(idle)');
const busy = (r: (typeof results)[number]) =>
  [...r.areas].reduce((sum, [area, us]) => (area === '(idle)' ? sum : sum + us), 0);
const rows = [...allAreas].sort(
  (a, b) =>
    Math.max(...results.map((r) => (r.areas.get(b) ?? 0) / r.records)) -
    Math.max(...results.map((r) => (r.areas.get(a) ?? 0) / r.records)),
);
const cell = (us: number, r: (typeof results)[number]) =>
  `${(us / r.records).toFixed(2)} / ${((us / r.records) * r.perPacket).toFixed(1)}`;
console.log(
  `| area (self time, µs per record / per packet) | ${results.map((r) => r.dir).join(' | ')} |`,
);
console.log(`|---|${results.map(() => '---:').join('|')}|`);
const shown = rows.filter((area) =>
  results.some((r) => (r.areas.get(area) ?? 0) / r.records >= 0.05),
);
const rest = (r: (typeof results)[number]) =>
  rows.filter((a) => !shown.includes(a)).reduce((sum, a) => sum + (r.areas.get(a) ?? 0), 0);
for (const area of shown)
  console.log(`| ${area} | ${results.map((r) => cell(r.areas.get(area) ?? 0, r)).join(' | ')} |`);
console.log(`| the rest (each < 0.05 µs) | ${results.map((r) => cell(rest(r), r)).join(' | ')} |`);
console.log(`| **busy total** | ${results.map((r) => `**${cell(busy(r), r)}**`).join(' | ')} |`);
const top = Number(process.env.TOP ?? 0);
for (const r of top > 0 ? results : []) {
  console.log(`\n${r.dir}: top ${top} functions (µs per record)`);
  for (const [fn, us] of [...r.fns].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(us / r.records).toFixed(2).padStart(8)}  ${fn}`);
}
