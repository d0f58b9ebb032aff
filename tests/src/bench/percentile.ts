/** The p-th percentile (0-100) of values sorted ascending, by the nearest rank; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Runs `run` one call after another, `warmup` times untimed (at least once) and then `timed` times
 * timed: the p50 and p95 of the timed calls in ms, and the last call's answer.
 */
export async function timeRuns<T>(
  warmup: number,
  timed: number,
  run: () => Promise<T>,
): Promise<{ p50: number; p95: number; last: T }> {
  if (warmup < 1) throw new RangeError('timeRuns warms up at least once');
  const durations: number[] = [];
  let last = await run();
  for (let n = 1; n < warmup + timed; n++) {
    const begun = performance.now();
    last = await run();
    if (n >= warmup) durations.push(performance.now() - begun);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), last };
}
