// exec/kernels/array/json-values.ts: what the array and bag kernels need to know about JSON values:
// equality and a distinct key (1 and 1.0 are one value; containers by canonical text), the sort order
// of array_sort_* (numbers, strings, booleans, then containers; rule 95), and a small JSONPath
// (`$`, `.name`, `['name']`, `[i]`) for array_extract and bag_has_key.
import type { CellJson } from '../../result.ts'

type Json = CellJson

/** Canonical JSON (object keys sorted): equal documents give equal text. */
export function canonical(j: Json): string {
  if (j === null || typeof j !== 'object') return JSON.stringify(j) ?? 'null'
  if (Array.isArray(j)) return `[${j.map(canonical).join(',')}]`
  const o = j as Record<string, Json>
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`
}

/** A key equal for equal values: numbers by value, strings/booleans by kind and value, containers by text. */
export function distinctKey(j: Json): string {
  if (typeof j === 'number') return `n${j}`
  if (typeof j === 'string') return `s${j}`
  if (typeof j === 'boolean') return `b${j}`
  if (j === null) return 'z'
  return `c${canonical(j)}`
}

/** True when two JSON values are the same value. */
export function sameJson(a: Json, b: Json): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b
  return canonical(a) === canonical(b)
}

const RANK: Record<string, number> = { number: 0, string: 1, boolean: 2, object: 3 }

/** The order of array_sort_asc for non-null elements: by kind rank, then value. */
export function compareJson(a: Json, b: Json): number {
  const ra = RANK[typeof a] ?? 3
  const rb = RANK[typeof b] ?? 3
  if (ra !== rb) return ra - rb
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  const [x, y] = [canonical(a), canonical(b)]
  return x < y ? -1 : x > y ? 1 : 0
}

/** One step of a path: a property name or an array index. */
export type PathStep = string | number

/** Parses `$.a['b'][0]` into steps; null for text that is not such a path. */
export function parsePath(path: string): PathStep[] | null {
  if (!path.startsWith('$')) return null
  const steps: PathStep[] = []
  const re = /\.([^.[\]]+)|\[\s*(-?\d+)\s*\]|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\]/y
  let at = 1
  while (at < path.length) {
    re.lastIndex = at
    const m = re.exec(path)
    if (m === null) return null
    if (m[1] !== undefined) steps.push(m[1])
    else if (m[2] !== undefined) steps.push(Number(m[2]))
    else steps.push(m[3] ?? m[4])
    at = re.lastIndex
  }
  return steps
}

/** The value at `steps` under `j`, or undefined when a step is missing. */
export function follow(j: Json, steps: readonly PathStep[]): Json | undefined {
  let cur: Json | undefined = j
  for (const s of steps) {
    if (cur === null || typeof cur !== 'object') return undefined
    if (typeof s === 'number') {
      if (!Array.isArray(cur)) return undefined
      cur = cur[s < 0 ? cur.length + s : s]
    } else {
      if (Array.isArray(cur) || !Object.hasOwn(cur, s)) return undefined
      cur = (cur as Record<string, Json>)[s]
    }
  }
  return cur
}

/** True for a JSON property bag (not an array). */
export function isBag(j: unknown): j is Record<string, Json> {
  return j !== null && typeof j === 'object' && !Array.isArray(j)
}
