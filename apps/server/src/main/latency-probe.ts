/** Collects live-feed entry ages and logs p50/p99 every 5 s (the live-latency benchmark reads it). */
export function latencyProbe(log: {
  info(obj: object, msg?: string): void;
}): (ages: number[]) => void {
  let samples: number[] = [];
  let since = Date.now();
  return (ages) => {
    samples.push(...ages);
    if (Date.now() - since < 5000) return;
    const sorted = samples.sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    log.info({ n: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) }, 'live latency');
    samples = [];
    since = Date.now();
  };
}
