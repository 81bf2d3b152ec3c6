// storage/clock.ts: the injectable clock. Tests pass a fixed or stepping clock; everything that
// needs "now" (receive time, _sysTime, trim cut-offs, relative query times) asks it.

/** A clock: returns now as epoch ms (number), epoch ns (bigint) or a Date. */
export type Clock = () => number | bigint | Date

/** The system clock in epoch ns (ms precision plus a sub-ms part from the monotonic timer). */
export function systemNowNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n
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
