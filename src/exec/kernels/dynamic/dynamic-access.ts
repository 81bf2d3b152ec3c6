// exec/kernels/dynamic/dynamic-access.ts: `d.key`, `d['key']` and `d[i]` on dynamic values: a property of a
// bag, an array element (negative indices count from the end); anything missing or of another
// shape is null (reference Member/Index). Results are dynamic.
import type { CellJson } from '../../result.ts'
import type { DynVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'

type Json = CellJson | null

/** Property `key` of a bag; null for arrays, scalars, null and absent keys. */
function property(c: unknown, key: string): Json {
  if (c === null || typeof c !== 'object' || Array.isArray(c)) return null
  return Object.hasOwn(c, key) ? ((c as Record<string, CellJson>)[key] ?? null) : null
}

/** Element `at` of an array (negative from the end); null otherwise. */
function element(c: unknown, at: number): Json {
  if (!Array.isArray(c)) return null
  const k = at < 0 ? at + c.length : at
  return k >= 0 && k < c.length ? ((c[k] as CellJson) ?? null) : null
}

/** Rows of `target` as cells; only dynamic and mixed layouts can hold containers. */
const holdsContainers = (v: Vec): boolean => v.kind === 'dyn' || v.kind === 'mixed'

/** `target.key` for every row. */
export function memberOf(target: Vec, key: string, n: number): DynVec {
  const values: Json[] = new Array(n).fill(null)
  if (holdsContainers(target)) for (let i = 0; i < n; i++) values[i] = property(cellAt(target, i), key)
  return { kind: 'dyn', values }
}

/** True when cell `c` of an index vector is a long (a dynamic number counts when it is a safe integer). */
function isLongIndex(index: Vec, c: unknown): c is number {
  if (typeof c !== 'number') return false
  if (index.kind === 'num') return index.type === 'long'
  return index.kind !== 'span' && Number.isSafeInteger(c) && !Object.is(c, -0)
}

/** `target[index]` for every row: a string index reads a property, a long an array element. */
export function indexInto(target: Vec, index: Vec, n: number): DynVec {
  const values: Json[] = new Array(n).fill(null)
  if (!holdsContainers(target)) return { kind: 'dyn', values }
  for (let i = 0; i < n; i++) {
    const k = cellAt(index, i)
    if (typeof k === 'string') values[i] = property(cellAt(target, i), k)
    else if (isLongIndex(index, k)) values[i] = element(cellAt(target, i), k)
  }
  return { kind: 'dyn', values }
}
