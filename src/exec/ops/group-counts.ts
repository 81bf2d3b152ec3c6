// ops/group-counts.ts: the row count of each group of a summarize whose aggregations are all plain
// `count()` (they all count the same): one growing typed array instead of a count state object per
// (aggregation, group). The states are made from it only when asked for (a parallel partial's wire
// form); the summarize's own output reads the counts.
import { CountState } from '../agg/count.ts'
import type { AggState } from '../agg/index.ts'

/** Counts per group id (0 for a group never counted). */
export class GroupCounts {
  #n = new Float64Array(64)

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

  /** Group `gid`'s count. */
  of(gid: number): number {
    return gid < this.#n.length ? this.#n[gid] : 0
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

/** One more row per id (a leaf loop). */
function tallyIds(counts: Float64Array, gids: Int32Array): void {
  for (let j = 0; j < gids.length; j++) counts[gids[j]]++
}
