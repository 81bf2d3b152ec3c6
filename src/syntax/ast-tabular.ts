// syntax/ast-tabular.ts: AST node types for queries, statements, pipes and tabular operators (§1, §2.6, §4).
// One node kind per operator, T3 operators included so the binder can refuse them by kind.

import type { Span } from '../diagnostics/span.ts'
import type {
  BracketName,
  ColumnDecl,
  Expr,
  Literal,
  Name,
  NamedExpr,
  OperatorParam,
  ScalarTypeName,
  Star,
} from './ast-expr.ts'

/** A column-producing item: `expr` or `Name = expr`. */
export type ColumnExpr = Expr | NamedExpr

/** A field-name pattern with `*` wildcards (`status*`, `['geo.']*`, `*`); `pattern` holds the joined text. */
export interface Wildcard {
  readonly kind: 'Wildcard'
  readonly pattern: string
  readonly span: Span
}

/** A column or dataset reference that may be a wildcard. */
export type NamePattern = Name | BracketName | Wildcard

/** `expr [asc|desc] [nulls first|last]`; null means "not written" (defaults are the binder's business). */
export interface OrderedExpr {
  readonly kind: 'OrderedExpr'
  readonly expr: Expr
  readonly order: 'asc' | 'desc' | null
  readonly nulls: 'first' | 'last' | null
  readonly span: Span
}

/** `where predicate` (T1). */
export interface Where {
  readonly kind: 'Where'
  readonly predicate: Expr
  readonly span: Span
}

/** `summarize aggs [by keys]` (T1). */
export interface Summarize {
  readonly kind: 'Summarize'
  readonly aggregates: readonly ColumnExpr[]
  readonly by: readonly ColumnExpr[]
  readonly span: Span
}

/** `top N by key` (T1). */
export interface Top {
  readonly kind: 'Top'
  readonly count: Expr
  readonly by: OrderedExpr
  readonly span: Span
}

/** `search [kind=…] [in (sources)] predicate` (T1; also a query source). */
export interface Search {
  readonly kind: 'Search'
  /** `kind=default|case_insensitive|case_sensitive`, as written. */
  readonly caseKind: Name | null
  /** Datasets of `in (…)`; empty when the clause is absent. */
  readonly sources: readonly NamePattern[]
  readonly predicate: Expr
  readonly span: Span
}

/** `extend cols` (T2). */
export interface Extend {
  readonly kind: 'Extend'
  readonly columns: readonly ColumnExpr[]
  readonly span: Span
}

/** `extend-valid cols` (T3). */
export interface ExtendValid {
  readonly kind: 'ExtendValid'
  readonly columns: readonly ColumnExpr[]
  readonly span: Span
}

/** `project cols` (T2). */
export interface Project {
  readonly kind: 'Project'
  readonly columns: readonly ColumnExpr[]
  readonly span: Span
}

/** `project-away patterns` (T2). */
export interface ProjectAway {
  readonly kind: 'ProjectAway'
  readonly columns: readonly NamePattern[]
  readonly span: Span
}

/** `project-keep patterns` (T2). */
export interface ProjectKeep {
  readonly kind: 'ProjectKeep'
  readonly columns: readonly NamePattern[]
  readonly span: Span
}

/** One `New = Old` of project-rename. */
export interface Rename {
  readonly kind: 'Rename'
  readonly newName: Name | BracketName
  readonly oldName: Name | BracketName
  readonly span: Span
}

/** `project-rename New = Old, …` (T2). */
export interface ProjectRename {
  readonly kind: 'ProjectRename'
  readonly renames: readonly Rename[]
  readonly span: Span
}

/** One item of project-reorder. */
export interface ReorderItem {
  readonly kind: 'ReorderItem'
  readonly column: NamePattern
  readonly order: 'asc' | 'desc' | 'granny-asc' | 'granny-desc' | null
  readonly span: Span
}

/** `project-reorder items` (T3). */
export interface ProjectReorder {
  readonly kind: 'ProjectReorder'
  readonly columns: readonly ReorderItem[]
  readonly span: Span
}

/** `take N` / `limit N` (T2). */
export interface Take {
  readonly kind: 'Take'
  readonly count: Expr
  readonly span: Span
}

/** `sort by keys` / `order by keys` (T2). */
export interface Sort {
  readonly kind: 'Sort'
  readonly keys: readonly OrderedExpr[]
  readonly span: Span
}

/** `| count` (T2). */
export interface Count {
  readonly kind: 'Count'
  readonly span: Span
}

/** `distinct cols` (T2). */
export interface Distinct {
  readonly kind: 'Distinct'
  readonly columns: readonly Expr[]
  readonly span: Span
}

/** `join [kind=…] right [on conditions]` (T2). */
export interface Join {
  readonly kind: 'Join'
  readonly joinKind: Name | null
  readonly right: Expr
  readonly on: readonly Expr[]
  readonly span: Span
}

/** `lookup [kind=…] table on conditions` (T3). */
export interface Lookup {
  readonly kind: 'Lookup'
  readonly lookupKind: Name | null
  readonly right: Expr
  readonly on: readonly Expr[]
  readonly span: Span
}

/** `union [withsource=Col] tables` (T2; also a query source). */
export interface Union {
  readonly kind: 'Union'
  readonly withSource: Name | null
  /** Dataset names, wildcard patterns, or sub-queries. */
  readonly tables: readonly (Expr | Wildcard)[]
  readonly span: Span
}

/** One aggregation of make-series with its `default =` fill value. */
export interface MakeSeriesAggregate {
  readonly kind: 'MakeSeriesAggregate'
  readonly column: ColumnExpr
  readonly default: Expr | null
  readonly span: Span
}

/** `make-series aggs on time [from a] [to b] step s [by keys]` (T2); `in range(a, b, s)` is folded in. */
export interface MakeSeries {
  readonly kind: 'MakeSeries'
  readonly aggregates: readonly MakeSeriesAggregate[]
  readonly on: Expr
  readonly from: Expr | null
  readonly to: Expr | null
  readonly step: Expr
  readonly by: readonly ColumnExpr[]
  readonly span: Span
}

/** An item of a parse pattern: `*`, a constant string, or a captured column. */
export type ParseItem = Star | Literal | ColumnDecl

/** `parse [kind=…] [flags=…] expr with pattern` (T3). */
export interface Parse {
  readonly kind: 'Parse'
  readonly parseKind: Name | null
  readonly flags: Name | null
  readonly source: Expr
  readonly pattern: readonly ParseItem[]
  readonly span: Span
}

/** `parse-where [kind=…] [flags=…] expr with pattern` (T3). */
export interface ParseWhere {
  readonly kind: 'ParseWhere'
  readonly parseKind: Name | null
  readonly flags: Name | null
  readonly source: Expr
  readonly pattern: readonly ParseItem[]
  readonly span: Span
}

/** `parse-kv expr as (keys) with (properties)` (T3). */
export interface ParseKv {
  readonly kind: 'ParseKv'
  readonly source: Expr
  readonly keys: readonly ColumnDecl[]
  readonly properties: readonly OperatorParam[]
  readonly span: Span
}

/** One item of mv-expand. */
export interface MvExpandItem {
  readonly kind: 'MvExpandItem'
  readonly column: ColumnExpr
  readonly toType: ScalarTypeName | null
  readonly span: Span
}

/** `mv-expand [kind=…] [with_itemindex=…] items [limit N]` (T3). */
export interface MvExpand {
  readonly kind: 'MvExpand'
  readonly expandKind: Name | null
  readonly itemIndex: Name | null
  readonly items: readonly MvExpandItem[]
  readonly limit: Expr | null
  readonly span: Span
}

/** `sample proportion` (T3). */
export interface Sample {
  readonly kind: 'Sample'
  readonly proportion: Expr
  readonly span: Span
}

/** `redact [options] regexes [on cols]` (T3). */
export interface Redact {
  readonly kind: 'Redact'
  readonly options: readonly OperatorParam[]
  readonly regexes: readonly Expr[]
  readonly on: readonly (Name | BracketName)[]
  readonly span: Span
}

/** `getschema` (T3). */
export interface Getschema {
  readonly kind: 'Getschema'
  readonly span: Span
}

/** One `Property = Value` of render; a name list (`ycolumns = a, b`) holds several values. */
export interface RenderProperty {
  readonly kind: 'RenderProperty'
  readonly name: Name
  /** At least one: a literal, or column names. */
  readonly values: readonly (Name | BracketName | Literal)[]
  readonly span: Span
}

/** `render Visualization [with (Property = Value, …)]` (Kusto; the binder keeps it last). */
export interface Render {
  readonly kind: 'Render'
  readonly visualization: Name
  readonly properties: readonly RenderProperty[]
  readonly span: Span
}

/** `print cols` (a query source, T3). */
export interface Print {
  readonly kind: 'Print'
  readonly columns: readonly ColumnExpr[]
  readonly span: Span
}

/** Operators that can follow `|`. */
export type TabularOperator =
  | Where
  | Summarize
  | Top
  | Search
  | Extend
  | ExtendValid
  | Project
  | ProjectAway
  | ProjectKeep
  | ProjectRename
  | ProjectReorder
  | Take
  | Sort
  | Count
  | Distinct
  | Join
  | Lookup
  | Union
  | MakeSeries
  | Parse
  | ParseWhere
  | ParseKv
  | MvExpand
  | Sample
  | Redact
  | Getschema
  | Render

/** `source | op | op …` (at least one operator; a bare source is just its expression). */
export interface Pipe {
  readonly kind: 'Pipe'
  readonly source: Expr
  readonly operators: readonly TabularOperator[]
  readonly span: Span
}

/** `let name = value`. */
export interface Let {
  readonly kind: 'Let'
  readonly name: Name | BracketName
  readonly value: Expr
  readonly span: Span
}

/** `set option [= value]`. */
export interface SetOption {
  readonly kind: 'SetOption'
  readonly name: Name
  readonly value: Name | Literal | null
  readonly span: Span
}

/** A statement before the query body. */
export type Statement = Let | SetOption

/** A whole query: statements, then the tabular body. */
export interface Query {
  readonly kind: 'Query'
  readonly statements: readonly Statement[]
  readonly body: Expr
  readonly span: Span
}
