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
 * stages), shared subtrees stay shared, catalog rows travel as row numbers. Compact on purpose:
 * per record a kind and two numbers in typed arrays, object key lists shared by shape, and every
 * member value as one number in `slots` (a record number, or −1 − i for primitive `prims[i]`). A
 * 10,000-stage plan took 380 ms to clone as one small array per record, and the main thread pays
 * the deserialization.
 */
export interface FlatPlan {
  /** Kind of each record (K_* below). */
  readonly kinds: Uint8Array
  /** Two numbers per record, by kind (see flattenPlan). */
  readonly ints: Int32Array
  /** Key lists of object records. */
  readonly shapes: readonly (readonly string[])[]
  /** Member values of object, array, map and set records: a record number, or −1 − i for `prims[i]`. */
  readonly slots: Int32Array
  /** The primitive member values. */
  readonly prims: readonly unknown[]
  /** Values of 'v' records (typed arrays, regexes, dates: cloned whole). */
  readonly extras: readonly unknown[]
}

const K_OBJECT = 0
const K_ARRAY = 1
const K_MAP = 2
const K_SET = 3
const K_CATALOG = 4
const K_VALUE = 5
const TABLE_NAMES: readonly Table[] = ['scalar', 'aggregate', 'operator']

/** Values structured clone carries whole (they hold no plan objects). */
function clonesAsIs(o: object): boolean {
  return ArrayBuffer.isView(o) || o instanceof RegExp || o instanceof Date
}

/**
 * `root` as a FlatPlan (no recursion); PlanNotPortable for a function or a class instance. Record
 * numbers: object [shape, first slot]; array [first slot, length]; map [first slot, size] (keys,
 * then values); set [first slot, size]; catalog row [table, row]; value [extra, 0].
 */
export function flattenPlan(root: object): FlatPlan {
  const ids = new Map<object, number>()
  const objects: object[] = []
  const slots: number[] = []
  const prims: unknown[] = []
  const put = (v: unknown): void => {
    if (typeof v === 'function' || typeof v === 'symbol')
      throw new PlanNotPortable(`a plan value of type ${typeof v} cannot cross threads`)
    if (v === null || typeof v !== 'object') {
      slots.push(-prims.push(v))
      return
    }
    let id = ids.get(v)
    if (id === undefined) {
      id = objects.length
      ids.set(v, id)
      objects.push(v)
    }
    slots.push(id)
  }
  ids.set(root, 0)
  objects.push(root)
  const kinds: number[] = []
  const ints: number[] = []
  const shapes: string[][] = []
  const shapeIds = new Map<string, number>()
  const extras: unknown[] = []
  const rec = (kind: number, a: number, b: number) => {
    kinds.push(kind)
    ints.push(a, b)
  }
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]
    const row = catalogRef(o)
    const at = slots.length
    if (row) rec(K_CATALOG, TABLE_NAMES.indexOf(row.table), row.index)
    else if (clonesAsIs(o)) rec(K_VALUE, extras.push(o) - 1, 0)
    else if (Array.isArray(o)) {
      for (const x of o) put(x)
      rec(K_ARRAY, at, o.length)
    } else if (o instanceof Map) {
      for (const k of o.keys()) put(k)
      for (const v of o.values()) put(v)
      rec(K_MAP, at, o.size)
    } else if (o instanceof Set) {
      for (const x of o) put(x)
      rec(K_SET, at, o.size)
    } else {
      const proto = Object.getPrototypeOf(o)
      if (proto !== Object.prototype && proto !== null)
        throw new PlanNotPortable(`a plan value of class ${proto?.constructor?.name} cannot cross threads`)
      const keys = Object.keys(o)
      const key = keys.join('\u0000')
      let shape = shapeIds.get(key)
      if (shape === undefined) {
        shape = shapes.push(keys) - 1
        shapeIds.set(key, shape)
      }
      for (const k of keys) put((o as Record<string, unknown>)[k])
      rec(K_OBJECT, shape, at)
    }
  }
  return {
    kinds: Uint8Array.from(kinds),
    ints: Int32Array.from(ints),
    shapes,
    slots: Int32Array.from(slots),
    prims,
    extras,
  }
}

/**
 * The plan `flattenPlan` was given, rebuilt with this thread's catalog rows. `pause` is awaited
 * whenever a stretch of work passed `sliceMs`, so a huge plan is rebuilt between other work.
 */
export async function unflattenPlan<T>(flat: FlatPlan, pause: () => Promise<void>, sliceMs = 5): Promise<T> {
  const { kinds, ints, shapes, slots, prims, extras } = flat
  const n = kinds.length
  const out: unknown[] = new Array(n)
  let sliceEnd = performance.now() + sliceMs
  const due = async () => {
    if (performance.now() < sliceEnd) return
    await pause()
    sliceEnd = performance.now() + sliceMs
  }
  for (let i = 0; i < n; i++) {
    if ((i & 1023) === 0) await due()
    const a = ints[2 * i]
    const b = ints[2 * i + 1]
    switch (kinds[i]) {
      case K_CATALOG: {
        const row = TABLES[TABLE_NAMES[a]]?.rows[b]
        if (!row) throw new PlanNotPortable(`unknown catalog row ${TABLE_NAMES[a]}#${b}`)
        out[i] = row
        break
      }
      case K_VALUE:
        out[i] = extras[a]
        break
      case K_ARRAY:
        out[i] = new Array(b)
        break
      case K_MAP:
        out[i] = new Map()
        break
      case K_SET:
        out[i] = new Set()
        break
      default:
        out[i] = {}
    }
  }
  const value = (j: number): unknown => {
    const s = slots[j]
    return s >= 0 ? out[s] : prims[-1 - s]
  }
  for (let i = 0; i < n; i++) {
    if ((i & 1023) === 0) await due()
    const a = ints[2 * i]
    const b = ints[2 * i + 1]
    const o = out[i]
    switch (kinds[i]) {
      case K_ARRAY: {
        const arr = o as unknown[]
        for (let j = 0; j < b; j++) arr[j] = value(a + j)
        break
      }
      case K_MAP: {
        const m = o as Map<unknown, unknown>
        for (let j = 0; j < b; j++) m.set(value(a + j), value(a + b + j))
        break
      }
      case K_SET: {
        const set = o as Set<unknown>
        for (let j = 0; j < b; j++) set.add(value(a + j))
        break
      }
      case K_OBJECT: {
        const x = o as Record<string, unknown>
        const keys = shapes[a]
        for (let j = 0; j < keys.length; j++) x[keys[j]] = value(b + j)
        break
      }
    }
  }
  return out[0] as T
}
