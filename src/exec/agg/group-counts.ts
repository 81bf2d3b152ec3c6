// exec/agg/group-counts.ts: count() or countif(p) of every group in one growing typed array, in place
// of a count state object per group: what a summarize whose aggregations are all plain `count()`
// keeps (one array for all of them: they count the same), and the typed accumulator of a count or
// countif beside other aggregations (ops/group-column.ts). States are made from it only when asked
// for (a merge, a parallel partial's wire form); the summarize's own output reads the counts.

import { leafCall } from '../leaf-call.ts'
import type { AggState } from './agg-state.ts'
import { CountState } from './count.ts'
import { CountIfState } from './countif.ts'

/** Counts per group id (0 for a group never counted). */
export class GroupCounts {
  readonly kind: 'count' | 'countif'
  #n = new Float64Array(64)
  #slotCounts = new Float64Array(0)

  constructor(kind: 'count' | 'countif' = 'count') {
    this.kind = kind
  }

  /** Room for groups 0 … n − 1 (new groups at 0). */
  grow(n: number): void {
    if (n > this.#n.length) this.#grow(n)
  }

  /** Adds `n` rows (or weights) to group `gid`. */
  add(gid: number, n: number): void {
    if (gid >= this.#n.length) this.#grow(gid + 1)
    this.#n[gid] += n
  }

  /** Adds one row to each group of `gids` (the general path: an id per row). */
  addEach(gids: Int32Array, groupCount: number): void {
    if (groupCount > this.#n.length) this.#grow(groupCount)
    tallyIds(this.#n, gids)
  }

  /**
   * As `addEach` (or `addTrue` / `addNonZero` with `values`) where `codes[j]` is a slot (a dictionary
   * code) and `slots[s]` its group: tallied per slot, then added to the groups.
   */
  addBySlots(codes: Int32Array, slots: Int32Array, values: Uint8Array | Float64Array | null): void {
    if (this.#slotCounts.length < slots.length) this.#slotCounts = new Float64Array(slots.length)
    const per = this.#slotCounts.subarray(0, slots.length).fill(0)
    if (values === null) tallyIds(per, codes)
    else if (values instanceof Uint8Array) leafCall(tallyTrue, per, values, codes)
    else leafCall(tallyNonZero, per, values, codes)
    for (let s = 0; s < slots.length; s++) this.#n[slots[s]] += per[s]
  }

  /** Adds one row to group `gids[j]` for each j whose predicate `values[j]` is true (1; dense). */
  addTrue(values: Uint8Array, gids: Int32Array): void {
    leafCall(tallyTrue, this.#n, values, gids)
  }

  /** As `addTrue` for a predicate encoded as a number: non-zero counts, NaN does not (CountIfState). */
  addNonZero(values: Float64Array, gids: Int32Array): void {
    leafCall(tallyNonZero, this.#n, values, gids)
  }

  /** Group `gid`'s count. */
  of(gid: number): number {
    return gid < this.#n.length ? this.#n[gid] : 0
  }

  /** Groups 0 … size − 1's counts, a copy (a parallel partial's wire form: no state per group). */
  values(size: number): Float64Array {
    this.grow(size)
    return this.#n.slice(0, size)
  }

  /** Adds `counts[j]` to group `gids[j]` for each j (a partial's counts merged by its groups' ids). */
  addAt(gids: Int32Array, counts: Float64Array): void {
    for (let j = 0; j < gids.length; j++) this.#n[gids[j]] += counts[j]
  }

  /** Group g's result, as the count state gives it. */
  result(g: number): number {
    return this.of(g)
  }

  /** Group g's state (for a merge or the wire). */
  state(g: number): AggState {
    const s = this.kind === 'count' ? new CountState() : new CountIfState()
    s.addMany(this.of(g))
    return s
  }

  /** Count states of groups 0 … size − 1, one row per aggregation (`aggs` rows, equal). */
  states(aggs: number, size: number): AggState[][] {
    return Array.from({ length: aggs }, () =>
      Array.from({ length: size }, (_, g) => {
        const s = new CountState()
        s.addMany(this.of(g))
        return s
      }),
    )
  }

  #grow(need: number): void {
    let cap = this.#n.length
    while (cap < need) cap *= 2
    const grown = new Float64Array(cap)
    grown.set(this.#n)
    this.#n = grown
  }
}

// Leaf loops.

function tallyTrue(counts: Float64Array, values: Uint8Array, gids: Int32Array): void {
  for (let j = 0; j < values.length; j++) counts[gids[j]] += +(values[j] === 1)
}

function tallyNonZero(counts: Float64Array, values: Float64Array, gids: Int32Array): void {
  for (let j = 0; j < values.length; j++) {
    const x = values[j]
    counts[gids[j]] += +(x !== 0 && !Number.isNaN(x))
  }
}

/** One more row per id. */
function tallyIds(counts: Float64Array, gids: Int32Array): void {
  for (let j = 0; j < gids.length; j++) counts[gids[j]]++
}
