// util/grow-expansion.ts: Shewchuk's grow-expansion, the step of every exact sum of doubles here
// (non-overlapping partials, as Python's math.fsum): the aggregations' ExactSum and typed group
// sums (exec/agg) and the zone maps' per-block sums (storage/block/exact-partials.ts).

/** The high part left by `growExpansion` (a one-call out-parameter: read right after the call). */
export const expansionHigh = new Float64Array(1)

/**
 * Shewchuk's grow-expansion: adds finite `x` to the `n` non-overlapping partials `p[base …]` (in
 * increasing magnitude), writing the non-zero low parts back from `p[base]` on; returns their count,
 * the high part (the new largest partial, or ±∞ on overflow) in `expansionHigh[0]` for the caller to place.
 */
export function growExpansion(p: Float64Array, base: number, n: number, x: number): number {
  let i = 0
  for (let j = 0; j < n; j++) {
    let y = p[base + j]
    if (Math.abs(x) < Math.abs(y)) {
      const t = x
      x = y
      y = t
    }
    const hi = x + y
    const lo = y - (hi - x)
    if (lo !== 0) p[base + i++] = lo
    x = hi
  }
  expansionHigh[0] = x
  return i
}
