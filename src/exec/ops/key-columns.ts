// ops/key-columns.ts: a summarize's key columns for each output piece of groups [from, to), in
// process or merged from workers. A key with few distinct values becomes one vector once (a time's
// cells are bigints: converting one per group cost more than a small query's aggregation) and each
// piece gathers from it; a key with more distinct values than WHOLE_MAX gathers each piece's cells
// itself, so no single step handles all of them (flattening and converting 2M distinct strings at
// once held the event loop 100–250 ms under four concurrent summarizes). A piece's string
// dictionary may then hold a value twice (two groups sharing it); readers compare by value.
import type { AplType } from '../../catalog/index.ts'
import { fromCells, fromDistinctStrings, takeVec } from '../batch.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import type { KeyDictionary } from './key-dictionary.ts'

/** Most distinct values of a key converted whole, once. */
const WHOLE_MAX = 1 << 16

/** The key columns of output groups [from, to). */
export type KeyColumns = (from: number, to: number) => Vec[]

/**
 * Key columns over `dicts` (each key's distinct values, of `types`), where `idsOf(i, from, to)` gives
 * output groups' ids of the i-th key.
 */
export function keyColumns(
  dicts: readonly KeyDictionary[],
  types: readonly AplType[],
  idsOf: (i: number, from: number, to: number) => Uint32Array,
): KeyColumns {
  const whole = dicts.map((d, i) => (d.size <= WHOLE_MAX ? cellsVec(types[i], d.values) : undefined))
  return (from, to) =>
    dicts.map((d, i) => {
      const ids = idsOf(i, from, to)
      const w = whole[i]
      if (w !== undefined) return takeVec(w, ids)
      const cells: Cell[] = new Array(ids.length)
      for (let j = 0; j < ids.length; j++) cells[j] = d.at(ids[j])
      return cellsVec(types[i], cells)
    })
}

/** A vector of `type` holding `cells` (a string key's as its dictionary, as they are). */
function cellsVec(type: AplType, cells: readonly Cell[]): Vec {
  return type === 'string' ? fromDistinctStrings(cells) : fromCells(type, cells)
}
