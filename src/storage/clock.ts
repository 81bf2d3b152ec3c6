// storage/clock.ts: the injectable clock. Tests pass a fixed or stepping clock; everything that
// needs "now" (receive time, _sysTime, trim cut-offs, relative query times) asks it.

/** A clock: returns now as epoch ms (number), epoch ns (bigint) or a Date. */
export type Clock = () => number | bigint | Date

let lastNs = 0n

/**
 * The system clock in epoch ns: wall-clock ms, strictly increasing within the process (a call in
 * the same ms as the last one returns the last value plus 1 ns). So an event stamped "now" by an
 * ingest is always before the "now" that ends the window of any later query (`_time < end`), even
 * when both happen within one millisecond.
 */
export function systemNowNs(): bigint {
  const wall = BigInt(Date.now()) * 1_000_000n
  lastNs = wall > lastNs ? wall : lastNs + 1n
  return lastNs
}

/** Normalize a clock to one returning epoch ns. */
export function nsClock(clock: Clock | undefined): () => bigint {
  if (!clock) return systemNowNs
  return () => {
    const v = clock()
    if (typeof v === 'bigint') return v
    if (v instanceof Date) return BigInt(v.getTime()) * 1_000_000n
    return BigInt(Math.round(v)) * 1_000_000n
  }
}
