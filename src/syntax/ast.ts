// syntax/ast.ts: the APL AST as one discriminated union, plus the factories that build its nodes.
// Nodes are plain readonly data (kind + fields + span); parsing, printing and binding live elsewhere.

import type { Span } from '../diagnostics/span.ts'
import type { ColumnDecl, Expr, Literal, LiteralValue, NamedExpr, OperatorParam } from './ast-expr.ts'
import type {
  MakeSeriesAggregate,
  MvExpandItem,
  OrderedExpr,
  Query,
  Rename,
  RenderProperty,
  ReorderItem,
  Statement,
  TabularOperator,
  Wildcard,
} from './ast-tabular.ts'

/** Node types for expressions, names and literals. */
export type * from './ast-expr.ts'
/** Node types for queries, statements, pipes and tabular operators. */
export type * from './ast-tabular.ts'

/** Every AST node. */
export type AstNode =
  | Expr
  | NamedExpr
  | ColumnDecl
  | OperatorParam
  | Wildcard
  | OrderedExpr
  | Rename
  | ReorderItem
  | MakeSeriesAggregate
  | MvExpandItem
  | RenderProperty
  | TabularOperator
  | Statement
  | Query

/** The `kind` tag of every AST node. */
export type AstKind = AstNode['kind']

/** The node type for a kind. */
export type NodeOf<K extends AstKind> = Extract<AstNode, { kind: K }>

/** Kinds built by `node()`; literals have their own factory because their fields form a union. */
export type StructuralKind = Exclude<AstKind, 'Literal'>

/** Fields of a node kind other than `kind` and `span`. */
export type NodeFields<K extends StructuralKind> = Omit<NodeOf<K>, 'kind' | 'span'>

/** Builds a node of `kind` (key order: kind, fields, span). */
export function node<K extends StructuralKind>(kind: K, fields: NodeFields<K>, span: Span): NodeOf<K> {
  return { kind, ...fields, span } as unknown as NodeOf<K>
}

/** Builds a literal node from its typed value. */
export function literal(value: LiteralValue, span: Span): Literal {
  return { kind: 'Literal', type: value.type, value: value.value, span } as Literal
}

/** Narrows a node to one kind. */
export function isKind<K extends AstKind>(n: AstNode, kind: K): n is NodeOf<K> {
  return n.kind === kind
}
