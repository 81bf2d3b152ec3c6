// test/reference/time-window.ts: the query window (apl-reference §8, api-contract §10) from the
// options and the query clock, and the `bin_auto` step it implies (decision §10.3).

import type { QueryOptions } from '../../src/exec/result.ts'
import { parseTimeBound } from '../../src/util/time/index.ts'
import type { TimeWindow } from './context.ts'
import { floorDiv } from './scalar.ts'

const S = 1_000_000_000n
const M = 60n * S
const H = 60n * M
const D = 24n * H

/** The `bin_auto` candidates, smallest first (decision §10.3). */
export const AUTO_STEPS: readonly bigint[] = [
  S,
  5n * S,
  10n * S,
  15n * S,
  30n * S,
  M,
  5n * M,
  10n * M,
  15n * M,
  30n * M,
  H,
  3n * H,
  6n * H,
  12n * H,
  D,
  7n * D,
  30n * D,
]

/** Most buckets `bin_auto` may produce over the window. */
export const MAX_AUTO_BUCKETS = 1000n

/** A window bound the options could not parse. */
export class WindowError extends Error {
  override readonly name = 'WindowError'
}

/**
 * `[startTime, endTime)`: each bound is RFC 3339 or `now`-relative (`now-1h`), resolved against
 * `now`; an absent start is unbounded, an absent end is `now`.
 */
export function resolveWindow(opts: QueryOptions, now: bigint): TimeWindow {
  const parse = (s: string, what: string) => {
    const ns = parseTimeBound(s, now)
    if (ns === null)
      throw new WindowError(`invalid ${what} ${JSON.stringify(s)}: use RFC 3339 or now-<duration>`)
    return ns
  }
  const start =
    opts.startTime === undefined || opts.startTime === '' ? undefined : parse(opts.startTime, 'startTime')
  const end = opts.endTime === undefined || opts.endTime === '' ? now : parse(opts.endTime, 'endTime')
  return { start, end }
}

/** True when epoch-ns `t` lies in the window. */
export function inWindow(t: bigint, w: TimeWindow): boolean {
  return (w.start === undefined || t >= w.start) && t < w.end
}

/** Epoch-aligned buckets of size `step` that `[start, end)` touches (0 for an empty window). */
export function bucketCount(start: bigint, end: bigint, step: bigint): bigint {
  return end <= start ? 0n : floorDiv(end - 1n, step) - floorDiv(start, step) + 1n
}

/**
 * The smallest AUTO_STEPS entry giving at most MAX_AUTO_BUCKETS epoch-aligned buckets over the window
 * (an unbounded start counts from the Unix epoch, as `range` echoes it); the largest when none does.
 */
export function autoStep(w: TimeWindow): bigint {
  const start = w.start ?? 0n
  for (const step of AUTO_STEPS) if (bucketCount(start, w.end, step) <= MAX_AUTO_BUCKETS) return step
  return AUTO_STEPS[AUTO_STEPS.length - 1]
}
