// bench/bench-timing.ts: how the suite times one query: a warm-up run, then RUNS timed runs, and
// their median. Wall-clock only; knows nothing about engines.

/** Timed runs per measurement (after one untimed warm-up). */
export const RUNS = 5

/** The median of `xs` (the upper one for an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1]
}

/** Runs `run` once untimed, then RUNS times timed; returns the timed runs' wall times, ms. */
export async function timeRuns(run: () => Promise<unknown>): Promise<number[]> {
  await run()
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await run()
    out.push(performance.now() - t)
  }
  return out
}
