// exec/agg/exact-sum.ts: an exact sum of doubles (Shewchuk's non-overlapping partials, as Python's
// math.fsum), so sum/avg give the correctly rounded result whatever the row order, block split or
// merge order: partial states merge to exactly the single-state answer. Integer sums stay exact
// past 2^53 (partials of integers are integers), which gives exact int64 sums without BigInt per row.
// One exception: if a running partial overflows (|sum| past 1.8e308), the sum is ±Infinity, as IEEE.

import { expansionHigh, growExpansion } from '../../util/grow-expansion.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'

/** Upper bound of partials for finite doubles is ~40 (exponent range / 53); 64 leaves room. */
const MAX_PARTIALS = 64

/** Exact running sum of doubles. */
export class ExactSum {
  /** Non-overlapping partials in increasing magnitude; their exact sum is the exact sum so far. */
  private p = new Float64Array(4)
  private n = 0
  /** Sum of non-finite inputs and of overflowed partials (±Infinity or NaN); 0 while all finite. */
  private special = 0

  /** Adds `x` exactly (non-finite values poison the sum the IEEE way). */
  add(x: number): void {
    if (x - x !== 0) {
      // Infinity or NaN (x - x is NaN only for those): the exact part no longer matters.
      this.special += x
      return
    }
    const i = growExpansion(this.p, 0, this.n, x)
    x = expansionHigh[0]
    const p = this.p
    if (x - x !== 0) {
      // Finite inputs overflowed: IEEE would give ±Infinity too.
      this.special += x
      this.n = 0
      return
    }
    if (i === p.length) this.grow()
    this.p[i] = x
    this.n = i + 1
  }

  private grow(): void {
    const next = new Float64Array(this.p.length * 2)
    next.set(this.p)
    this.p = next
  }

  /** Adds every partial of `other` (exact, so merge order does not matter). */
  merge(other: ExactSum): void {
    for (let i = 0; i < other.n; i++) this.add(other.p[i])
    this.special += other.special
  }

  /** The exact sum rounded once to the nearest double (ties to even, as math.fsum). */
  value(): number {
    // NaN !== 0 too, so this covers every non-finite sum.
    if (this.special !== 0) return this.special
    const p = this.p
    let n = this.n
    if (n === 0) return 0
    let hi = p[--n]
    let lo = 0
    while (n > 0) {
      const x = hi
      const y = p[--n]
      hi = x + y
      lo = y - (hi - x)
      if (lo !== 0) break
    }
    // Half-way case: the discarded partials push the rounding the other way.
    if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
      const y = lo * 2
      const x = hi + y
      if (y === x - hi) hi = x
    }
    return hi
  }

  /** The exact sum as a bigint; only meaningful when every input was an integer and the sum is finite. */
  exactInteger(): bigint {
    let s = 0n
    for (let i = 0; i < this.n; i++) s += BigInt(this.p[i])
    return s
  }

  /** True when every partial is an integer (always so when every input was). */
  allIntegral(): boolean {
    for (let i = 0; i < this.n; i++) if (!Number.isInteger(this.p[i])) return false
    return true
  }

  /** True when non-finite inputs or overflow made the sum ±Infinity or NaN. */
  get nonFinite(): boolean {
    return this.special !== 0
  }

  /** Writes the partials and the special sum. */
  write(w: ByteWriter): void {
    w.f64(this.special)
    w.u32(this.n)
    w.f64s(this.p, this.n)
  }

  /**
   * The exact sum of `n` non-overlapping partials `parts[from …]` in increasing magnitude (as kept by
   * `add`) plus `special` (group-sums.ts keeps its groups' sums that way).
   */
  static fromParts(parts: Float64Array, from: number, n: number, special: number): ExactSum {
    const s = new ExactSum()
    if (n > s.p.length) s.p = new Float64Array(n + 1)
    s.p.set(parts.subarray(from, from + n))
    s.n = n
    s.special = special
    return s
  }

  /** Reads what `write` wrote. */
  static read(r: ByteReader): ExactSum {
    const s = new ExactSum()
    s.special = r.f64()
    const n = r.count(8)
    if (n > MAX_PARTIALS) throw new AggStateError('AGG_CORRUPT_STATE', `exact sum with ${n} partials`)
    s.p = r.f64s(n, Math.max(4, n + 1))
    s.n = n
    return s
  }
}
