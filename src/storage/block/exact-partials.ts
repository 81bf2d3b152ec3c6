// storage/block/exact-partials.ts: an exact running sum of finite doubles as non-overlapping partials
// (Shewchuk's grow-expansion, as Python's math.fsum), for the zone map's per-block `sum`: the exact
// sum of the partials is the exact sum of the values, whatever order they are later merged in.
import { expansionHigh, growExpansion } from '../../util/grow-expansion.ts'

/** Exact sum of finite doubles so far: `p[0 .. n)`, non-overlapping, in increasing magnitude. */
export class ExactPartials {
  p = new Float64Array(4)
  n = 0
  /** Set when a partial overflowed (|sum| past 1.8e308): the sum is then not recorded. */
  overflow = false

  /** Adds finite `x` exactly. */
  add(x: number): void {
    const i = growExpansion(this.p, 0, this.n, x)
    x = expansionHigh[0]
    if (x - x !== 0) {
      this.overflow = true
      this.n = 0
      return
    }
    if (i === this.p.length) {
      const next = new Float64Array(this.p.length * 2)
      next.set(this.p)
      this.p = next
    }
    this.p[i] = x
    this.n = i + 1
  }

  /** The partials (smallest first; `[]` for an empty sum), or undefined after an overflow. */
  list(): number[] | undefined {
    if (this.overflow) return undefined
    const out: number[] = []
    for (let i = 0; i < this.n; i++) out.push(this.p[i])
    return out
  }
}
