// clickhouse/compile/relation.ts: what the compiler builds per plan node: a SELECT whose output holds
// the node's columns (each as one or more typed parts: a mixed field is one part per storage type),
// plus hidden columns that carry the local engine's row order as ORDER BY terms. Order is applied at
// the outermost statement (ClickHouse may drop a subquery's ORDER BY) and wherever a LIMIT needs it.
import type { AplType } from '../../catalog/index.ts'
import type { KernelEnv } from '../../exec/kernels/kernel.ts'
import type { FieldType } from '../../storage/types.ts'
import { ident } from '../sql-text.ts'

/** How a part's values arrive (and become an executor vector). */
export type WireKind = 'long' | 'real' | 'bool' | 'string' | 'datetime' | 'timespan' | 'json'

/** One SQL output column standing for (part of) a plan column. */
export interface Part {
  /** Output name in the SELECT (quoted with `ident` when written). */
  readonly sqlName: string
  readonly wire: WireKind
}

/** A plan column in SQL: one part, or one per storage type of a mixed field. */
export interface RelColumn {
  readonly name: string
  readonly type: AplType
  readonly parts: readonly Part[]
  /** An estimate aggregation's output (dcount): exact up to ESTIMATE_EXACT_UP_TO, estimated above. */
  readonly estimate?: boolean
}

/** Distinct counts up to this are exact on both backends (the local state's rule; agg-map.ts). */
export const ESTIMATE_EXACT_UP_TO = 4096

/** A node compiled to SQL (see module header). */
export interface Relation {
  /** A SELECT statement (no trailing ORDER BY unless it limits). */
  readonly sql: string
  /** Aligned to the node's schema. */
  readonly columns: readonly RelColumn[]
  /** Output names of hidden columns (order keys) carried along. */
  readonly hidden: readonly string[]
  /** ORDER BY terms over the output giving the rows in the local engine's order; empty: none. */
  readonly order: readonly OrderTerm[]
}

/** One ORDER BY term over an output column. */
export interface OrderTerm {
  /** Output name (unquoted). */
  readonly name: string
  readonly desc: boolean
  readonly nullsFirst: boolean
  /** The column never holds null (row positions, first appearances). */
  readonly notNull: boolean
}

/** `ORDER BY …` text of terms ('' when none). */
export function orderBy(terms: readonly OrderTerm[]): string {
  if (terms.length === 0) return ''
  const t = terms.map(
    (o) =>
      `${ident(o.name)} ${o.desc ? 'DESC' : 'ASC'}${o.notNull ? '' : o.nullsFirst ? ' NULLS FIRST' : ' NULLS LAST'}`,
  )
  return ` ORDER BY ${t.join(', ')}`
}

/** Where a dataset's field of one storage type is read from. */
export interface TableSource {
  /** The table queries read (quoted, qualified). */
  readonly table: string
  /** SQL reading `field` as storage type `type`, or undefined when the dataset has no such pair. */
  part(field: string, type: FieldType): string | undefined
}

/** What the compiler knows beyond the node. */
export interface CompileContext {
  /** A dataset's table, or undefined when it is not on ClickHouse. */
  source(dataset: string): TableSource | undefined
  /** The dataset's id (row ids name it). */
  datasetId(dataset: string): string | undefined
  /** The run's window on `_time`. */
  readonly window: { readonly start?: bigint; readonly end?: bigint }
  readonly env: KernelEnv
  /** `set stricttypes` of the plan. */
  readonly strictTypes: boolean
  /** Rows default to newest `_time` first (a `take` keeps the newest). */
  readonly timeDesc: boolean
  /** The run's row-cap TopN (run.ts): it also reports how many rows it saw (`__apldb_total`). */
  readonly rowCap: object | undefined
  /** Whether the order of `n`'s rows matters to what is above it (order.ts). */
  needsOrder(n: object): boolean
  /** Fresh hidden-column names. */
  fresh(prefix: string): string
}

/** The wire kind of an APL type, or undefined for a type no SQL column carries (mixed, unknown). */
export function wireOf(type: AplType): WireKind | undefined {
  const table: Record<AplType, WireKind | undefined> = {
    bool: 'bool',
    long: 'long',
    real: 'real',
    string: 'string',
    datetime: 'datetime',
    timespan: 'timespan',
    dynamic: 'json',
    unknown: undefined,
  }
  return table[type]
}

/** The wire kind a storage type is read as. */
export function wireOfStorage(type: FieldType): WireKind {
  const table: Record<FieldType, WireKind> = {
    string: 'string',
    integer: 'long',
    float: 'real',
    boolean: 'bool',
    datetime: 'datetime',
    timespan: 'timespan',
    array: 'json',
    map: 'json',
  }
  return table[type]
}

/** The single-part SQL name of a column (an expression may read it), or undefined for a mixed one. */
export function scalarName(c: RelColumn): string | undefined {
  return c.parts.length === 1 && c.parts[0].sqlName === c.name ? ident(c.name) : undefined
}

/** Every output name of a relation, visible parts then hidden, quoted for a SELECT list. */
export function passThrough(rel: Relation, except: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = []
  for (const c of rel.columns) if (!except.has(c.name)) for (const p of c.parts) out.push(ident(p.sqlName))
  for (const h of rel.hidden) out.push(ident(h))
  return out
}

/** The SQL type a wire kind travels as before the statement's final cast. */
const WIRE_SQL_TYPE: Readonly<Record<WireKind, string>> = {
  long: 'Int64',
  real: 'Float64',
  bool: 'Bool',
  string: 'String',
  datetime: "DateTime64(9, 'UTC')",
  timespan: 'Int64',
  json: 'String',
}

/** A typed NULL of a wire kind (a column one input of a union lacks). */
export function wireNull(wire: WireKind): string {
  return `CAST(NULL, 'Nullable(${WIRE_SQL_TYPE[wire].replaceAll("'", "\\'")})')`
}
