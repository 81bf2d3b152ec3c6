// bench/bench-timing.ts: how the suite times one query: a cold run and a warm-up (untimed, by the
// WARM_UP rule), then RUNS timed runs, and their median. The same rule for every engine. Wall-clock
// only; knows nothing about engines.

/** Timed runs per measurement (after the warm-up). */
export const RUNS = 5

/**
 * The warm-up: a first (cold) run, then untimed runs until at least `minRuns` more have run and
 * `minMs` have passed since the first ended (at most `maxRuns` in all). One run is not enough for a
 * JIT-compiled engine: V8 optimizes a function only after it has run a while (in each worker thread
 * too), so the first runs of a query measure the compiler, not the engine; and the cold run, which
 * reads the blocks from disk, must not use up the budget.
 */
export const WARM_UP: WarmUpRule = { minRuns: 5, minMs: 500, maxRuns: 200 }

/** `--warmup 1`: the first (cold) run is the whole warm-up (V8 and per-query fixed costs show). */
export const ONE_WARM_UP: WarmUpRule = { minRuns: 0, minMs: 0, maxRuns: 1 }

/** How long a measurement warms up before its timed runs. */
export interface WarmUpRule {
  readonly minRuns: number
  readonly minMs: number
  readonly maxRuns: number
}

/** What the warm-up said as it went. */
export interface WarmUp {
  /** Untimed runs made. */
  readonly runs: number
  /** The first (cold) run's wall time, ms. */
  readonly firstMs: number
}

/** One measurement: the warm-up and the timed runs' wall times, ms. */
export interface Runs {
  readonly warmUp: WarmUp
  readonly runsMs: number[]
}

/** The median of `xs` (the upper one for an even count). */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1]
}

/** Warms `run` up by `rule` (WARM_UP unless given), then runs it RUNS times timed. */
export async function timeRuns(run: () => Promise<unknown>, rule: WarmUpRule = WARM_UP): Promise<Runs> {
  const start = performance.now()
  await run()
  const warm = performance.now()
  const firstMs = warm - start
  let runs = 1
  while (runs < rule.maxRuns && (runs <= rule.minRuns || performance.now() - warm < rule.minMs)) {
    await run()
    runs++
  }
  const runsMs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await run()
    runsMs.push(performance.now() - t)
  }
  return { warmUp: { runs, firstMs }, runsMs }
}

/** WARM_UP in words, for the printed settings and the chart. */
export function describeWarmUp(): string {
  return `median of ${RUNS} after a warm-up (a cold run, then ≥ ${WARM_UP.minRuns} runs and ≥ ${WARM_UP.minMs} ms)`
}
