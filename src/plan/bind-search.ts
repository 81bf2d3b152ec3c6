// plan/bind-search.ts: `search` (as a source or after `|`): its sources, `kind=`, and the predicate
// language where a bare "term" means `* has "term"` and `*`/`?` wildcards pick the operator (§4 notes).

import { lookupPrefixOperator } from '../catalog/index.ts'
import type { Binary, Expr, Literal, Search, Unary } from '../syntax/ast.ts'
import { operatorResultType, operatorRow } from './apply-operator.ts'
import { type BindContext, type ExprScope, rowScope } from './bind-context.ts'
import { bindExpr, stringColumns } from './bind-expr.ts'
import { datasetsMatching, scanDataset, tableByName } from './bind-source.ts'
import { type BoundExpr, boundExpr, boundLiteral } from './bound-expr.ts'
import { mergeSchemas } from './columns.ts'
import { type LogicalNode, logical } from './logical.ts'

/** A search term's operator and operand after wildcard analysis. */
interface TermMatch {
  readonly op: 'has' | 'hasprefix' | 'hassuffix' | 'contains' | 'matches regex'
  readonly value: string
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * `"term"` → has; `"term*"` → hasprefix; `"*term"` → hassuffix; `"*term*"` → contains; any other use of
 * `*` (any run) or `?` (one character) → a word-bounded regex. Undefined for `"*"` (matches every row).
 */
export function searchTerm(text: string, caseSensitive: boolean): TermMatch | undefined {
  if (/^\*+$/.test(text)) return undefined
  const inner = text.replace(/^\*/, '').replace(/\*$/, '')
  if (!/[*?]/.test(inner)) {
    const lead = text.startsWith('*')
    const trail = text.endsWith('*') && text.length > 1
    if (lead && trail) return { op: 'contains', value: inner }
    if (trail) return { op: 'hasprefix', value: inner }
    if (lead) return { op: 'hassuffix', value: inner }
    return { op: 'has', value: text }
  }
  const body = text
    .split('')
    .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : escapeRegex(ch)))
    .join('')
  return { op: 'matches regex', value: `${caseSensitive ? '' : '(?i)'}\\b${body}\\b` }
}

function bindTerm(lit: Literal, column: BoundExpr | null, scope: ExprScope, ctx: BindContext): BoundExpr {
  const match = searchTerm(String(lit.value), scope.caseSensitive)
  if (match === undefined) return boundLiteral('bool', true, lit.span)
  const row = operatorRow(match.op, lit.span, scope, ctx, true)
  const right = boundLiteral('string', match.value, lit.span)
  if (column !== null) {
    operatorResultType(row, [column, right], ctx)
    const span = { start: column.span.start, length: lit.span.start + lit.span.length - column.span.start }
    return boundExpr('Binary', {
      type: 'bool',
      span,
      op: row,
      kernel: row.kernel,
      left: column,
      right,
      coercion: 'none',
    })
  }
  const columns = stringColumns(scope).map((c) => ({ ...c, span: lit.span }))
  return boundExpr('AnyColumn', { type: 'bool', span: lit.span, op: row, kernel: row.kernel, columns, right })
}

function bindLogical(e: Binary, scope: ExprScope, ctx: BindContext): BoundExpr {
  const left = bindSearchPredicate(e.left, scope, ctx)
  const right = bindSearchPredicate(e.right, scope, ctx)
  const row = operatorRow(e.op, e.span, scope, ctx)
  const type = operatorResultType(row, [left, right], ctx)
  return boundExpr('Binary', {
    type,
    span: e.span,
    op: row,
    kernel: row.kernel,
    left,
    right,
    coercion: 'none',
  })
}

function bindNot(e: Unary, scope: ExprScope, ctx: BindContext): BoundExpr {
  const operand = bindSearchPredicate(e.operand, scope, ctx)
  const row = lookupPrefixOperator('not')
  if (row === undefined)
    return ctx.fail('APL0307', { start: e.span.start, length: 3 }, { feature: 'operator `not`' })
  const type = operatorResultType(row, [operand], ctx)
  return boundExpr('Unary', { type, span: e.span, op: row, kernel: row.kernel, operand })
}

/** The search predicate: terms and `field:"term"` lowered, other expressions bound as usual. */
export function bindSearchPredicate(e: Expr, scope: ExprScope, ctx: BindContext): BoundExpr {
  if (e.kind === 'Star') return boundLiteral('bool', true, e.span)
  if (e.kind === 'Literal' && e.type === 'string') return bindTerm(e, null, scope, ctx)
  if (e.kind === 'Binary' && (e.op === 'and' || e.op === 'or')) return bindLogical(e, scope, ctx)
  if (e.kind === 'Unary' && e.op === 'not') return bindNot(e, scope, ctx)
  if (e.kind === 'Binary' && e.op === ':' && e.right.kind === 'Literal' && e.right.type === 'string') {
    return bindTerm(e.right, bindExpr(e.left, scope, ctx), scope, ctx)
  }
  return bindExpr(e, scope, ctx)
}

const CASE_KINDS: Readonly<Record<string, boolean>> = {
  default: false,
  case_insensitive: false,
  case_sensitive: true,
}

/** The input of a source-position search: its `in (…)` datasets, or every dataset. */
function searchSources(op: Search, ctx: BindContext): LogicalNode {
  const inputs: LogicalNode[] = []
  for (const s of op.sources) {
    if (s.kind === 'Wildcard') inputs.push(...datasetsMatching(s, ctx))
    else inputs.push(tableByName(s.name, s.span, ctx))
  }
  if (op.sources.length === 0) {
    for (const name of ctx.schema.datasetNames()) inputs.push(scanDataset(name, op.span, ctx) as LogicalNode)
  }
  if (inputs.length === 1) return inputs[0]
  const sourceNames = inputs.map((n, i) => (n.kind === 'Scan' ? n.dataset : `union_arg${i}`))
  const schema = mergeSchemas(inputs.map((n) => n.schema))
  return logical('Union', { schema, span: op.span, inputs, withSource: null, sourceNames })
}

/** `search [kind=…] [in (…)] predicate` as a source (`input` null) or after `|`. */
export function bindSearch(op: Search, input: LogicalNode | null, ctx: BindContext): LogicalNode {
  if (input !== null && op.sources.length > 0) {
    return ctx.fail('APL0317', op.sources[0].span, {
      operator: 'search',
      reason: '`in (…)` is only allowed when search starts the query',
    })
  }
  const kind = op.caseKind?.name ?? 'default'
  const caseSensitive = CASE_KINDS[kind]
  if (caseSensitive === undefined || !Object.hasOwn(CASE_KINDS, kind)) {
    return ctx.fail('APL0317', op.caseKind?.span ?? op.span, {
      operator: 'search',
      reason: `unknown kind \`${kind}\` (expected default, case_insensitive or case_sensitive)`,
    })
  }
  const source = input ?? searchSources(op, ctx)
  const scope: ExprScope = { ...rowScope(source.schema), caseSensitive }
  const predicate = bindSearchPredicate(op.predicate, scope, ctx)
  if (!['bool', 'unknown', 'dynamic'].includes(predicate.type)) {
    return ctx.fail('APL0314', predicate.span, { expected: 'bool', actual: predicate.type })
  }
  return logical('Search', { schema: source.schema, span: op.span, input: source, predicate, caseSensitive })
}
