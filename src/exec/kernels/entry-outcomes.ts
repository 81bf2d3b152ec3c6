// exec/kernels/entry-outcomes.ts: predicates over dictionary strings decided once per dictionary
// entry, then mapped to rows through the codes by one branch-free table lookup per row.
import { leafCall } from '../leaf-call.ts'
import type { BoolVec, StrVec } from '../vector.ts'

/**
 * The predicate `test` of each entry of `a`'s dictionary as booleans for its first `n` rows: `hit` where it holds,
 * `hit ^ 1` where it does not and on null rows (a string test of null is false, its negation true).
 */
export function boolsByEntry(a: StrVec, n: number, hit: number, test: (entry: string) => boolean): BoolVec {
  // Outcome per code + 1: slot 0 is code -1 (null).
  const table = new Uint8Array(a.dict.length + 1)
  table[0] = hit ^ 1
  for (let d = 0; d < a.dict.length; d++) table[d + 1] = test(a.dict[d]) ? hit : hit ^ 1
  const values = new Uint8Array(n)
  leafCall(lookupOutcomes, table, a.codes, values)
  return { kind: 'bool', values, valid: null }
}

/**
 * `out[i] = table[codes[i] + 1]` for every row, branch-free; returns the outcomes OR-ed together (a
 * caller whose table marks rows to decide later learns whether any row needs it). A leaf loop: it
 * stays optimized across calls.
 */
export function lookupOutcomes(table: Uint8Array, codes: Int32Array, out: Uint8Array): number {
  let seen = 0
  for (let i = 0; i < out.length; i++) {
    const o = table[codes[i] + 1]
    out[i] = o
    seen |= o
  }
  return seen
}
