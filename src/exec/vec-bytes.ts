// exec/vec-bytes.ts: what a vector or batch costs in memory, estimated from its layout (typed arrays
// exactly, strings by UTF-16 length, JSON values roughly): the figure operators charge to their
// query's memory budget before they keep data. Reads only; never copies.
import type { Batch } from './batch.ts'
import type { Vec } from './vector.ts'

/** Bytes counted for a JS value slot (pointer, header) besides its payload. */
const SLOT = 16
/** Bytes counted for a dynamic value (an object or array) whose size is not measured. */
const JSON_VALUE = 64

const dictBytes = new WeakMap<readonly string[], number>()

/** Bytes of the strings of a dictionary (measured once per dictionary). */
function dictionaryBytes(dict: readonly string[]): number {
  let n = dictBytes.get(dict)
  if (n === undefined) {
    n = 0
    for (const s of dict) n += 2 * s.length + SLOT
    dictBytes.set(dict, n)
  }
  return n
}

function cellBytes(c: unknown): number {
  if (typeof c === 'string') return 2 * c.length + SLOT
  if (c !== null && typeof c === 'object') return JSON_VALUE
  return SLOT
}

/** Estimated bytes of `v` (`rows` of it are live; a shared dictionary counts only when small). */
export function vecBytes(v: Vec, rows: number): number {
  switch (v.kind) {
    case 'bool':
      return rows + (v.valid ? rows : 0)
    case 'num':
    case 'span':
      return 8 * rows + (v.valid ? rows : 0)
    case 'time':
      return 12 * rows + (v.valid ? rows : 0)
    case 'str':
      // A block's dictionary shared by a few rows is not theirs to pay for; a computed one is.
      return 4 * rows + (v.dict.length <= 2 * rows ? dictionaryBytes(v.dict) : rows * 4 * SLOT)
    case 'dyn':
    case 'mixed': {
      if (v.kind === 'mixed' && v.parts) {
        let n = 0
        for (const p of v.parts) n += vecBytes(p, rows)
        return n
      }
      let n = 0
      const len = Math.min(rows, v.values.length)
      for (let i = 0; i < len; i++) n += cellBytes(v.values[i])
      return n
    }
  }
}

/** Estimated bytes of a batch's live rows. */
export function batchBytes(b: Batch): number {
  const rows = b.sel ? b.sel.length : b.length
  let n = b.sel ? 4 * rows : 0
  for (const c of b.cols) n += vecBytes(c, rows)
  return n
}

/** Bytes counted per group of a hash table (its id, key slots and the entry of each key dictionary). */
const GROUP = 64
/** Bytes counted per aggregation state of a group (a counter, a sum, a small sketch). */
const STATE = 32

/** Estimated bytes of `groups` groups of `keys` keys, each with `states` aggregation states. */
export function groupBytes(groups: number, keys: number, states: number): number {
  return groups * (GROUP + 16 * keys + STATE * states)
}
