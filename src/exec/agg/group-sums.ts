// exec/agg/group-sums.ts: sum(x) and avg(x) of every group in typed arrays: per group a short exact
// expansion (Shewchuk's non-overlapping partials, as ExactSum, at most PARTS of them; a group that
// needs more moves to an ExactSum of its own), the sum of its non-finite values, its value count and
// whether every value was an integer. A batch is added in one pass over its rows whatever the group
// count: each value split by error-free extraction (extract-sum.ts) into two levels whose per-group
// sums are exact for the batch, then each touched group's two level sums (and the rare residues)
// added to its expansion. Results equal SumState's / AvgState's bit for bit: both are the exact sum
// rounded once.

import { expansionHigh, growExpansion } from '../../util/grow-expansion.ts'
import { leafCall } from '../leaf-call.ts'
import type { AggState } from './agg-state.ts'
import { AvgState } from './avg.ts'
import { ExactSum } from './exact-sum.ts'
import { extractable, maxAbs, pow2AtLeast } from './extract-sum.ts'
import { SumState, sumResult } from './sum.ts'

/** Partials kept in the typed expansion of a group (then it moves to an ExactSum in `#wide`). */
const PARTS = 4
/** `#parts[g]` of a group whose sum lives in `#wide`. */
const WIDE = 255
/** Slots per group of a pass: level sums q1 and q2, count, largest and smallest value. */
const STRIDE = 5

/** A group's pass slot as between passes: zero sums and count, extremes −∞ / +∞. */
function resetSlot(acc: Float64Array, k: number): void {
  acc[k] = 0
  acc[k + 1] = 0
  acc[k + 2] = 0
  acc[k + 3] = Number.NEGATIVE_INFINITY
  acc[k + 4] = Number.POSITIVE_INFINITY
}

/** The sum / avg states of every group of one aggregation (see the module header). */
export class GroupSums {
  readonly kind: 'sum' | 'avg'
  #cap = 0
  /** Group g's partials: `#p[PARTS·g …]`, `#parts[g]` of them (WIDE: in `#wide`). */
  #p = new Float64Array(0)
  #parts = new Uint8Array(0)
  /** Sum of group g's non-finite values and overflowed partials (0 while all finite). */
  #special = new Float64Array(0)
  #count = new Float64Array(0)
  /** 1 while every value of group g was an integer (sum: the result is then an exact integer). */
  #integral = new Uint8Array(0)
  /** Per group touched by a batch (STRIDE slots): its two level sums, value count, largest and smallest value (reset between batches). */
  #acc = new Float64Array(0)
  readonly #wide = new Map<number, ExactSum>()
  /** σ1, σ2 of the batch being added. */
  readonly #scales = new Float64Array(2)
  /** The max|x| the last batch's σ's were sized for (0: measure). */
  #bound = 0

  constructor(kind: 'sum' | 'avg') {
    this.kind = kind
  }

  /** Room for groups 0 … n − 1 (new groups empty). */
  grow(n: number): void {
    if (n <= this.#cap) return
    const cap = Math.max(n, 2 * this.#cap, 64)
    this.#p = grown(this.#p, PARTS * cap)
    this.#parts = grownBytes(this.#parts, cap)
    this.#special = grown(this.#special, cap)
    this.#count = grown(this.#count, cap)
    const acc = grown(this.#acc, STRIDE * cap)
    for (let k = STRIDE * this.#cap; k < acc.length; k += STRIDE) resetSlot(acc, k)
    this.#acc = acc
    const integral = grownBytes(this.#integral, cap)
    integral.fill(1, this.#cap)
    this.#integral = integral
    this.#cap = cap
  }

  /**
   * Adds `values[j]` to group `gids[j]` for every j (dense: every value non-null; every group below
   * `groupCount`, within the capacity `grow` made). `max` / `min`, when given, are GroupExtremes
   * lanes over the same values: each group's largest / smallest of the batch is offered to them.
   */
  addValues(
    values: Float64Array,
    gids: Int32Array,
    groupCount: number,
    max: Float64Array | null = null,
    min: Float64Array | null = null,
    slots: Int32Array | null = null,
  ): void {
    const n = values.length
    if (n === 0) return
    if (slots !== null) {
      this.#bySlots(values, gids, max, min, slots)
      return
    }
    if (this.kind === 'sum' && !leafCall(allIntegers, values))
      leafCall(clearIntegral, values, gids, this.#integral)
    const scales = this.#scales
    // The touched groups: every group when they are few beside the rows, else found through the rows.
    const few = groupCount * 4 <= n
    // σ's sized for the magnitude the last batch measured, checked on the groups' extremes after the
    // pass; measured anew when a value exceeds it (the pass's level sums are cleared, and it runs again).
    let m = this.#bound
    let left = 0
    for (let tries = 0; ; tries++) {
      if (m === 0 || tries > 0) {
        m = leafCall(maxAbs, values, null, 0, n)
        if (!extractable(m)) {
          // Zeros only (nothing to add), or NaN, ±∞, magnitudes past the extraction's range: value by value.
          this.#bound = 0
          this.#oneByOne(values, gids, max, min)
          return
        }
      }
      // σ1 ≥ 4·n·m keeps every group's level sums exact (extract-sum.ts); σ2 the same for the second level.
      scales[0] = pow2AtLeast(4 * n * m)
      scales[1] = scales[0] * 2 ** -53 * pow2AtLeast(4 * n)
      // A direct call: through leafCall the pass ran inlined into leafCall's own code, half as fast.
      left = accumulate(values, gids, scales[0], scales[1], this.#acc)
      if (this.#within(scales[0] / (4 * n), few ? null : gids, groupCount)) break
      this.#clear(few ? null : gids, groupCount)
    }
    // Many residues: the remembered magnitude is far above this data's; measure again next batch.
    this.#bound = left > n >> 3 ? 0 : m
    if (few) for (let g = 0; g < groupCount; g++) this.#fold(g, g, max, min)
    else for (let j = 0; j < n; j++) this.#fold(gids[j], gids[j], max, min)
    if (left > 0) {
      // Rare: values far smaller than the batch's largest keep bits below both levels (or NaN).
      for (let j = 0; j < n; j++) {
        const r = residue(values[j], scales[0], scales[1])
        if (r !== 0) this.#add(gids[j], r)
      }
    }
  }

  /** Value by value: counts, the exact sums and the extremes' offers. */
  #oneByOne(
    values: Float64Array,
    gids: Int32Array,
    max: Float64Array | null,
    min: Float64Array | null,
  ): void {
    for (let j = 0; j < values.length; j++) {
      const x = values[j]
      const g = gids[j]
      this.#count[g]++
      this.#add(g, x)
      if (max !== null && (x > max[g] || Number.isNaN(max[g]))) max[g] = x
      if (min !== null && (x < min[g] || Number.isNaN(min[g]))) min[g] = x
    }
  }

  /** Whether every touched group's extremes (groups 0 … groupCount − 1, or those of `gids`) are within ±`bound`. */
  #within(bound: number, gids: Int32Array | null, groupCount: number): boolean {
    const acc = this.#acc
    const n = gids === null ? groupCount : gids.length
    for (let i = 0; i < n; i++) {
      const k = STRIDE * (gids === null ? i : gids[i])
      if (acc[k + 2] > 0 && !(acc[k + 3] <= bound && -acc[k + 4] <= bound)) return false
    }
    return true
  }

  /** Clears a pass's level sums (it has to run again). */
  #clear(gids: Int32Array | null, groupCount: number): void {
    const n = gids === null ? groupCount : gids.length
    for (let i = 0; i < n; i++) resetSlot(this.#acc, STRIDE * (gids === null ? i : gids[i]))
  }

  /**
   * `addValues` where `gids[j]` is a slot (a dictionary code) and `slots[s]` the group of slot s:
   * a pass over a small dictionary's codes with no group id per row. Rare batches (NaN, ±∞, residues,
   * magnitudes out of range) go value by value through the slots' groups.
   */
  #bySlots(
    values: Float64Array,
    codes: Int32Array,
    max: Float64Array | null,
    min: Float64Array | null,
    slots: Int32Array,
  ): void {
    const n = values.length
    const count = slots.length
    if (STRIDE * count > this.#acc.length) this.grow(count)
    const scales = this.#scales
    let m = this.#bound
    if (m === 0) m = leafCall(maxAbs, values, null, 0, n)
    if (extractable(m)) {
      scales[0] = pow2AtLeast(4 * n * m)
      scales[1] = scales[0] * 2 ** -53 * pow2AtLeast(4 * n)
      const left = accumulate(values, codes, scales[0], scales[1], this.#acc)
      if (left === 0 && this.#within(scales[0] / (4 * n), null, count)) {
        if (this.kind === 'sum' && !leafCall(allIntegers, values)) this.#slotIntegral(values, codes, slots)
        this.#bound = m
        for (let s = 0; s < count; s++) this.#fold(s, slots[s], max, min)
        return
      }
      this.#clear(null, count)
    }
    // The general pass, on group ids.
    this.#bound = 0
    const gids = Int32Array.from(codes, (c) => slots[c])
    this.addValues(values, gids, Math.max(...slots) + 1, max, min)
  }

  /** Clears the integral mark of each slot's group that has a non-integer value. */
  #slotIntegral(values: Float64Array, codes: Int32Array, slots: Int32Array): void {
    for (let j = 0; j < values.length; j++)
      if (!Number.isInteger(values[j])) this.#integral[slots[codes[j]]] = 0
  }

  /**
   * Adds the level sums of pass slot `slot` (if it was touched) to group g's expansion, offers its
   * extremes to `max` / `min`, and clears the slot.
   */
  #fold(slot: number, g: number, max: Float64Array | null, min: Float64Array | null): void {
    const acc = this.#acc
    const k = STRIDE * slot
    const c = acc[k + 2]
    if (c === 0) return
    this.#add(g, acc[k])
    this.#add(g, acc[k + 1])
    this.#count[g] += c
    // −∞ / +∞: only NaNs (±∞ never reach a pass: they fail its bound).
    const hi = acc[k + 3]
    const lo = acc[k + 4]
    if (max !== null && hi !== Number.NEGATIVE_INFINITY && (hi > max[g] || Number.isNaN(max[g]))) max[g] = hi
    if (min !== null && lo !== Number.POSITIVE_INFINITY && (lo < min[g] || Number.isNaN(min[g]))) min[g] = lo
    resetSlot(acc, k)
  }

  /** Adds `x` exactly to group g's expansion (ExactSum.add on typed storage). */
  #add(g: number, x: number): void {
    if (x === 0) return
    if (x - x !== 0) {
      this.#special[g] += x
      return
    }
    const n = this.#parts[g]
    if (n === WIDE) {
      ;(this.#wide.get(g) as ExactSum).add(x)
      return
    }
    const p = this.#p
    const base = PARTS * g
    const i = growExpansion(p, base, n, x)
    x = expansionHigh[0]
    if (x - x !== 0) {
      // Finite values overflowed: ±Infinity, as IEEE (and ExactSum) would give.
      this.#special[g] += x
      this.#parts[g] = 0
      return
    }
    if (i < PARTS) {
      p[base + i] = x
      this.#parts[g] = i + 1
      return
    }
    const wide = ExactSum.fromParts(p, base, i, 0)
    wide.add(x)
    this.#wide.set(g, wide)
    this.#parts[g] = WIDE
  }

  /** Group g's exact sum (a fresh ExactSum). */
  #sum(g: number): ExactSum {
    const n = this.#parts[g]
    if (n !== WIDE) return ExactSum.fromParts(this.#p, PARTS * g, n, this.#special[g])
    const s = ExactSum.fromParts(new Float64Array(0), 0, 0, this.#special[g])
    s.merge(this.#wide.get(g) as ExactSum)
    return s
  }

  /** Group g's result, as SumState / AvgState give it. */
  result(g: number): number | bigint | null {
    if (this.kind === 'sum') return sumResult(this.#sum(g), this.#integral[g] === 1)
    return this.#count[g] === 0 ? null : this.#sum(g).value() / this.#count[g]
  }

  /** Group g's state (for a merge or the wire). */
  state(g: number): AggState {
    return this.kind === 'sum'
      ? SumState.of(this.#sum(g), this.#integral[g] === 1)
      : AvgState.of(this.#sum(g), this.#count[g])
  }
}

function grown(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n)
  b.set(a)
  return b
}

function grownBytes(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n)
  b.set(a)
  return b
}

/** The residue x − q1 − q2 of `x` for σ1 = `s1`, σ2 = `s2` (exact; 0 for most values). */
function residue(x: number, s1: number, s2: number): number {
  const r = x - (s1 + x - s1)
  return r - (s2 + r - s2)
}

// Leaf loops: nothing but `return` follows a hot loop.

/**
 * For each j (x = `values[j]`, group g = `gids[j]`, slot k = STRIDE·g): `acc[k] += q1`,
 * `acc[k + 1] += q2`, `acc[k + 2] += 1`, q1 and q2 being x's extraction levels for σ1 = `s1`, σ2 =
 * `s2` (exact while every |x| stays within the σ's bound: the caller checks the extremes), and
 * `acc[k + 3]` / `acc[k + 4]` become the group's first largest / smallest value. Returns how many
 * values have a residue (NaN counts).
 */
function accumulate(
  values: Float64Array,
  gids: Int32Array,
  s1: number,
  s2: number,
  acc: Float64Array,
): number {
  let left = 0
  for (let j = 0; j < values.length; j++) {
    const x = values[j]
    const q = s1 + x - s1
    const r = x - q
    const q2 = s2 + r - s2
    const k = STRIDE * gids[j]
    acc[k] += q
    acc[k + 1] += q2
    acc[k + 2]++
    left += +(r - q2 !== 0)
    if (x > acc[k + 3]) acc[k + 3] = x
    if (x < acc[k + 4]) acc[k + 4] = x
  }
  return left
}

function allIntegers(values: Float64Array): boolean {
  for (let j = 0; j < values.length; j++) if (!Number.isInteger(values[j])) return false
  return true
}

function clearIntegral(values: Float64Array, gids: Int32Array, integral: Uint8Array): void {
  for (let j = 0; j < values.length; j++) if (!Number.isInteger(values[j])) integral[gids[j]] = 0
}
