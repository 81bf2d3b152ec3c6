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
