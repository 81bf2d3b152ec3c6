// syntax/to-ast.ts: CST → AST for queries, statements, pipes and tabular operators; `buildAst` entry.
// Completes the visitor started in to-ast-expr.ts; validateVisitor() fails fast on a missing rule.

import type { CstNode, IToken } from 'chevrotain'
import * as T from '../../grammar/tokens.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type {
  BracketName,
  CallArg,
  ColumnDecl,
  ColumnExpr,
  Expr,
  Literal,
  MakeSeriesAggregate,
  MvExpandItem,
  Name,
  NamePattern,
  OperatorParam,
  OrderedExpr,
  ParseItem,
  Query,
  Rename,
  ReorderItem,
  ScalarTypeName,
  Statement,
  TabularOperator,
  Wildcard,
} from './ast.ts'
import { node } from './ast.ts'
import { type Ctx, cstSpan, nodeOf, nodesOf, spanBetween, tokenOf, tokenSpan } from './cst-access.ts'
import { OPERATOR_PARAMETERS } from './operator-parameters.ts'
import type { BuildState, GroupValue } from './to-ast-data.ts'
import { RenderAstVisitor } from './to-ast-render.ts'
import { decodeTypedLiteral } from './typed-literal.ts'

/** The complete CST → AST visitor. One instance is reused; `build` resets its state. */
class AstVisitor extends RenderAstVisitor {
  constructor() {
    super()
    this.validateVisitor()
  }

  /** Builds the AST of a CST produced by rule `query`, `pipeExpression` or `argumentExpressionList`. */
  build(cst: CstNode, state: BuildState): unknown {
    this.state = state
    return this.visit(cst)
  }

  private columns(ctx: Ctx, key: string): ColumnExpr[] {
    return nodesOf(ctx, key).map((n) => this.visit(n) as ColumnExpr)
  }

  private exprs(ctx: Ctx, key: string): Expr[] {
    return nodesOf(ctx, key).map((n) => this.expr(n))
  }

  private patterns(ctx: Ctx, key: string): NamePattern[] {
    return nodesOf(ctx, key).map((n) => this.visit(n) as NamePattern)
  }

  /** Validates `kind=…`-style parameters of `operator`; returns them by name. */
  private parameters(ctx: Ctx, operator: string): Map<string, OperatorParam> {
    const allowed = OPERATOR_PARAMETERS[operator] ?? {}
    const out = new Map<string, OperatorParam>()
    for (const n of nodesOf(ctx, 'parameters')) {
      const p = this.visit(n) as OperatorParam
      const valueKind = allowed[p.name]
      if (valueKind === undefined) {
        this.report('APL0110', p.span, {
          parameter: p.name,
          operator,
          reason: 'is not a parameter of this operator',
        })
      } else if (out.has(p.name)) {
        this.report('APL0110', p.span, { parameter: p.name, operator, reason: 'is given more than once' })
      } else if (valueKind === 'literal' && p.value.kind !== 'Literal') {
        this.report('APL0110', p.span, { parameter: p.name, operator, reason: 'takes a literal value' })
      } else {
        out.set(p.name, p)
      }
    }
    return out
  }

  private word(params: Map<string, OperatorParam>, name: string, operator: string): Name | null {
    const p = params.get(name)
    return p === undefined ? null : this.wordParam(p, operator)
  }

  query(ctx: Ctx): Query {
    const statements = nodesOf(ctx, 'statements').map((n) => this.visit(n) as Statement)
    const body = this.expr(nodeOf(ctx, 'body'))
    return node('Query', { statements, body }, this.spanOfRule(ctx))
  }

  statement(ctx: Ctx): Statement {
    return this.visit((nodeOf(ctx, 'letStatement') ?? nodeOf(ctx, 'setStatement')) as CstNode) as Statement
  }

  letStatement(ctx: Ctx): Statement {
    const name = this.visit(nodeOf(ctx, 'name') as CstNode) as Name | BracketName
    return node('Let', { name, value: this.expr(nodeOf(ctx, 'value')) }, this.spanOfRule(ctx))
  }

  setStatement(ctx: Ctx): Statement {
    const name = this.nameNode(tokenOf(ctx, 'name') as IToken)
    const valueNode = nodeOf(ctx, 'value')
    const value = valueNode === undefined ? null : (this.visit(valueNode) as Name | Literal)
    return node('SetOption', { name, value }, this.spanOfRule(ctx))
  }

  pipeExpression(ctx: Ctx): Expr {
    const source = this.expr(nodeOf(ctx, 'beforePipeExpression'))
    const opNodes = nodesOf(ctx, 'operators')
    if (opNodes.length === 0) return source
    const operators = opNodes.map((n) => this.visit(n) as TabularOperator)
    return node('Pipe', { source, operators }, spanBetween(source.span, cstSpan(opNodes[opNodes.length - 1])))
  }

  beforePipeExpression(ctx: Ctx): Expr {
    return this.expr(nodeOf(ctx, Object.keys(ctx)[0]))
  }

  pipedOperator(ctx: Ctx): TabularOperator {
    return this.visit(nodeOf(ctx, 'queryOperator') as CstNode) as TabularOperator
  }

  queryOperator(ctx: Ctx): TabularOperator {
    return this.visit(nodeOf(ctx, Object.keys(ctx)[0]) as CstNode) as TabularOperator
  }

  whereOperator(ctx: Ctx): TabularOperator {
    return node('Where', { predicate: this.expr(nodeOf(ctx, 'predicate')) }, this.spanOfRule(ctx))
  }

  summarizeOperator(ctx: Ctx): TabularOperator {
    const aggregates = this.columns(ctx, 'aggregates')
    return node('Summarize', { aggregates, by: this.columns(ctx, 'by') }, this.spanOfRule(ctx))
  }

  topOperator(ctx: Ctx): TabularOperator {
    const by = this.visit(nodeOf(ctx, 'by') as CstNode) as OrderedExpr
    return node('Top', { count: this.expr(nodeOf(ctx, 'count')), by }, this.spanOfRule(ctx))
  }

  orderedExpression(ctx: Ctx): OrderedExpr {
    const order = (tokenOf(ctx, 'order')?.image ?? null) as OrderedExpr['order']
    const nulls = (tokenOf(ctx, 'nulls')?.image ?? null) as OrderedExpr['nulls']
    return node(
      'OrderedExpr',
      { expr: this.expr(nodeOf(ctx, 'expression')), order, nulls },
      this.spanOfRule(ctx),
    )
  }

  searchOperator(ctx: Ctx): TabularOperator {
    const params = this.parameters(ctx, 'search')
    const caseKind = this.word(params, 'kind', 'search')
    const sources = this.patterns(ctx, 'sources')
    const predicate = this.expr(nodeOf(ctx, 'predicate'))
    return node('Search', { caseKind, sources, predicate }, this.spanOfRule(ctx))
  }

  extendOperator(ctx: Ctx): TabularOperator {
    return node('Extend', { columns: this.columns(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  extendValidOperator(ctx: Ctx): TabularOperator {
    return node('ExtendValid', { columns: this.columns(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  projectOperator(ctx: Ctx): TabularOperator {
    return node('Project', { columns: this.columns(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  projectAwayOperator(ctx: Ctx): TabularOperator {
    return node('ProjectAway', { columns: this.patterns(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  projectKeepOperator(ctx: Ctx): TabularOperator {
    return node('ProjectKeep', { columns: this.patterns(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  projectRenameOperator(ctx: Ctx): TabularOperator {
    const renames = nodesOf(ctx, 'renames').map((n) => this.visit(n) as Rename)
    return node('ProjectRename', { renames }, this.spanOfRule(ctx))
  }

  projectRenameExpression(ctx: Ctx): Rename {
    const newName = this.visit(nodeOf(ctx, 'newName') as CstNode) as Name | BracketName
    const oldName = this.visit(nodeOf(ctx, 'oldName') as CstNode) as Name | BracketName
    return node('Rename', { newName, oldName }, spanBetween(newName.span, oldName.span))
  }

  projectReorderOperator(ctx: Ctx): TabularOperator {
    const columns = nodesOf(ctx, 'columns').map((n) => this.visit(n) as ReorderItem)
    return node('ProjectReorder', { columns }, this.spanOfRule(ctx))
  }

  projectReorderExpression(ctx: Ctx): ReorderItem {
    const column = this.visit(nodeOf(ctx, 'namePattern') as CstNode) as NamePattern
    const order = (tokenOf(ctx, 'order')?.image ?? null) as ReorderItem['order']
    return node('ReorderItem', { column, order }, this.spanOfRule(ctx))
  }

  takeOperator(ctx: Ctx): TabularOperator {
    return node('Take', { count: this.expr(nodeOf(ctx, 'count')) }, this.spanOfRule(ctx))
  }

  sortOperator(ctx: Ctx): TabularOperator {
    const keys = nodesOf(ctx, 'keys').map((n) => this.visit(n) as OrderedExpr)
    return node('Sort', { keys }, this.spanOfRule(ctx))
  }

  countOperator(ctx: Ctx): TabularOperator {
    return node('Count', {}, this.spanOfRule(ctx))
  }

  distinctOperator(ctx: Ctx): TabularOperator {
    return node('Distinct', { columns: this.exprs(ctx, 'columns') }, this.spanOfRule(ctx))
  }

  joinOperator(ctx: Ctx): TabularOperator {
    const params = this.parameters(ctx, 'join')
    const joinKind = this.word(params, 'kind', 'join')
    const clause = nodeOf(ctx, 'joinOperatorOnClause')
    const on = clause === undefined ? [] : (this.visit(clause) as Expr[])
    return node('Join', { joinKind, right: this.expr(nodeOf(ctx, 'right')), on }, this.spanOfRule(ctx))
  }

  joinOperatorOnClause(ctx: Ctx): Expr[] {
    return this.exprs(ctx, 'conditions')
  }

  lookupOperator(ctx: Ctx): TabularOperator {
    const params = this.parameters(ctx, 'lookup')
    const lookupKind = this.word(params, 'kind', 'lookup')
    const on = this.visit(nodeOf(ctx, 'joinOperatorOnClause') as CstNode) as Expr[]
    return node('Lookup', { lookupKind, right: this.expr(nodeOf(ctx, 'right')), on }, this.spanOfRule(ctx))
  }

  unionOperator(ctx: Ctx): TabularOperator {
    const params = this.parameters(ctx, 'union')
    const withSource = this.word(params, 'withsource', 'union')
    const tables = nodesOf(ctx, 'tables').map((n) => this.visit(n) as Expr | Wildcard)
    return node('Union', { withSource, tables }, this.spanOfRule(ctx))
  }

  unionOperatorExpression(ctx: Ctx): Expr | Wildcard {
    const group = tokenOf(ctx, 'ParenGroup')
    if (group !== undefined) return this.state.groups.get(group) as Expr
    return this.visit((nodeOf(ctx, 'parenthesizedExpression') ?? nodeOf(ctx, 'namePattern')) as CstNode)
  }

  makeSeriesOperator(ctx: Ctx): TabularOperator {
    const aggregates = nodesOf(ctx, 'aggregates').map((n) => this.visit(n) as MakeSeriesAggregate)
    const on = this.expr(nodeOf(ctx, 'on'))
    const by = this.columns(ctx, 'by')
    const rangeName = tokenOf(ctx, 'rangeName')
    let from = nodeOf(ctx, 'from') === undefined ? null : this.expr(nodeOf(ctx, 'from'))
    let to = nodeOf(ctx, 'to') === undefined ? null : this.expr(nodeOf(ctx, 'to'))
    let step: Expr
    if (rangeName === undefined) {
      step = this.expr(nodeOf(ctx, 'step'))
    } else {
      // `in range(start, end, step)` is folded into from/to/step.
      const args = this.visit(nodeOf(ctx, 'range') as CstNode) as CallArg[]
      const rangeSpan = spanBetween(tokenSpan(rangeName), cstSpan(nodeOf(ctx, 'range') as CstNode))
      if (rangeName.image !== 'range' || args.length !== 3 || args.some((a) => a.kind === 'NamedExpr')) {
        this.report('APL0101', rangeSpan, {
          expected: '`range(start, end, step)`',
          found: `\`${rangeName.image}(…)\``,
        })
      }
      const positional = args.map((a) => (a.kind === 'NamedExpr' ? a.expr : a))
      from = positional[0] ?? null
      to = positional[1] ?? null
      step = positional[2] ?? node('Star', {}, rangeSpan)
    }
    return node('MakeSeries', { aggregates, on, from, to, step, by }, this.spanOfRule(ctx))
  }

  makeSeriesOperatorAggregation(ctx: Ctx): MakeSeriesAggregate {
    const column = this.visit(nodeOf(ctx, 'namedExpression') as CstNode) as ColumnExpr
    const fill = nodeOf(ctx, 'default')
    return node(
      'MakeSeriesAggregate',
      { column, default: fill === undefined ? null : this.expr(fill) },
      this.spanOfRule(ctx),
    )
  }

  private parseLike(ctx: Ctx, operator: 'parse' | 'parse-where') {
    const params = this.parameters(ctx, operator)
    return {
      parseKind: this.word(params, 'kind', operator),
      flags: this.word(params, 'flags', operator),
      source: this.expr(nodeOf(ctx, 'source')),
      pattern: this.visit(nodeOf(ctx, 'parseOperatorPattern') as CstNode) as ParseItem[],
    }
  }

  parseOperator(ctx: Ctx): TabularOperator {
    return node('Parse', this.parseLike(ctx, 'parse'), this.spanOfRule(ctx))
  }

  parseWhereOperator(ctx: Ctx): TabularOperator {
    return node('ParseWhere', this.parseLike(ctx, 'parse-where'), this.spanOfRule(ctx))
  }

  parseOperatorPattern(ctx: Ctx): ParseItem[] {
    return (ctx.items ?? []).map((e): ParseItem => {
      if (!('image' in e)) return this.visit(e) as ColumnDecl
      const t = e as IToken
      if (t.tokenType === T.Star) return node('Star', {}, tokenSpan(t))
      return { kind: 'Literal', type: 'string', value: this.stringValue(t), span: tokenSpan(t) }
    })
  }

  parseKvOperator(ctx: Ctx): TabularOperator {
    const keys = this.visit(nodeOf(ctx, 'rowSchema') as CstNode) as ColumnDecl[]
    const clause = nodeOf(ctx, 'withPropertiesClause')
    const properties = clause === undefined ? [] : (this.visit(clause as CstNode) as OperatorParam[])
    return node(
      'ParseKv',
      { source: this.expr(nodeOf(ctx, 'source')), keys, properties },
      this.spanOfRule(ctx),
    )
  }

  mvexpandOperator(ctx: Ctx): TabularOperator {
    const params = this.parameters(ctx, 'mv-expand')
    const items = nodesOf(ctx, 'items').map((n) => this.visit(n) as MvExpandItem)
    const limitNode = nodeOf(ctx, 'limit')
    return node(
      'MvExpand',
      {
        expandKind: this.word(params, 'kind', 'mv-expand'),
        itemIndex: this.word(params, 'with_itemindex', 'mv-expand'),
        items,
        limit: limitNode === undefined ? null : this.expr(limitNode),
      },
      this.spanOfRule(ctx),
    )
  }

  mvexpandOperatorExpression(ctx: Ctx): MvExpandItem {
    const column = this.visit(nodeOf(ctx, 'namedExpression') as CstNode) as ColumnExpr
    const typeToken = tokenOf(ctx, 'type')
    let toType: ScalarTypeName | null = null
    if (typeToken !== undefined) {
      const r = decodeTypedLiteral(typeToken.image)
      if ('typeOf' in r) toType = r.typeOf
      else
        this.report('APL0101', tokenSpan(typeToken), {
          expected: '`typeof(type)`',
          found: `\`${typeToken.image}\``,
        })
    }
    return node('MvExpandItem', { column, toType }, this.spanOfRule(ctx))
  }

  sampleOperator(ctx: Ctx): TabularOperator {
    return node('Sample', { proportion: this.expr(nodeOf(ctx, 'proportion')) }, this.spanOfRule(ctx))
  }

  redactOperator(ctx: Ctx): TabularOperator {
    const options = [...this.parameters(ctx, 'redact').values()]
    const on = nodesOf(ctx, 'columns').map((n) => this.visit(n) as Name | BracketName)
    return node('Redact', { options, regexes: this.exprs(ctx, 'regexes'), on }, this.spanOfRule(ctx))
  }

  getSchemaOperator(ctx: Ctx): TabularOperator {
    return node('Getschema', {}, this.spanOfRule(ctx))
  }

  printOperator(ctx: Ctx): Expr {
    return node('Print', { columns: this.columns(ctx, 'columns') }, this.spanOfRule(ctx))
  }
}

let visitor: AstVisitor | undefined

/** Result of building an AST: the value, or the diagnostics found in literals and parameters. */
export type BuildResult<V> = { readonly value: V } | { readonly diagnostics: readonly Diagnostic[] }

/**
 * CST → AST with the shared visitor. `cst` comes from rule `query` (→ Query), `pipeExpression` or
 * `expression` (→ Expr), `argumentExpressionList` (→ CallArg[]) or `jsonValue` (→ DynamicValue);
 * placeholder tokens resolve through `groups`.
 */
export function buildAst<V>(
  cst: CstNode,
  source: string,
  groups: ReadonlyMap<IToken, GroupValue>,
): BuildResult<V> {
  visitor ??= new AstVisitor()
  const diagnostics: Diagnostic[] = []
  const value = visitor.build(cst, { source, diagnostics, groups }) as V
  return diagnostics.length > 0 ? { diagnostics } : { value }
}
