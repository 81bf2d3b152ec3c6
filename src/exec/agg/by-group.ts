// exec/agg/by-group.ts: avg / max / min of a batch's real values for few groups in one pass over the
// rows, accumulating per group id in typed arrays (no regrouping of rows), then folded into each
// touched group's state once: the states end up with the same results as through their batch paths.
// Every avg / max / min over one value vector shares one pass: the exact sum's two levels, the count,
// and both extremes per group, with the magnitude bound the exact sum needs checked in the same pass
// against the one remembered from the previous batch (a second pass only when it no longer holds).

import { leafCall } from '../leaf-call.ts'
import { consecutiveRows } from '../time-order.ts'
import type { AggState } from './agg-state.ts'
import type { AvgState } from './avg.ts'
import { extractable, maxAbs, pow2AtLeast } from './extract-sum.ts'

/** The aggregation kinds with a by-group feed. */
export type ByGroupKind = 'avg' | 'max' | 'min'

/** One aggregation fed by a by-group pass: its kind and its states (one per group id). */
export interface ByGroupPart {
  readonly kind: ByGroupKind
  readonly states: readonly AggState[]
}

/** Whether an aggregation kind has a by-group feed. */
export function isByGroupKind(kind: string): kind is ByGroupKind {
  return kind === 'avg' || kind === 'max' || kind === 'min'
}

/** Room for the positions of rows with residues: row-sized, so one per thread, not per aggregation. */
let RESIDUES = new Uint32Array(0)

/** RESIDUES with room for `n` positions (a pass uses it only until it returns). */
function residueSlots(n: number): Uint32Array {
  if (RESIDUES.length < n) RESIDUES = new Uint32Array(Math.max(n, 2 * RESIDUES.length))
  return RESIDUES
}

/** Reusable scratch of the by-group feeds (grows with the group count and batch size; never shrinks). */
export class ByGroupScratch {
  #sums = new Float64Array(0)
  #hi = new Float64Array(0)
  #lo = new Float64Array(0)
  /** Per value slot, the max|x| the last batch's pass was sized for (0: none yet). */
  readonly #bounds: number[] = []
  readonly scales = new Float64Array(2)
  /** The batch's smallest value, for passes that keep no per-group minimum (see accumulateRange). */
  readonly low = new Float64Array(1)

  /** 3·`groups` doubles (two sum levels and a count per group), zeroed. */
  sums(groups: number): Float64Array {
    if (this.#sums.length < 3 * groups)
      this.#sums = new Float64Array(Math.max(3 * groups, 2 * this.#sums.length))
    return this.#sums.subarray(0, 3 * groups).fill(0)
  }

  /** Largest value per group, every one set to `fill`. */
  hi(groups: number, fill: number): Float64Array {
    if (this.#hi.length < groups) this.#hi = new Float64Array(Math.max(groups, 2 * this.#hi.length))
    return this.#hi.subarray(0, groups).fill(fill)
  }

  /** Smallest value per group, every one set to `fill`. */
  lo(groups: number, fill: number): Float64Array {
    if (this.#lo.length < groups) this.#lo = new Float64Array(Math.max(groups, 2 * this.#lo.length))
    return this.#lo.subarray(0, groups).fill(fill)
  }

  /** The max|x| remembered for value slot `slot` (0: none). */
  bound(slot: number): number {
    return this.#bounds[slot] ?? 0
  }

  setBound(slot: number, m: number): void {
    while (this.#bounds.length < slot) this.#bounds.push(0)
    this.#bounds[slot] = m
  }
}

/**
 * Feeds `values[rows[j]]` (no nulls) to every part's `states[gids[j] + idOffset]` for every j (an offset
 * of 1: `gids` are dictionary codes, null −1, see agg-feed's feedByCodes); false, having fed
 * nothing, when this batch must take the general path (an avg over NaN, ±∞ or magnitudes out of the
 * exact sum's range). Every group id is below `groupCount`; `slot` names the value vector within the
 * aggregation (it keys the remembered magnitude).
 */
export function feedByGroup(
  parts: readonly ByGroupPart[],
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  idOffset: number,
  groupCount: number,
  scratch: ByGroupScratch,
  slot: number,
): boolean {
  if (rows.length === 0) return true
  if (!parts.some((p) => p.kind === 'avg')) {
    for (const p of parts) feedExtremum(p, values, rows, gids, idOffset, groupCount, scratch)
    return true
  }
  const sums = scratch.sums(groupCount)
  const hi = scratch.hi(groupCount, Number.NEGATIVE_INFINITY)
  const lo = scratch.lo(groupCount, Number.POSITIVE_INFINITY)
  const residues = residueSlots(rows.length)
  // Consecutive rows (a whole block) and no min: the pass reads values in place and keeps only the
  // batch's smallest value for the bound check (one store per row fewer).
  const range = consecutiveRows(rows) && !parts.some((p) => p.kind === 'min')
  const left = passAll(values, rows, gids, idOffset, sums, hi, lo, residues, scratch, slot, range)
  if (left < 0) return false
  for (let g = 0; g < groupCount; g++) {
    if (sums[3 * g + 2] === 0) continue
    for (const p of parts) FOLDS[p.kind](p.states[g], sums, hi, lo, g)
  }
  // Rare: values far smaller than the batch's largest keep bits below both levels.
  for (const p of parts) {
    if (p.kind !== 'avg') continue
    for (let k = 0; k < left; k++) {
      const j = residues[k]
      ;(p.states[gids[j] + idOffset] as AvgState).addExactParts(
        residue(values[rows[j]], scratch.scales[0], scratch.scales[1]),
        0,
        0,
      )
    }
  }
  return true
}

/** Folds group g's results of one pass into a state, per kind (registry: kind → fold). */
const FOLDS: {
  readonly [K in ByGroupKind]: (
    s: AggState,
    sums: Float64Array,
    hi: Float64Array,
    lo: Float64Array,
    g: number,
  ) => void
} = {
  avg: (s, sums, _hi, _lo, g) => (s as AvgState).addExactParts(sums[3 * g], sums[3 * g + 1], sums[3 * g + 2]),
  // One offer per group through the state's own batch path.
  max: (s, _sums, hi, _lo, g) => s.addNumbers(hi, null, g, g + 1),
  min: (s, _sums, _hi, lo, g) => s.addNumbers(lo, null, g, g + 1),
}

/**
 * The exact-sum pass with σ's sized for the remembered magnitude of `slot`, or for the batch's own
 * max|x| when there is none or a value exceeds it (then the pass runs again). Writes the rows with
 * residues into `residues` and returns how many, or −1 when the batch holds NaN, ±∞ or magnitudes
 * out of range.
 */
function passAll(
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  idOffset: number,
  sums: Float64Array,
  hi: Float64Array,
  lo: Float64Array,
  residues: Uint32Array,
  scratch: ByGroupScratch,
  slot: number,
  range: boolean,
): number {
  const n = rows.length
  const { scales, low } = scratch
  let m = scratch.bound(slot)
  let measured = m === 0
  if (measured) m = leafCall(maxAbs, values, rows, 0, n)
  for (;;) {
    if (m !== 0 && !extractable(m)) return -1
    const bound = scalesFor(m, n, scales)
    // Without a per-group minimum `lo` stays +∞ and `low` holds the batch's; else `low` stays +∞.
    low[0] = Number.POSITIVE_INFINITY
    let left = range
      ? leafCall(accumulateRange, values, rows[0], n, gids, idOffset, scales[0], scales[1], sums, hi, low)
      : leafCall(accumulateAll, values, rows, gids, idOffset, scales[0], scales[1], sums, hi, lo)
    // The σ's hold when every |x| ≤ bound: the extremes tell (±∞ fails too; NaN shows as a residue).
    if (-low[0] <= bound && withinBound(sums, hi, lo, bound)) {
      if (left > 0) left = leafCall(residueRows, values, rows, scales[0], scales[1], residues)
      if (left >= 0) {
        // Many residues: the remembered magnitude is far above this data's; measure again next batch.
        scratch.setBound(slot, left > n >> 3 ? 0 : m)
        return left
      }
    }
    if (measured) return -1
    sums.fill(0)
    hi.fill(Number.NEGATIVE_INFINITY)
    lo.fill(Number.POSITIVE_INFINITY)
    m = leafCall(maxAbs, values, rows, 0, n)
    measured = true
  }
}

/** Whether every touched group's extremes are within ±`bound`. */
function withinBound(sums: Float64Array, hi: Float64Array, lo: Float64Array, bound: number): boolean {
  for (let g = 0; g < hi.length; g++)
    if (sums[3 * g + 2] > 0 && !(hi[g] <= bound && -lo[g] <= bound)) return false
  return true
}

/**
 * Writes σ1 and σ2 for `n` values of magnitude ≤ `m` into `scales` (extract-sum.ts: σ1 ≥ 4·n·m, σ2 ≥
 * 4·n·2^-53·σ1) and returns the magnitude those σ's take, σ1 / 4n (≥ m).
 */
function scalesFor(m: number, n: number, scales: Float64Array): number {
  // All zeros: any σ works (q1 = q2 = 0); 1 keeps pow2AtLeast away from log2(0).
  const s1 = m === 0 ? 1 : pow2AtLeast(4 * n * m)
  scales[0] = s1
  scales[1] = s1 * 2 ** -53 * pow2AtLeast(4 * n)
  return s1 / (4 * n)
}

/** The residue x − q1 − q2 of `x` for σ1 = `s1`, σ2 = `s2` (exact; 0 for most values). */
function residue(x: number, s1: number, s2: number): number {
  const r = x - (s1 + x - s1)
  return r - (s2 + r - s2)
}

function feedExtremum(
  part: ByGroupPart,
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  idOffset: number,
  groupCount: number,
  scratch: ByGroupScratch,
): void {
  const best = scratch.hi(groupCount, Number.NaN)
  leafCall(part.kind === 'max' ? maxByGroup : minByGroup, values, rows, gids, idOffset, best)
  // One offer per group through the state's own batch path (a NaN group had no number: nothing).
  for (let g = 0; g < groupCount; g++)
    if (!Number.isNaN(best[g])) part.states[g].addNumbers(best, null, g, g + 1)
}

// Leaf loops: nothing but `return` follows a hot loop. Branch-free where the data decides: `+(test)`
// instead of `test ? 1 : 0` (a branch that mispredicts on random data).

/**
 * For each row j (value x = `values[rows[j]]`, group g = `gids[j] + off`): `out[3g] += q1`,
 * `out[3g + 1] += q2`, `out[3g + 2] += 1`, where q1 and q2 are x's two extraction levels for σ1 = `s1`,
 * σ2 = `s2` (extract-sum.ts), sized so that every group's q1 sum and q2 sum is exact while every
 * |x| stays within the σ's bound (the caller checks that on `hi` and `lo`); and `hi[g]` / `lo[g]`
 * (from −∞ / +∞) become the group's first largest / smallest value in row order. Returns how many
 * rows have a residue (x − q1 − q2 ≠ 0, or NaN: see `residueRows`).
 */
function accumulateAll(
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  off: number,
  s1: number,
  s2: number,
  out: Float64Array,
  hi: Float64Array,
  lo: Float64Array,
): number {
  let left = 0
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const q = s1 + x - s1
    const r = x - q
    const q2 = s2 + r - s2
    const g = gids[j] + off
    const k = 3 * g
    out[k] += q
    out[k + 1] += q2
    out[k + 2]++
    left += +(r - q2 !== 0)
    if (x > hi[g]) hi[g] = x
    if (x < lo[g]) lo[g] = x
  }
  return left
}

/**
 * `accumulateAll` over the consecutive rows `first … first + n − 1`, read in place, with no
 * per-group minimum: `low[0]` (+∞ on entry) becomes the smallest value of the batch instead.
 */
function accumulateRange(
  values: Float64Array,
  first: number,
  n: number,
  gids: Int32Array,
  off: number,
  s1: number,
  s2: number,
  out: Float64Array,
  hi: Float64Array,
  low: Float64Array,
): number {
  let left = 0
  let lowest = low[0]
  for (let j = 0; j < n; j++) {
    const x = values[first + j]
    const q = s1 + x - s1
    const r = x - q
    const q2 = s2 + r - s2
    const g = gids[j] + off
    const k = 3 * g
    out[k] += q
    out[k + 1] += q2
    out[k + 2]++
    left += +(r - q2 !== 0)
    if (x > hi[g]) hi[g] = x
    // Rare after the first rows; stored here so that nothing but the return follows the loop.
    if (x < lowest) low[0] = lowest = x
  }
  return left
}

/**
 * Writes the positions j whose value has a residue for σ1 = `s1`, σ2 = `s2` into `residues` and returns
 * how many; −1 when a value is NaN (rare: run only when `accumulateAll` counted a residue).
 */
function residueRows(
  values: Float64Array,
  rows: Uint32Array,
  s1: number,
  s2: number,
  residues: Uint32Array,
): number {
  let left = 0
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    if (Number.isNaN(x)) return -1
    residues[left] = j
    left += +(residue(x, s1, s2) !== 0)
  }
  return left
}

/**
 * `best[g]` becomes the first largest non-NaN value of group g's rows (row j's group: `gids[j] + off`), in row order (NaN when there is
 * none); `best` must hold NaN for the groups of `gids`.
 */
function maxByGroup(
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  off: number,
  best: Float64Array,
): void {
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const g = gids[j] + off
    const m = best[g]
    // A NaN m: nothing yet (a NaN x then keeps it NaN, and the next number replaces it).
    if (x > m || Number.isNaN(m)) best[g] = x
  }
}

/** As `maxByGroup`, the first smallest. */
function minByGroup(
  values: Float64Array,
  rows: Uint32Array,
  gids: Int32Array,
  off: number,
  best: Float64Array,
): void {
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const g = gids[j] + off
    const m = best[g]
    if (x < m || Number.isNaN(m)) best[g] = x
  }
}
