// syntax/to-ast-data.ts: CST → AST for the data layer (grammar/parser-data.ts): names, patterns,
// literals, dynamic values, schemas and parameters; malformed literals become diagnostics. Base of the
// visitor chain (to-ast-data → to-ast-expr → to-ast).

import type { CstNode, IToken } from 'chevrotain'
import { aplParser } from '../../grammar/parser.ts'
import * as T from '../../grammar/tokens.ts'
import type { Code, CodeArgs } from '../diagnostics/codes.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Span } from '../diagnostics/span.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type {
  BracketName,
  CallArg,
  ColumnDecl,
  DynamicValue,
  Expr,
  Literal,
  LiteralValue,
  Name,
  NamePattern,
  OperatorParam,
  ScalarTypeName,
} from './ast.ts'
import { literal, node } from './ast.ts'
import {
  type Ctx,
  cstSpan,
  elementIsToken,
  nodeOf,
  nodesOf,
  spanBetween,
  tokenOf,
  tokenSpan,
  tokensOf,
} from './cst-access.ts'
import { decodeStringLiteral } from './string-literal.ts'
import { parseTimespanAmount } from './timespan-text.ts'
import { resolveTypeName, TYPE_NAMES } from './type-names.ts'
import { decodeTypedLiteral, parseLongText } from './typed-literal.ts'

/** Per-parse state shared by the visitors: source text, collected diagnostics, pre-parsed groups. */
export interface BuildState {
  readonly source: string
  readonly diagnostics: Diagnostic[]
  /** Values of the placeholder tokens (ParenGroup, ArgumentGroup, IndexGroup, JsonGroup; see split-deep.ts). */
  readonly groups: ReadonlyMap<IToken, GroupValue>
}

/** What a placeholder token stands for: an expression, an argument list, or a dynamic value. */
export type GroupValue = Expr | readonly CallArg[] | DynamicValue

const BaseVisitor = aplParser.getBaseCstVisitorConstructor()

const NULL_LITERAL: LiteralValue = { type: 'null', value: null }

/** Visitor methods for the data rules, plus the helpers every visitor layer uses. */
export class DataAstVisitor extends BaseVisitor {
  protected state: BuildState = { source: '', diagnostics: [], groups: new Map() }

  /** Records a diagnostic for the current parse. */
  protected report<C extends Code>(code: C, span: Span, args: CodeArgs<C>): void {
    this.state.diagnostics.push(createDiagnostic(this.state.source, code, span, args))
  }

  /** Visits a CST node expecting an expression. */
  protected expr(n: CstNode | undefined): Expr {
    return this.visit(n as CstNode) as Expr
  }

  columnName(ctx: Ctx): Name | BracketName {
    const t = tokenOf(ctx, 'Identifier')
    return t !== undefined
      ? this.nameNode(t)
      : (this.visit(nodeOf(ctx, 'escapedName') as CstNode) as BracketName)
  }

  escapedName(ctx: Ctx): BracketName {
    const t = tokenOf(ctx, 'StringLiteral') as IToken
    const close = tokenOf(ctx, 'RBracket') as IToken
    const open = tokenOf(ctx, 'LBracket') as IToken
    return node('BracketName', { name: this.stringValue(t) }, spanBetween(tokenSpan(open), tokenSpan(close)))
  }

  namePattern(ctx: Ctx): NamePattern {
    const pieces = nodesOf(ctx, 'pieces').map(
      (p) => this.visit(p) as { text: string; star: boolean; node?: Expr },
    )
    const span = cstSpan(nodesOf(ctx, 'pieces')[0])
    const whole = spanBetween(span, cstSpan(nodesOf(ctx, 'pieces').at(-1) as CstNode))
    if (pieces.some((p) => p.star)) {
      return node('Wildcard', { pattern: pieces.map((p) => (p.star ? '*' : p.text)).join('') }, whole)
    }
    if (pieces.length > 1) {
      this.report('APL0111', cstSpan(nodesOf(ctx, 'pieces')[1]), { found: 'a second name without a `*`' })
    }
    return pieces[0].node as Name | BracketName
  }

  namePatternPiece(ctx: Ctx): { text: string; star: boolean; node?: Expr } {
    if (tokenOf(ctx, 'Star') !== undefined) return { text: '*', star: true }
    const n = this.columnName(ctx)
    return { text: n.name, star: false, node: n }
  }

  columnDeclaration(ctx: Ctx): ColumnDecl {
    const name = this.visit(nodeOf(ctx, 'columnName') as CstNode) as Name | BracketName
    const typeToken = tokenOf(ctx, 'type')
    const type = typeToken === undefined ? null : this.typeName(typeToken)
    return node(
      'ColumnDecl',
      { name, type },
      spanBetween(name.span, typeToken ? tokenSpan(typeToken) : name.span),
    )
  }

  rowSchema(ctx: Ctx): ColumnDecl[] {
    return nodesOf(ctx, 'columns').map((c) => this.visit(c) as ColumnDecl)
  }

  /** Columns of a datatable/externaldata schema: every column needs a type. */
  protected typedSchema(schemaNode: CstNode): ColumnDecl[] {
    const columns = this.visit(schemaNode) as ColumnDecl[]
    for (const c of columns) {
      if (c.type === null)
        this.report('APL0101', c.span, { expected: '`name:type`', found: `\`${c.name.name}\`` })
    }
    return columns
  }

  dataTableExpression(ctx: Ctx): Expr {
    const columns = this.typedSchema(nodeOf(ctx, 'rowSchema') as CstNode)
    const values = nodesOf(ctx, 'values').map((v) => this.literalOnly(this.expr(v)))
    return node('Datatable', { columns, values }, this.spanOfRule(ctx))
  }

  externalDataExpression(ctx: Ctx): Expr {
    const columns = this.typedSchema(nodeOf(ctx, 'rowSchema') as CstNode)
    const urls = tokensOf(ctx, 'urls').map((t) =>
      literal({ type: 'string', value: this.stringValue(t) }, tokenSpan(t)),
    )
    const clause = nodeOf(ctx, 'withPropertiesClause')
    const properties = clause === undefined ? [] : (this.visit(clause) as OperatorParam[])
    return node('ExternalData', { columns, urls, properties }, this.spanOfRule(ctx))
  }

  /** Span from the first to the last element of a rule context. */
  protected spanOfRule(ctx: Ctx): Span {
    let start = Number.POSITIVE_INFINITY
    let end = Number.NEGATIVE_INFINITY
    for (const list of Object.values(ctx)) {
      for (const e of list ?? []) {
        const s = elementIsToken(e) ? tokenSpan(e) : cstSpan(e)
        start = Math.min(start, s.start)
        end = Math.max(end, s.start + s.length)
      }
    }
    return Number.isFinite(start) ? { start, length: end - start } : { start: 0, length: 0 }
  }

  withPropertiesClause(ctx: Ctx): OperatorParam[] {
    return nodesOf(ctx, 'properties').map((p) => this.visit(p) as OperatorParam)
  }

  withPropertiesProperty(ctx: Ctx): OperatorParam {
    const name = tokenOf(ctx, 'name') as IToken
    const value = this.visit(nodeOf(ctx, 'parameterValue') as CstNode) as Name | Literal
    return node('OperatorParam', { name: name.image, value }, spanBetween(tokenSpan(name), value.span))
  }

  queryOperatorParameter(ctx: Ctx): OperatorParam {
    const name = tokenOf(ctx, 'name') as IToken
    const value = this.visit(nodeOf(ctx, 'parameterValue') as CstNode) as Name | Literal
    return node('OperatorParam', { name: name.image, value }, spanBetween(tokenSpan(name), value.span))
  }

  parameterValue(ctx: Ctx): Name | Literal {
    const t = tokenOf(ctx, 'Identifier')
    if (t !== undefined) return this.nameNode(t)
    return this.literalOnly(this.expr(nodeOf(ctx, 'literalExpression')))
  }

  /** Keeps literals; reports `typeof(...)` (valid only as an expression) and returns a null literal. */
  protected literalOnly(e: Expr): Literal {
    if (e.kind === 'Literal') return e
    this.report('APL0108', e.span, { text: 'typeof(...)', reason: 'a type is not a value here' })
    return literal(NULL_LITERAL, e.span)
  }

  literalExpression(ctx: Ctx): Expr {
    const value = this.expr(nodeOf(ctx, 'unsignedLiteralExpression'))
    const sign = tokenOf(ctx, 'sign')
    if (sign === undefined) return value
    if (value.kind === 'Literal' && value.value !== null) {
      const span = spanBetween(tokenSpan(sign), value.span)
      const negate = sign.image === '-'
      if (value.type === 'long')
        return literal({ type: 'long', value: negate ? -value.value : value.value }, span)
      if (value.type === 'real')
        return literal({ type: 'real', value: negate ? -value.value : value.value }, span)
      if (value.type === 'timespan') {
        return literal({ type: 'timespan', value: negate ? -value.value : value.value }, span)
      }
    }
    this.report('APL0108', value.span, {
      text: sign.image,
      reason: 'a sign only applies to numbers and timespans',
    })
    return value
  }

  unsignedLiteralExpression(ctx: Ctx): Expr {
    const dyn = nodeOf(ctx, 'dynamicLiteralExpression')
    if (dyn !== undefined) return this.expr(dyn)
    const t = tokenOf(ctx, 'token') as IToken
    const span = tokenSpan(t)
    const type = t.tokenType
    if (type === T.StringLiteral) return literal({ type: 'string', value: this.stringValue(t) }, span)
    if (type === T.LongLiteral) return literal(this.longValue(t), span)
    if (type === T.RealLiteral) return literal(this.realValue(t), span)
    if (type === T.TimespanLiteral) {
      const ns = parseTimespanAmount(t.image)
      if (ns === undefined)
        this.report('APL0107', span, { text: t.image, reason: 'out of the 64-bit nanosecond range' })
      return literal(ns === undefined ? NULL_LITERAL : { type: 'timespan', value: ns }, span)
    }
    if (type === T.True || type === T.False) return literal({ type: 'bool', value: type === T.True }, span)
    if (type === T.Null) return literal(NULL_LITERAL, span)
    return this.typedLiteral(t, span)
  }

  private typedLiteral(t: IToken, span: Span): Expr {
    const r = decodeTypedLiteral(t.image)
    if ('literal' in r) return literal(r.literal, span)
    if ('typeOf' in r) return node('TypeOf', { type: r.typeOf }, span)
    if (r.code === 'APL0109') {
      this.report('APL0109', span, { name: r.name, suggestion: suggest(r.name, TYPE_NAMES.keys()) })
    } else {
      this.report(r.code, span, { text: t.image, reason: r.reason })
    }
    return literal(NULL_LITERAL, span)
  }

  private longValue(t: IToken): LiteralValue {
    const value = parseLongText(t.image)
    if (value !== undefined) return { type: 'long', value }
    this.report('APL0108', tokenSpan(t), { text: t.image, reason: 'out of the 64-bit integer range' })
    return NULL_LITERAL
  }

  private realValue(t: IToken): LiteralValue {
    const value = Number(t.image)
    if (Number.isFinite(value)) return { type: 'real', value }
    this.report('APL0108', tokenSpan(t), { text: t.image, reason: 'out of the range of a real' })
    return NULL_LITERAL
  }

  dynamicLiteralExpression(ctx: Ctx): Expr {
    const value = this.visit(nodeOf(ctx, 'jsonValue') as CstNode) as DynamicValue
    return literal({ type: 'dynamic', value }, this.spanOfRule(ctx))
  }

  jsonValue(ctx: Ctx): DynamicValue {
    const object = nodeOf(ctx, 'jsonObject') ?? nodeOf(ctx, 'jsonArray')
    if (object !== undefined) return this.visit(object) as DynamicValue
    const group = tokenOf(ctx, 'JsonGroup')
    if (group !== undefined) return this.state.groups.get(group) as DynamicValue
    const t = tokenOf(ctx, 'token') as IToken
    const type = t.tokenType
    if (type === T.StringLiteral) return this.stringValue(t)
    if (type === T.True || type === T.False) return type === T.True
    if (type === T.Null) return null
    const magnitude = Number(t.image)
    if (!Number.isFinite(magnitude)) {
      this.report('APL0108', tokenSpan(t), { text: t.image, reason: 'out of the range of a real' })
    }
    return tokenOf(ctx, 'sign') === undefined ? magnitude : -magnitude
  }

  jsonObject(ctx: Ctx): DynamicValue {
    // Null prototype: a `__proto__` key is stored as data, never as a prototype.
    const out: Record<string, DynamicValue> = Object.create(null)
    for (const pair of nodesOf(ctx, 'pairs')) {
      const [key, value] = this.visit(pair) as [string, DynamicValue]
      out[key] = value
    }
    return out
  }

  jsonPair(ctx: Ctx): [string, DynamicValue] {
    return [this.stringValue(tokenOf(ctx, 'key') as IToken), this.visit(nodeOf(ctx, 'jsonValue') as CstNode)]
  }

  jsonArray(ctx: Ctx): DynamicValue {
    return nodesOf(ctx, 'values').map((v) => this.visit(v) as DynamicValue)
  }

  /** A Name node for an identifier token. */
  protected nameNode(t: IToken): Name {
    return node('Name', { name: t.image }, tokenSpan(t))
  }

  /** Decoded value of a string token; a bad escape is reported and decodes to ''. */
  protected stringValue(t: IToken): string {
    const decoded = decodeStringLiteral(t.image)
    if ('value' in decoded) return decoded.value
    this.report(
      'APL0004',
      { start: t.startOffset + decoded.offset, length: decoded.sequence.length },
      decoded,
    )
    return ''
  }

  /** Canonical type for a type-name token; unknown names are reported (with a suggestion). */
  protected typeName(t: IToken): ScalarTypeName | null {
    const type = resolveTypeName(t.image)
    if (type !== undefined) return type
    this.report('APL0109', tokenSpan(t), { name: t.image, suggestion: suggest(t.image, TYPE_NAMES.keys()) })
    return null
  }

  /** A `kind=`-style parameter value that must be a bare word. */
  protected wordParam(p: OperatorParam, operator: string): Name | null {
    if (p.value.kind === 'Name') return p.value
    this.report('APL0110', p.span, { parameter: p.name, operator, reason: 'takes a name, not a literal' })
    return null
  }
}
