// syntax/ast-expr.ts: AST node types for scalar expressions, names and literals (apl-reference §2, §5).
// Plain readonly data with a `kind` tag and a `span`; no behaviour and no type checking here.

import type { Span } from '../diagnostics/span.ts'
import type { Pipe, Print, Search, Union } from './ast-tabular.ts'

/** Canonical scalar type names (aliases folded: int→long, double→real, boolean→bool, date→datetime, time→timespan). */
export type ScalarTypeName = 'bool' | 'long' | 'real' | 'string' | 'datetime' | 'timespan' | 'dynamic'

/** A JSON value as held by `dynamic(...)`: numbers are JS doubles, objects have a null prototype. */
export type DynamicValue =
  | null
  | boolean
  | number
  | string
  | readonly DynamicValue[]
  | { readonly [key: string]: DynamicValue }

/**
 * The typed value of a literal. Decisions: `long` values are `bigint` (exact 64-bit); `real` values are
 * JS numbers; `datetime` is ns since the Unix epoch (UTC) and `timespan` is ns, both `bigint`; a typed
 * null (`long(null)`) has `value: null`; bare `null` has type `'null'`.
 */
export type LiteralValue =
  | { readonly type: 'null'; readonly value: null }
  | { readonly type: 'bool'; readonly value: boolean | null }
  | { readonly type: 'long'; readonly value: bigint | null }
  | { readonly type: 'real'; readonly value: number | null }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'datetime'; readonly value: bigint | null }
  | { readonly type: 'timespan'; readonly value: bigint | null }
  | { readonly type: 'dynamic'; readonly value: DynamicValue }

/** A literal: `42`, `0.5`, `"x"`, `@'x'`, `true`, `null`, `1h`, `datetime(...)`, `long(null)`, `dynamic(...)`. */
export type Literal = { readonly kind: 'Literal'; readonly span: Span } & LiteralValue

/** A plain identifier used as a name (field, dataset, let variable, function, `$left`/`$right`). */
export interface Name {
  readonly kind: 'Name'
  readonly name: string
  readonly span: Span
}

/** A bracket-quoted name `['geo.city']`: one flattened field name, never a path. */
export interface BracketName {
  readonly kind: 'BracketName'
  readonly name: string
  readonly span: Span
}

/** Dot access `target.member` (`a.b`, `$left.id`, `x.['k.1']`); unquoted chains may also name a flattened field. */
export interface Path {
  readonly kind: 'Path'
  readonly target: Expr
  readonly member: Name | BracketName
  readonly span: Span
}

/** Index access `target[index]` (`m['k']`, `arr[0]`). */
export interface Index {
  readonly kind: 'Index'
  readonly target: Expr
  readonly index: Expr
  readonly span: Span
}

/** `name = expr`: a named output column, or a named function argument. */
export interface NamedExpr {
  readonly kind: 'NamedExpr'
  readonly name: Name | BracketName
  readonly expr: Expr
  readonly span: Span
}

/** A function-call argument: positional or named. */
export type CallArg = Expr | NamedExpr

/** A function call `name(args)` (scalar function or aggregation; the binder decides). */
export interface Call {
  readonly kind: 'Call'
  readonly name: Name
  readonly args: readonly CallArg[]
  readonly span: Span
}

/** Binary operators; `<>` is folded into `!=`. String operators keep their spelling (`!has_cs`). */
export type BinaryOp =
  | 'or'
  | 'and'
  | '=='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | StringOp

/** String operators (case-insensitive unless `_cs`; `:` is search's "has"). */
export type StringOp =
  | '=~'
  | '!~'
  | ':'
  | 'matches regex'
  | '!matches regex'
  | `${'' | '!'}${'contains' | 'startswith' | 'endswith' | 'hasprefix' | 'hassuffix' | 'has'}${'' | '_cs'}`

/** `left op right`. */
export interface Binary {
  readonly kind: 'Binary'
  readonly op: BinaryOp
  readonly left: Expr
  readonly right: Expr
  readonly span: Span
}

/** `-x`, `+x`, `not x`. */
export interface Unary {
  readonly kind: 'Unary'
  readonly op: '-' | '+' | 'not'
  readonly operand: Expr
  readonly span: Span
}

/** List operators. */
export type ListOp = 'in' | '!in' | 'in~' | '!in~' | 'has_any' | 'has_any_cs' | 'has_all'

/** `left in (v1, v2, …)` and friends; a value may be a dynamic array or a sub-query. */
export interface InList {
  readonly kind: 'InList'
  readonly op: ListOp
  readonly left: Expr
  readonly values: readonly Expr[]
  readonly span: Span
}

/** `left between (low .. high)` (inclusive), or `!between`. */
export interface Between {
  readonly kind: 'Between'
  readonly negated: boolean
  readonly left: Expr
  readonly low: Expr
  readonly high: Expr
  readonly span: Span
}

/** `*` as an operand: `where * has "x"`, `search *`, `distinct *`, `count(*)`. */
export interface Star {
  readonly kind: 'Star'
  readonly span: Span
}

/** `typeof(long)`: a type used as a value. */
export interface TypeOf {
  readonly kind: 'TypeOf'
  readonly type: ScalarTypeName
  readonly span: Span
}

/** `name[:type]` in a schema or a parse pattern (`type` null when omitted). */
export interface ColumnDecl {
  readonly kind: 'ColumnDecl'
  readonly name: Name | BracketName
  readonly type: ScalarTypeName | null
  readonly span: Span
}

/** `datatable(col:type, …)[v, …]` (values row-major). */
export interface Datatable {
  readonly kind: 'Datatable'
  readonly columns: readonly ColumnDecl[]
  readonly values: readonly Literal[]
  readonly span: Span
}

/** `name = value` in operator parameters (`kind=inner`) and `with (…)` property lists. */
export interface OperatorParam {
  readonly kind: 'OperatorParam'
  readonly name: string
  readonly value: Name | Literal
  readonly span: Span
}

/** `externaldata (col:type, …) ["url", …] [with (…)]`. */
export interface ExternalData {
  readonly kind: 'ExternalData'
  readonly columns: readonly ColumnDecl[]
  readonly urls: readonly Literal[]
  readonly properties: readonly OperatorParam[]
  readonly span: Span
}

/** Any expression. Tabular sources (Pipe, Datatable, Search, Union, Print, …) are expressions too, as in Kql.g4. */
export type Expr =
  | Literal
  | Name
  | BracketName
  | Path
  | Index
  | Call
  | Binary
  | Unary
  | InList
  | Between
  | Star
  | TypeOf
  | Datatable
  | ExternalData
  | Pipe
  | Search
  | Union
  | Print
