// exec/parallel/plan-codec.ts: a logical subtree as structured-clone data for a worker thread, and
// back. Bound expressions point at catalog rows (which hold functions); those become row indices
// and are looked up again on the other side. Never encodes anything else that is not plain data.
import {
  aggregateRegistry,
  type NamedRow,
  type Registry,
  scalarOperatorRegistry,
  scalarRegistry,
} from '../../catalog/index.ts'
import type { LogicalNode } from '../../plan/index.ts'

/** A logical subtree whose catalog references are row numbers (safe to `postMessage`). */
export interface EncodedPlan {
  readonly root: unknown
}

/** The plan holds a value that cannot cross a thread (a function outside the catalog). */
export class PlanNotPortable extends Error {
  override readonly name = 'PlanNotPortable'
}

const TAG = '$catalogRow'

type Table = 'scalar' | 'aggregate' | 'operator'

const TABLES: Readonly<Record<Table, Registry<NamedRow>>> = {
  scalar: scalarRegistry,
  aggregate: aggregateRegistry,
  operator: scalarOperatorRegistry,
}

let rowIds: Map<object, { readonly table: Table; readonly index: number }> | undefined

function catalogRef(o: object): { readonly table: Table; readonly index: number } | undefined {
  if (!rowIds) {
    const ids = new Map<object, { readonly table: Table; readonly index: number }>()
    for (const table of Object.keys(TABLES) as Table[]) {
      TABLES[table].rows.forEach((row, index) => {
        ids.set(row, { table, index })
      })
    }
    rowIds = ids
  }
  return rowIds.get(o)
}

function encodeValue(v: unknown): unknown {
  if (typeof v === 'function' || typeof v === 'symbol')
    throw new PlanNotPortable(`a plan value of type ${typeof v} cannot cross to a worker thread`)
  if (v === null || typeof v !== 'object') return v
  if (ArrayBuffer.isView(v)) return v
  const ref = catalogRef(v)
  if (ref) return { [TAG]: ref.table, index: ref.index }
  if (Array.isArray(v)) return v.map(encodeValue)
  const proto = Object.getPrototypeOf(v)
  if (proto !== Object.prototype && proto !== null)
    throw new PlanNotPortable(
      `a plan value of class ${proto?.constructor?.name} cannot cross to a worker thread`,
    )
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) out[k] = encodeValue(x)
  return out
}

function decodeValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return v
  if (Array.isArray(v)) return v.map(decodeValue)
  const o = v as Record<string, unknown>
  if (typeof o[TAG] === 'string') {
    const row = TABLES[o[TAG] as Table]?.rows[o.index as number]
    if (!row) throw new PlanNotPortable(`unknown catalog row ${String(o[TAG])}#${String(o.index)}`)
    return row
  }
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(o)) out[k] = decodeValue(x)
  return out
}

/** `node` as portable data; throws PlanNotPortable when some value cannot be carried. */
export function encodePlan(node: LogicalNode): EncodedPlan {
  return { root: encodeValue(node) }
}

/** The logical subtree `encodePlan` was given (catalog rows are this thread's own). */
export function decodePlan(p: EncodedPlan): LogicalNode {
  return decodeValue(p.root) as LogicalNode
}

/**
 * A bound plan as a flat list of records (object references as record numbers): structured clone
 * carries it at any plan depth (its own serializer recurses, and overflows near 2,000 nested
 * stages), shared subtrees stay shared, catalog rows travel as row numbers.
 */
export interface FlatPlan {
  readonly records: readonly FlatRecord[]
  /** The record numbers of every 'A' record, one after another (one buffer to clone). */
  readonly refs: Int32Array
}

/** A value inside a record: a primitive, or `{ $: n }` for the object of record n. */
type FlatValue = unknown

type FlatRecord =
  | readonly ['o', readonly string[], readonly FlatValue[]]
  | readonly ['a', readonly FlatValue[]]
  /** An array of objects only (a schema): `length` record numbers from `refs[start]`. */
  | readonly ['A', number, number]
  | readonly ['m', readonly FlatValue[], readonly FlatValue[]]
  | readonly ['s', readonly FlatValue[]]
  | readonly ['c', Table, number]
  | readonly ['v', unknown]

/** Values structured clone carries whole (they hold no plan objects). */
function clonesAsIs(o: object): boolean {
  return ArrayBuffer.isView(o) || o instanceof RegExp || o instanceof Date
}

/** `root` as a FlatPlan (no recursion); PlanNotPortable for a function or a class instance. */
export function flattenPlan(root: object): FlatPlan {
  const ids = new Map<object, number>()
  const objects: object[] = []
  const ref = (v: unknown): FlatValue => {
    if (typeof v === 'function' || typeof v === 'symbol')
      throw new PlanNotPortable(`a plan value of type ${typeof v} cannot cross threads`)
    if (v === null || typeof v !== 'object') return v
    let id = ids.get(v)
    if (id === undefined) {
      id = objects.length
      ids.set(v, id)
      objects.push(v)
    }
    return { $: id }
  }
  ref(root)
  const records: FlatRecord[] = []
  const refs: number[] = []
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]
    const row = catalogRef(o)
    if (row) records.push(['c', row.table, row.index])
    else if (clonesAsIs(o)) records.push(['v', o])
    else if (Array.isArray(o)) {
      if (o.length > 0 && o.every((x) => x !== null && typeof x === 'object')) {
        records.push(['A', refs.length, o.length])
        for (const x of o) refs.push((ref(x) as { $: number }).$)
      } else records.push(['a', o.map(ref)])
    } else if (o instanceof Map) records.push(['m', [...o.keys()].map(ref), [...o.values()].map(ref)])
    else if (o instanceof Set) records.push(['s', [...o].map(ref)])
    else {
      const proto = Object.getPrototypeOf(o)
      if (proto !== Object.prototype && proto !== null)
        throw new PlanNotPortable(`a plan value of class ${proto?.constructor?.name} cannot cross threads`)
      const keys = Object.keys(o)
      records.push(['o', keys, keys.map((k) => ref((o as Record<string, unknown>)[k]))])
    }
  }
  return { records, refs: Int32Array.from(refs) }
}

/**
 * The plan `flattenPlan` was given, rebuilt with this thread's catalog rows. `pause` is awaited
 * whenever a stretch of work passed `sliceMs`, so a huge plan is rebuilt between other work.
 */
export async function unflattenPlan<T>(flat: FlatPlan, pause: () => Promise<void>, sliceMs = 5): Promise<T> {
  const { records, refs } = flat
  const out: unknown[] = new Array(records.length)
  let sliceEnd = performance.now() + sliceMs
  const due = async () => {
    if (performance.now() < sliceEnd) return
    await pause()
    sliceEnd = performance.now() + sliceMs
  }
  for (let i = 0; i < records.length; i++) {
    await due()
    const r = records[i]
    if (r[0] === 'c') {
      const row = TABLES[r[1]]?.rows[r[2]]
      if (!row) throw new PlanNotPortable(`unknown catalog row ${r[1]}#${r[2]}`)
      out[i] = row
    } else if (r[0] === 'v') out[i] = r[1]
    else if (r[0] === 'a') out[i] = new Array(r[1].length)
    else if (r[0] === 'A') out[i] = new Array(r[2])
    else if (r[0] === 'm') out[i] = new Map()
    else if (r[0] === 's') out[i] = new Set()
    else out[i] = {}
  }
  const value = (v: FlatValue): unknown =>
    v !== null && typeof v === 'object' ? out[(v as { $: number }).$] : v
  for (let i = 0; i < records.length; i++) {
    await due()
    const r = records[i]
    const o = out[i]
    if (r[0] === 'a') {
      const a = o as unknown[]
      for (let j = 0; j < r[1].length; j++) a[j] = value(r[1][j])
    } else if (r[0] === 'A') {
      const a = o as unknown[]
      for (let j = 0; j < r[2]; j++) a[j] = out[refs[r[1] + j]]
    } else if (r[0] === 'm') {
      const m = o as Map<unknown, unknown>
      for (let j = 0; j < r[1].length; j++) m.set(value(r[1][j]), value(r[2][j]))
    } else if (r[0] === 's') {
      const set = o as Set<unknown>
      for (const v of r[1]) set.add(value(v))
    } else if (r[0] === 'o') {
      const x = o as Record<string, unknown>
      for (let j = 0; j < r[1].length; j++) x[r[1][j]] = value(r[2][j])
    }
  }
  return out[0] as T
}
