// plan/bound-expr.ts: typed, resolved scalar expressions (BoundExpr) and their factories. Every node
// carries its APL type and the source span it was bound from; nodes are immutable plain data.

import type {
  AggregateDef,
  AggregateKernelKey,
  AplType,
  ScalarFunctionDef,
  ScalarKernelKey,
  ScalarOperatorDef,
  ScalarOperatorKernelKey,
} from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { FieldType } from '../storage/types.ts'
import type { DynamicValue } from '../syntax/ast.ts'

/** A scalar function row of the catalog. */
export type ScalarRow = ScalarFunctionDef<ScalarKernelKey>
/** An aggregation row of the catalog. */
export type AggregateRow = AggregateDef<AggregateKernelKey>
/** A scalar operator row of the catalog. */
export type OperatorRow = ScalarOperatorDef<ScalarOperatorKernelKey>

/**
 * How a comparison treats its operand types (decision §10.5): `none` = same kind of type;
 * `string-number` = a string against a number, compared numerically when the string parses, else false;
 * `per-value` = an operand is mixed/dynamic, decided per value with the same rules.
 */
export type Coercion = 'none' | 'string-number' | 'per-value'

/**
 * The value of a literal: `long` → bigint, `real` → number, `datetime` → epoch ns bigint,
 * `timespan` → ns bigint, `dynamic` → JSON value, typed null → null.
 */
export type LiteralData = null | boolean | bigint | number | string | DynamicValue

interface Base {
  readonly type: AplType
  readonly span: Span
}

/** A reference to a column of the input row. */
export interface ColumnRef extends Base {
  readonly kind: 'Column'
  readonly name: string
  /** Storage types behind a dataset field ([] for computed columns). */
  readonly storage: readonly FieldType[]
}

/** A constant. `type` `unknown` is the bare `null` literal. */
export interface BoundLiteral extends Base {
  readonly kind: 'Literal'
  readonly value: LiteralData
}

/** A scalar function call bound to its catalog row. */
export interface BoundCall extends Base {
  readonly kind: 'Call'
  readonly fn: ScalarRow
  readonly kernel: ScalarKernelKey
  readonly args: readonly BoundExpr[]
}

/** An aggregation call (only inside Aggregate and MakeSeries nodes). */
export interface BoundAggCall extends Base {
  readonly kind: 'AggCall'
  readonly fn: AggregateRow
  readonly kernel: AggregateKernelKey
  readonly args: readonly BoundExpr[]
}

/** `left op right` bound to a scalar-operator row. */
export interface BoundBinary extends Base {
  readonly kind: 'Binary'
  readonly op: OperatorRow
  readonly kernel: ScalarOperatorKernelKey
  readonly left: BoundExpr
  readonly right: BoundExpr
  /** Type handling of comparisons; `none` for every other operator. */
  readonly coercion: Coercion
}

/** `-x` or `not x` bound to a prefix-operator row. */
export interface BoundUnary extends Base {
  readonly kind: 'Unary'
  readonly op: OperatorRow
  readonly kernel: ScalarOperatorKernelKey
  readonly operand: BoundExpr
}

/** `left in (values…)` and the other set operators; a dynamic-array value contributes its elements. */
export interface BoundInList extends Base {
  readonly kind: 'InList'
  readonly op: OperatorRow
  readonly kernel: ScalarOperatorKernelKey
  readonly left: BoundExpr
  readonly values: readonly BoundExpr[]
  readonly coercion: Coercion
}

/** `left between (low .. high)` (inclusive) or `!between`. */
export interface BoundBetween extends Base {
  readonly kind: 'Between'
  readonly op: OperatorRow
  readonly kernel: ScalarOperatorKernelKey
  readonly left: BoundExpr
  readonly low: BoundExpr
  readonly high: BoundExpr
  readonly coercion: Coercion
}

/** An implicit conversion inserted by the binder (long widened to real for a real-only parameter). */
export interface BoundCast extends Base {
  readonly kind: 'Cast'
  readonly operand: BoundExpr
}

/** Property access on a dynamic value: `x.key`, `x['key']`; a missing key gives null. */
export interface BoundMember extends Base {
  readonly kind: 'Member'
  readonly target: BoundExpr
  readonly key: string
}

/** Computed index access on a dynamic value: `arr[0]`, `m[k]`. */
export interface BoundIndex extends Base {
  readonly kind: 'Index'
  readonly target: BoundExpr
  readonly index: BoundExpr
}

/** `* op right`: true when any listed column satisfies `column op right` (`where * has "x"`, search terms). */
export interface BoundAnyColumn extends Base {
  readonly kind: 'AnyColumn'
  readonly op: OperatorRow
  readonly kernel: ScalarOperatorKernelKey
  /** The string columns of the input, in input order. */
  readonly columns: readonly ColumnRef[]
  readonly right: BoundExpr
}

/** Every bound scalar expression. */
export type BoundExpr =
  | ColumnRef
  | BoundLiteral
  | BoundCall
  | BoundAggCall
  | BoundBinary
  | BoundUnary
  | BoundInList
  | BoundBetween
  | BoundCast
  | BoundMember
  | BoundIndex
  | BoundAnyColumn

/** The `kind` tag of every bound expression. */
export type ExprKind = BoundExpr['kind']

/** The expression type for a kind. */
export type ExprOf<K extends ExprKind> = Extract<BoundExpr, { kind: K }>

/** Builds a bound expression of `kind` (key order: kind, fields). */
export function boundExpr<K extends ExprKind>(kind: K, fields: Omit<ExprOf<K>, 'kind'>): ExprOf<K> {
  return { kind, ...fields } as ExprOf<K>
}

/** A column reference. */
export function columnRef(name: string, type: AplType, storage: readonly FieldType[], span: Span): ColumnRef {
  return { kind: 'Column', name, type, storage, span }
}

/** A constant. */
export function boundLiteral(type: AplType, value: LiteralData, span: Span): BoundLiteral {
  return { kind: 'Literal', type, value, span }
}

/** Narrows an expression to one kind. */
export function isExprKind<K extends ExprKind>(e: BoundExpr, kind: K): e is ExprOf<K> {
  return e.kind === kind
}

/** A copy of `e` pointing at `span` (a `let` value used at a reference site). */
export function withSpan<E extends BoundExpr>(e: E, span: Span): E {
  const copy = { ...e, span }
  ORIGINS.set(copy, exprOrigin(e))
  return copy
}

/** The expression a `withSpan` copy was made from (each `let` reference is one), by identity. */
const ORIGINS = new WeakMap<BoundExpr, BoundExpr>()

/**
 * The expression `e` is a re-spanned copy of, or `e` itself: the same value wherever it is used, so an
 * evaluation computes a `let` value once however often the query names it.
 */
export function exprOrigin(e: BoundExpr): BoundExpr {
  return ORIGINS.get(e) ?? e
}
