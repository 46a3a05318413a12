import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** A progress message of one generator process (bench/ingest-generator.ts). */
export interface GeneratorProgress {
  acked: number;
  latencies?: number[];
}

/**
 * Live trucks spread over `generators` processes: trucks `offset`… `offset + devices - 1` each
 * send one record (stamped now) every `intervalMs`, waiting for each ack. `onProgress` gets each
 * process's running count of acked records (and its ack latencies with `reportLatencies`).
 */
export function startLiveGenerators(options: {
  port: number;
  devices: number;
  generators: number;
  intervalMs: number;
  durationS: number;
  offset?: number;
  reportLatencies?: boolean;
  onProgress: (generator: number, progress: GeneratorProgress) => void;
}): ChildProcess[] {
  const { devices, generators, offset = 0 } = options;
  const perGenerator = Math.ceil(devices / generators);
  return Array.from({ length: generators }, (_, g) => {
    const child = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        PORT: String(options.port),
        DEVICES: String(Math.min(perGenerator, devices - g * perGenerator)),
        DEVICE_OFFSET: String(offset + g * perGenerator),
        RECORDS_PER_PACKET: '1',
        LIVE: '1',
        ...(options.reportLatencies ? { REPORT_LATENCIES: '1' } : {}),
        PACKET_INTERVAL_MS: String(options.intervalMs),
        DURATION_S: String(options.durationS),
      },
    });
    child.on('message', (message: { type: string } & GeneratorProgress) => {
      if (message.type === 'progress') options.onProgress(g, message);
    });
    return child;
  });
}
