// exec/agg/by-group.ts: avg / max / min of a batch's real values for few groups in one pass over the
// rows, accumulating per group id in typed arrays (no regrouping of rows), then folded into each
// touched group's state once: the states end up with the same results as through their batch paths.

import { leafCall } from '../leaf-call.ts'
import type { AggState } from './agg-state.ts'
import type { AvgState } from './avg.ts'
import { extractable, maxAbs, pow2AtLeast } from './extract-sum.ts'

/** Reusable scratch of the by-group feeds (grows with the group count and batch size; never shrinks). */
export class ByGroupScratch {
  #acc = new Float64Array(0)
  #residues = new Uint32Array(0)
  readonly scales = new Float64Array(2)

  /** `n` doubles, every one set to `fill`. */
  acc(n: number, fill: number): Float64Array {
    if (this.#acc.length < n) this.#acc = new Float64Array(Math.max(n, 2 * this.#acc.length))
    return this.#acc.subarray(0, n).fill(fill)
  }

  /** Room for `n` row positions. */
  residues(n: number): Uint32Array {
    if (this.#residues.length < n) this.#residues = new Uint32Array(Math.max(n, 2 * this.#residues.length))
    return this.#residues
  }
}

/**
 * Feeds `values[rows[j]]` (no nulls) to `states[gids[j]]` for every j; false, having fed nothing,
 * when this batch must take the general path. Every group id is below `groupCount`.
 */
export type ByGroupFeed = (
  states: readonly AggState[],
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  groupCount: number,
  scratch: ByGroupScratch,
) => boolean

function feedAvg(
  states: readonly AggState[],
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  groupCount: number,
  scratch: ByGroupScratch,
): boolean {
  const acc = scratch.acc(3 * groupCount, 0)
  const residues = scratch.residues(rows.length)
  const left = extractByGroup(values, rows, gids, acc, residues, scratch.scales)
  if (left < 0) return false
  for (let g = 0; g < groupCount; g++)
    if (acc[3 * g + 2] > 0) (states[g] as AvgState).addExactParts(acc[3 * g], acc[3 * g + 1], acc[3 * g + 2])
  // Rare: values far smaller than the batch's largest keep bits below both levels.
  for (let k = 0; k < left; k++) {
    const j = residues[k]
    ;(states[gids[j]] as AvgState).addExactParts(residueOf(values[rows[j]], scratch.scales), 0, 0)
  }
  return true
}

function feedExtremum(
  states: readonly AggState[],
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  groupCount: number,
  scratch: ByGroupScratch,
  max: boolean,
): boolean {
  const best = scratch.acc(groupCount, Number.NaN)
  leafCall(max ? maxByGroup : minByGroup, values, rows, gids, best)
  // One offer per group through the state's own batch path (a NaN group had no number: nothing).
  for (let g = 0; g < groupCount; g++) if (!Number.isNaN(best[g])) states[g].addNumbers(best, null, g, g + 1)
  return true
}

/** The by-group feed of each state kind that has one (registry: kind → feed). */
export const BY_GROUP_FEEDS: ReadonlyMap<string, ByGroupFeed> = new Map<string, ByGroupFeed>([
  ['avg', feedAvg],
  [
    'max',
    (states, values, rows, gids, n, scratch) => feedExtremum(states, values, rows, gids, n, scratch, true),
  ],
  [
    'min',
    (states, values, rows, gids, n, scratch) => feedExtremum(states, values, rows, gids, n, scratch, false),
  ],
])

/**
 * For each row j (value `values[rows[j]]`, group `gids[j]`): `out[3g] += q1`, `out[3g + 1] += q2`,
 * `out[3g + 2] += 1`, where q1 and q2 are the value's two extraction levels (extract-sum.ts) for σ's
 * sized to the whole batch, so every group's q1 sum and q2 sum is exact. `out` must be zeroed for the
 * groups of `gids`. Writes the positions j whose residue (x − q1 − q2, see `residueOf`) is not zero
 * into `residues` (length ≥ rows.length) and σ1, σ2 into `scales`; returns how many residues, or −1,
 * having accumulated nothing, when the batch holds NaN, ±∞ or magnitudes out of the extraction's range.
 */
export function extractByGroup(
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  out: Float64Array,
  residues: Uint32Array,
  scales: Float64Array,
): number {
  const n = rows.length
  const m = leafCall(maxAbs, values, rows, 0, n)
  if (m !== 0 && !extractable(m)) return -1
  // All zeros: any σ works (q1 = q2 = 0); 1 keeps pow2AtLeast away from log2(0).
  const s1 = m === 0 ? 1 : pow2AtLeast(4 * n * m)
  const s2 = s1 * 2 ** -53 * pow2AtLeast(4 * n)
  scales[0] = s1
  scales[1] = s2
  return leafCall(accumulate, values, rows, gids, s1, s2, out, residues)
}

/** The residue x − q1 − q2 of `x` for the σ's `extractByGroup` wrote to `scales` (exact). */
export function residueOf(x: number, scales: Float64Array): number {
  const s1 = scales[0]
  const s2 = scales[1]
  const r = x - (s1 + x - s1)
  return r - (s2 + r - s2)
}

// Leaf loops: nothing but `return` follows a hot loop. Branch-free where the data decides: `+(test)`
// instead of `test ? 1 : 0` (a branch that mispredicts on random data).

function accumulate(
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  s1: number,
  s2: number,
  out: Float64Array,
  residues: Uint32Array,
): number {
  let left = 0
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const q = s1 + x - s1
    const r = x - q
    const q2 = s2 + r - s2
    const k = 3 * gids[j]
    out[k] += q
    out[k + 1] += q2
    out[k + 2]++
    residues[left] = j
    left += +(r - q2 !== 0)
  }
  return left
}

/**
 * `best[g]` becomes the first largest non-NaN value of group g's rows, in row order (NaN when there is
 * none); `best` must hold NaN for the groups of `gids`.
 */
export function maxByGroup(
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  best: Float64Array,
): void {
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const g = gids[j]
    const m = best[g]
    // A NaN m: nothing yet (a NaN x then keeps it NaN, and the next number replaces it).
    if (x > m || Number.isNaN(m)) best[g] = x
  }
}

/** As `maxByGroup`, the first smallest. */
export function minByGroup(
  values: Float64Array,
  rows: Uint32Array,
  gids: Float64Array,
  best: Float64Array,
): void {
  for (let j = 0; j < rows.length; j++) {
    const x = values[rows[j]]
    const g = gids[j]
    const m = best[g]
    if (x < m || Number.isNaN(m)) best[g] = x
  }
}
