// plan/logical.ts: the typed logical plan: immutable node kinds (readonly fields, built by `logical()`),
// each knowing its output schema. No binding, printing or execution logic here.

import type { AggWireName, AplType } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { BoundAggCall, BoundExpr, BoundLiteral } from './bound-expr.ts'
import type { ColumnInfo, RowSchema } from './columns.ts'
import type { Visualization } from './visualization.ts'

/** A named computed column (`extend x = …`, `project x = …`, a summarize key). */
export interface ColumnDef {
  readonly name: string
  readonly expr: BoundExpr
}

/** One output of an Aggregate: an aggregation call, or a scalar expression over aggregation calls. */
export interface AggregateColumn {
  readonly name: string
  /** An AggCall, or an expression whose column-free leaves are AggCalls (`toint(avg(x))`). */
  readonly expr: BoundExpr
  /** `fields[].agg.name` for the wire: the row's wire name, or `computed` for a wrapped expression. */
  readonly wireName: AggWireName
  /**
   * arg_min/arg_max (catalog `rowColumns`): names of the further output columns, placed right after
   * this one in the schema; column i holds `expr.args[1 + i]` of the row the call picked (`expr` is
   * then the AggCall itself). Absent for single-column aggregations.
   */
  readonly payload?: readonly string[]
}

/** A sort key with the defaults of decision §10.4 already applied. */
export interface SortKey {
  readonly expr: BoundExpr
  readonly descending: boolean
  readonly nullsFirst: boolean
}

/**
 * The time bucketing of a summarize key `bin(<datetime>, step)` / `bin_auto(_time)`, recorded for the
 * result's `buckets` field and the leading-time-bin `limit` rule (apl-reference §4, §8).
 */
export interface TimeBucket {
  /** Index of the key in `keys`. */
  readonly keyIndex: number
  /** Step in ns, or `auto` for `bin_auto` (chosen from the query window, decision §10.3). */
  readonly step: bigint | 'auto'
}

/** One aggregation of make-series. */
export interface SeriesAggregate {
  readonly name: string
  readonly call: BoundAggCall
  /** `default =` fill for empty buckets; null when not written (0 for numbers, per Kusto). */
  readonly fill: BoundLiteral | null
}

/** One equality of a join's `on` clause. */
export interface JoinKey {
  /** Bound against the left input. */
  readonly left: BoundExpr
  /** Bound against the right input. */
  readonly right: BoundExpr
}

/** Join kinds (apl-reference §4). */
export type JoinKind =
  | 'inner'
  | 'innerunique'
  | 'leftouter'
  | 'rightouter'
  | 'fullouter'
  | 'leftanti'
  | 'rightanti'
  | 'leftsemi'
  | 'rightsemi'

/** Every join kind, for validation and messages. */
export const JOIN_KINDS: readonly JoinKind[] = [
  'inner',
  'innerunique',
  'leftouter',
  'rightouter',
  'fullouter',
  'leftanti',
  'rightanti',
  'leftsemi',
  'rightsemi',
]

interface Base {
  /** Output columns, in order. */
  readonly schema: RowSchema
  /** The query text this node was bound from (the operator, or the source reference). */
  readonly span: Span
}

/**
 * A zone-map test the optimizer pushed into a Scan: a block whose zone map proves no row can match
 * may be skipped. The Filter above still runs on the rows of the blocks that are read.
 */
export type ZonePredicate =
  | { readonly op: 'eq'; readonly field: string; readonly value: string }
  | { readonly op: 'eq_ci'; readonly field: string; readonly value: string }
  | { readonly op: 'in'; readonly field: string; readonly values: readonly string[] }
  | { readonly op: 'prefix'; readonly field: string; readonly value: string }
  | { readonly op: 'prefix_ci'; readonly field: string; readonly value: string }
  | { readonly op: 'range'; readonly field: string; readonly min?: number; readonly max?: number }

/** What the optimizer pushed into a Scan: a `_time` range (epoch ns, `[start, end)`) and zone tests. */
export interface ScanPushdown {
  readonly timeStart?: bigint
  readonly timeEnd?: bigint
  readonly zone: readonly ZonePredicate[]
}

/** Rows of one dataset. The query window on `_time` is applied by the executor, outside the APL. */
export interface Scan extends Base {
  readonly kind: 'Scan'
  readonly dataset: string
  /** Fields the plan may read, sorted; `_time` is always included (window and default order). */
  readonly fields: readonly string[]
  /** Set by the optimizer (src/optimize); absent in a plan fresh from the binder. */
  readonly pushdown?: ScanPushdown
  /** The scan supplies the virtual `_rowId` column (bound with `rowId`: legacy queries); absent otherwise. */
  readonly rowId?: boolean
}

/** Keeps rows whose predicate is true (`where`). */
export interface Filter extends Base {
  readonly kind: 'Filter'
  readonly input: LogicalNode
  readonly predicate: BoundExpr
}

/** `search`: keeps rows matching a predicate whose bare terms became AnyColumn tests over string columns. */
export interface Search extends Base {
  readonly kind: 'Search'
  readonly input: LogicalNode
  readonly predicate: BoundExpr
  /** `kind=case_sensitive`; string operators in the predicate are already the `_cs` rows when true. */
  readonly caseSensitive: boolean
}

/** Exactly these columns, in order (`project`, `project-away`, `project-keep`, `project-rename`). */
export interface Project extends Base {
  readonly kind: 'Project'
  readonly input: LogicalNode
  readonly columns: readonly ColumnDef[]
}

/** Adds (or replaces, moving to the end) computed columns; assignments see only the input. */
export interface Extend extends Base {
  readonly kind: 'Extend'
  readonly input: LogicalNode
  readonly columns: readonly ColumnDef[]
}

/** `summarize`: one row per distinct key combination; columns = keys then aggregates. */
export interface Aggregate extends Base {
  readonly kind: 'Aggregate'
  readonly input: LogicalNode
  readonly keys: readonly ColumnDef[]
  readonly aggregates: readonly AggregateColumn[]
  readonly timeBucket: TimeBucket | null
}

/** `sort by` / `order by`. */
export interface Sort extends Base {
  readonly kind: 'Sort'
  readonly input: LogicalNode
  readonly keys: readonly SortKey[]
}

/** `top N by key`: sort then take N. */
export interface TopN extends Base {
  readonly kind: 'TopN'
  readonly input: LogicalNode
  readonly count: bigint
  readonly keys: readonly SortKey[]
}

/** `take N` / `limit N`. */
export interface Limit extends Base {
  readonly kind: 'Limit'
  readonly input: LogicalNode
  readonly count: bigint
}

/** `distinct cols`: unique combinations of these columns, only they are returned. */
export interface Distinct extends Base {
  readonly kind: 'Distinct'
  readonly input: LogicalNode
  readonly columns: readonly ColumnDef[]
}

/** `| count`: one row, one `count_` column. */
export interface CountRows extends Base {
  readonly kind: 'CountRows'
  readonly input: LogicalNode
}

/** Concatenates inputs, columns merged by name (missing → null). */
export interface Union extends Base {
  readonly kind: 'Union'
  readonly inputs: readonly LogicalNode[]
  /** `withsource=` column (first in the schema), or null. */
  readonly withSource: string | null
  /** The value of the withsource column for each input: the dataset name, or `union_arg<i>`. */
  readonly sourceNames: readonly string[]
}

/** `join`: equality join of two inputs. */
export interface Join extends Base {
  readonly kind: 'Join'
  readonly joinKind: JoinKind
  readonly left: LogicalNode
  readonly right: LogicalNode
  readonly keys: readonly JoinKey[]
  /** For each right column in the output: its output name (duplicates get a numeric suffix, §10.6). */
  readonly rightNames: readonly { readonly from: string; readonly to: string }[]
}

/** `make-series`: per group, aggregates as arrays aligned to `from..to` in `step` buckets. */
export interface MakeSeries extends Base {
  readonly kind: 'MakeSeries'
  readonly input: LogicalNode
  readonly aggregates: readonly SeriesAggregate[]
  readonly on: BoundExpr
  readonly from: BoundExpr | null
  readonly to: BoundExpr | null
  readonly step: BoundExpr
  readonly keys: readonly ColumnDef[]
  /** Name of the axis column (`_time`, decision §10.6). */
  readonly axis: string
}

/** `print`: one row of constants. */
export interface Print extends Base {
  readonly kind: 'Print'
  readonly columns: readonly ColumnDef[]
}

/** `datatable(...)[...]`: an inline table. */
export interface Datatable extends Base {
  readonly kind: 'Datatable'
  /** Row-major: `rows[r][c]` is the value of column c in row r. */
  readonly rows: readonly (readonly BoundLiteral[])[]
}

/** `render`: the input's rows unchanged, with the chart hint the result carries (the plan's root). */
export interface Render extends Base {
  readonly kind: 'Render'
  readonly input: LogicalNode
  readonly visualization: Visualization
}

/** One item of a parse pattern: `*` (skip any text), a constant (text or regex), or a capture. */
export type ParsePatternItem =
  | { readonly kind: 'any' }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'capture'; readonly name: string; readonly type: AplType }

/**
 * How `parse`/`parse-where`/`parse-kv` read the source text: a pattern of items (simple: constants
 * are literal text; regex: constants are RE2 fragments; relaxed: like simple, but a capture that does
 * not convert to its type is null instead of failing the row), or key=value pairs.
 */
export type ParseMatcher =
  | {
      readonly kind: 'pattern'
      readonly mode: 'simple' | 'regex' | 'relaxed'
      /** RE2 flags of `flags=` (regex mode: `i`, `m`, `s`, `U`), '' when absent. */
      readonly flags: string
      readonly items: readonly ParsePatternItem[]
    }
  | {
      readonly kind: 'kv'
      /** How the text is cut into key/value pairs (Kusto's three extraction modes). */
      readonly split: KvSplit
      /** Quote pairs that may wrap a key or a value (`quote='"'`, `quote='()'`); empty when none. */
      readonly quotes: readonly KvQuote[]
      /** Characters that escape the next character inside a quoted run (`escape='\\'`), '' when none. */
      readonly escape: string
      readonly keys: readonly string[]
    }

/** One `quote=` of parse-kv: its opening and closing character (the same for a one-character quote). */
export interface KvQuote {
  readonly open: string
  readonly close: string
}

/**
 * parse-kv's extraction mode: `delimited` (pair_delimiter/kv_delimiter given; `greedy`: a value runs on
 * past pair delimiters until the next piece that holds a key delimiter), `words` (no delimiter given:
 * every non-alphanumeric character delimits, a key's value is the word after it), or `regex` (each
 * match of the pattern: group 1 the key, group 2 the value).
 */
export type KvSplit =
  | {
      readonly kind: 'delimited'
      readonly pairDelimiter: string
      readonly kvDelimiter: string
      readonly greedy: boolean
    }
  | { readonly kind: 'words' }
  | { readonly kind: 'regex'; readonly pattern: string }

/**
 * `parse`, `parse-where`, `parse-kv`: adds one column per capture (a replaced name moves to the end, as
 * extend), read from the source's text; a row that does not match gets nulls, or is dropped (`filter`).
 */
export interface Parse extends Base {
  readonly kind: 'Parse'
  readonly input: LogicalNode
  readonly source: BoundExpr
  readonly matcher: ParseMatcher
  /** The added columns, in pattern order (captures of `pattern`, or the kv keys). */
  readonly captures: readonly { readonly name: string; readonly type: AplType }[]
  /** parse-where: rows that do not match are dropped. */
  readonly filter: boolean
}

/** One expanded column of mv-expand. */
export interface MvExpandItem {
  readonly name: string
  readonly expr: BoundExpr
  /** `to typeof(T)`: each element converted to T (null when it does not convert); else dynamic. */
  readonly toType: AplType | null
}

/**
 * `mv-expand`: one row per element of the items' arrays (zipped; a shorter one gives null), other
 * columns repeated; a bag expands per property as `[key, value]` (kind=array, Axiom's default) or
 * `{key: value}` (kind=bag); an empty array drops the row, any other non-container value is one row.
 */
export interface MvExpand extends Base {
  readonly kind: 'MvExpand'
  readonly input: LogicalNode
  readonly items: readonly MvExpandItem[]
  readonly bagAs: 'array' | 'bag'
  /** `with_itemindex=` column (0-based element index), or null. */
  readonly itemIndex: string | null
  /** `limit N`: at most N rows per input row; null for none. */
  readonly limit: number | null
}

/**
 * Which stable identity `sample` hashes for a row (exec/ops/sample-exec.ts): the event's sequence number
 * in its dataset when the rows are a dataset's events (the Sample then sits right above the Scan's
 * filters), else the row's position in the input stream.
 */
export type SampleIdentity =
  | { readonly kind: 'event'; readonly dataset: string }
  | { readonly kind: 'ordinal' }

/**
 * `sample p`: keeps a row iff `sampleHash(seed, salt, identity) / 2^32 < p` (exec/ops/sample-exec.ts), so the
 * kept set is a function of the seed alone, whatever the block size or executor.
 */
export interface Sample extends Base {
  readonly kind: 'Sample'
  readonly input: LogicalNode
  /** Proportion of rows kept, 0 < p < 1. */
  readonly proportion: number
  /** `set sample_seed = N;` (uint32), or null: the query's seed (QueryOptions.sampleSeed, else random). */
  readonly seed: number | null
  /** The operator's index among the query's samples (from 0): two samples of one query draw independently. */
  readonly salt: number
  readonly identity: SampleIdentity
}

/** What `redact` writes over a match: a token (one character: once per character), or a hash. */
export type RedactReplacement = { readonly kind: 'token'; readonly token: string } | { readonly kind: 'hash' }

/**
 * `redact`: in each of `columns` (strings), every match of each regex in turn (a regex sees the text
 * the previous ones left) is replaced (exec/ops/redact-exec.ts); only the capturing groups' text with
 * `groups` (the whole match for a regex without groups). Rows and schema unchanged.
 */
export interface Redact extends Base {
  readonly kind: 'Redact'
  readonly input: LogicalNode
  readonly columns: readonly string[]
  /** RE2 sources, in order. */
  readonly patterns: readonly string[]
  readonly replacement: RedactReplacement
  readonly groups: boolean
}

/** How externaldata reads its sources (Axiom's `format`; ndjson and multijson read alike). */
export type ExternalFormat = 'csv' | 'scsv' | 'tsv' | 'psv' | 'json' | 'multijson' | 'ndjson' | 'raw' | 'txt'

/**
 * `externaldata (cols) [urls] with (format=…, ignoreFirstRecord=…)`: a source read when the query
 * runs (exec/ops/external-data-exec.ts), through the access the caller grants (file roots, a fetch
 * function); values converted to the declared column types.
 */
export interface ExternalData extends Base {
  readonly kind: 'ExternalData'
  readonly urls: readonly string[]
  readonly format: ExternalFormat
  /** Skip the first record of each source (a CSV header). */
  readonly ignoreFirstRecord: boolean
}

/** Every logical plan node. */
export type LogicalNode =
  | Scan
  | Filter
  | Search
  | Project
  | Extend
  | Aggregate
  | Sort
  | TopN
  | Limit
  | Distinct
  | CountRows
  | Union
  | Join
  | MakeSeries
  | Print
  | Datatable
  | Render
  | Parse
  | MvExpand
  | Sample
  | Redact
  | ExternalData

/** The `kind` tag of every logical node. */
export type LogicalKind = LogicalNode['kind']

/** The node type for a kind. */
export type LogicalOf<K extends LogicalKind> = Extract<LogicalNode, { kind: K }>

/** Builds a node of `kind` (key order: kind, fields). */
export function logical<K extends LogicalKind>(kind: K, fields: Omit<LogicalOf<K>, 'kind'>): LogicalOf<K> {
  return { kind, ...fields } as LogicalOf<K>
}

/** Narrows a node to one kind. */
export function isLogicalKind<K extends LogicalKind>(n: LogicalNode, kind: K): n is LogicalOf<K> {
  return n.kind === kind
}

/** A copy of `n` with some fields replaced (rewrites never mutate). */
export function withFields<N extends LogicalNode>(n: N, fields: Partial<Omit<N, 'kind'>>): N {
  return { ...n, ...fields }
}

type ChildrenOf = { readonly [K in LogicalKind]: (n: LogicalOf<K>) => readonly LogicalNode[] }

const CHILDREN: ChildrenOf = {
  Scan: () => [],
  Filter: (n) => [n.input],
  Search: (n) => [n.input],
  Project: (n) => [n.input],
  Extend: (n) => [n.input],
  Aggregate: (n) => [n.input],
  Sort: (n) => [n.input],
  TopN: (n) => [n.input],
  Limit: (n) => [n.input],
  Distinct: (n) => [n.input],
  CountRows: (n) => [n.input],
  Union: (n) => n.inputs,
  Join: (n) => [n.left, n.right],
  MakeSeries: (n) => [n.input],
  Print: () => [],
  Datatable: () => [],
  Render: (n) => [n.input],
  Parse: (n) => [n.input],
  MvExpand: (n) => [n.input],
  Sample: (n) => [n.input],
  Redact: (n) => [n.input],
  ExternalData: () => [],
}

/** The inputs of `n`, in order (left before right). */
export function nodeChildren(n: LogicalNode): readonly LogicalNode[] {
  return (CHILDREN[n.kind] as (x: LogicalNode) => readonly LogicalNode[])(n)
}

type WithChildren = {
  readonly [K in LogicalKind]: (n: LogicalOf<K>, children: readonly LogicalNode[]) => LogicalOf<K>
}

const WITH_CHILDREN: WithChildren = {
  Scan: (n) => n,
  Filter: (n, c) => withFields(n, { input: c[0] }),
  Search: (n, c) => withFields(n, { input: c[0] }),
  Project: (n, c) => withFields(n, { input: c[0] }),
  Extend: (n, c) => withFields(n, { input: c[0] }),
  Aggregate: (n, c) => withFields(n, { input: c[0] }),
  Sort: (n, c) => withFields(n, { input: c[0] }),
  TopN: (n, c) => withFields(n, { input: c[0] }),
  Limit: (n, c) => withFields(n, { input: c[0] }),
  Distinct: (n, c) => withFields(n, { input: c[0] }),
  CountRows: (n, c) => withFields(n, { input: c[0] }),
  Union: (n, c) => withFields(n, { inputs: c }),
  Join: (n, c) => withFields(n, { left: c[0], right: c[1] }),
  MakeSeries: (n, c) => withFields(n, { input: c[0] }),
  Print: (n) => n,
  Datatable: (n) => n,
  Render: (n, c) => withFields(n, { input: c[0] }),
  Parse: (n, c) => withFields(n, { input: c[0] }),
  MvExpand: (n, c) => withFields(n, { input: c[0] }),
  Sample: (n, c) => withFields(n, { input: c[0] }),
  Redact: (n, c) => withFields(n, { input: c[0] }),
  ExternalData: (n) => n,
}

/** A copy of `n` over new inputs (same order as `nodeChildren`); rewrites rebuild, never mutate. */
export function withChildren<N extends LogicalNode>(n: N, children: readonly LogicalNode[]): N {
  return (WITH_CHILDREN[n.kind] as (x: LogicalNode, c: readonly LogicalNode[]) => LogicalNode)(
    n,
    children,
  ) as N
}

/** How the result is ordered when the query itself does not say (decision §10.4), recorded for later stages. */
export type ResultOrder = 'explicit' | 'time-desc' | 'none'

/** A bound query. */
export interface LogicalPlan {
  readonly root: LogicalNode
  /** Every dataset the plan reads, sorted and unique (for authorization). */
  readonly datasets: readonly string[]
  /** `set stricttypes;`: per-value comparisons of mixed columns must refuse mismatched types. */
  readonly strictTypes: boolean
  /** `explicit` when the query sorts last; `time-desc` when rows default to newest `_time` first. */
  readonly order: ResultOrder
  /** True when the query caps its own row count (take/limit/top/count), so no default cap applies. */
  readonly limited: boolean
  /**
   * True when the result is groups (an aggregation reached from the root through single inputs):
   * no row cap applies, only the group bound (exec/run.ts MAX_AGGREGATE_ROWS) (decision §12).
   */
  readonly aggregating: boolean
}

/** Output schema helper for nodes that add one fixed column. */
export function singleColumn(name: string, type: AplType): readonly ColumnInfo[] {
  return [{ name, type, storage: [] }]
}
