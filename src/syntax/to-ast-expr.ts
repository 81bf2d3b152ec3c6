// syntax/to-ast-expr.ts: CST → AST for scalar expressions: precedence chains, prefix operators,
// access forms, calls and named expressions (grammar/parser-expr.ts). No resolution or type checking.

import type { CstNode, IToken } from 'chevrotain'
import * as T from '../../grammar/tokens.ts'
import type { BinaryOp, BracketName, CallArg, Expr, ListOp, Name, NamedExpr } from './ast.ts'
import { node } from './ast.ts'
import {
  type Ctx,
  cstSpan,
  elementsOf,
  nodeOf,
  nodesOf,
  spanBetween,
  tokenOf,
  tokenSpan,
  tokensOf,
} from './cst-access.ts'
import { DataAstVisitor } from './to-ast-data.ts'

/** Visitor methods for the expression rules of grammar/parser-expr.ts. */
export class ExprAstVisitor extends DataAstVisitor {
  /** Builds a left-associative chain `operands[0] op operands[1] op …`. */
  protected chain(ctx: Ctx, opOf: (e: IToken | CstNode) => BinaryOp): Expr {
    // Fast path: most precedence levels just pass one operand through.
    if (ctx.operators === undefined) return this.visit(ctx.operands?.[0] as CstNode) as Expr
    const operands = nodesOf(ctx, 'operands')
    const operators = elementsOf(ctx, 'operators')
    let left = this.expr(operands[0])
    for (let i = 0; i < operators.length; i++) {
      const right = this.expr(operands[i + 1])
      left = node(
        'Binary',
        { op: opOf(operators[i] as IToken | CstNode), left, right },
        spanBetween(left.span, right.span),
      )
    }
    return left
  }

  expression(ctx: Ctx): Expr {
    return this.expr(nodeOf(ctx, 'logicalOrExpression'))
  }

  logicalOrExpression(ctx: Ctx): Expr {
    return this.chain(ctx, () => 'or')
  }

  logicalAndExpression(ctx: Ctx): Expr {
    return this.chain(ctx, () => 'and')
  }

  logicalNotExpression(ctx: Ctx): Expr {
    let e = this.expr(nodeOf(ctx, 'equalityExpression'))
    if (ctx.operators === undefined) return e
    const nots = tokensOf(ctx, 'operators')
    // Innermost first, iteratively: `not not … x` never recurses here.
    for (let i = nots.length - 1; i >= 0; i--) {
      e = node('Unary', { op: 'not', operand: e }, spanBetween(tokenSpan(nots[i]), e.span))
    }
    return e
  }

  equalityExpression(ctx: Ctx): Expr {
    const left = this.expr(nodeOf(ctx, 'left'))
    if (ctx.operator === undefined && ctx.listOperation === undefined && ctx.betweenOperation === undefined)
      return left
    const op = tokenOf(ctx, 'operator')
    if (op !== undefined) {
      const right = this.expr(nodeOf(ctx, 'right'))
      const binaryOp: BinaryOp = op.tokenType === T.LessGreater ? '!=' : (op.image as BinaryOp)
      return node('Binary', { op: binaryOp, left, right }, spanBetween(left.span, right.span))
    }
    const list = nodeOf(ctx, 'listOperation')
    if (list !== undefined) return this.visit(list, left) as Expr
    const between = nodeOf(ctx, 'betweenOperation')
    return between === undefined ? left : (this.visit(between, left) as Expr)
  }

  listOperation(ctx: Ctx, left: Expr): Expr {
    const op = (tokenOf(ctx, 'operator') as IToken).image as ListOp
    const group = tokenOf(ctx, 'ArgumentGroup')
    const values =
      group === undefined ? nodesOf(ctx, 'values').map((v) => this.expr(v)) : this.listValues(group)
    const close = group ?? (tokenOf(ctx, 'RParen') as IToken)
    return node('InList', { op, left, values }, spanBetween(left.span, tokenSpan(close)))
  }

  /** Values of a separately parsed `in (…)` list (parsed as arguments, so names are refused here). */
  private listValues(group: IToken): Expr[] {
    const args = this.state.groups.get(group) as readonly CallArg[]
    return args.map((a) => {
      if (a.kind !== 'NamedExpr') return a
      this.report('APL0101', a.name.span, { expected: 'a value', found: '`name =`' })
      return a.expr
    })
  }

  betweenOperation(ctx: Ctx, left: Expr): Expr {
    const negated = (tokenOf(ctx, 'operator') as IToken).tokenType === T.NotBetween
    const low = this.expr(nodeOf(ctx, 'low'))
    const high = this.expr(nodeOf(ctx, 'high'))
    const close = tokenOf(ctx, 'RParen') as IToken
    return node('Between', { negated, left, low, high }, spanBetween(left.span, tokenSpan(close)))
  }

  relationalExpression(ctx: Ctx): Expr {
    const left = this.expr(nodeOf(ctx, 'left'))
    const op = tokenOf(ctx, 'operator')
    if (op === undefined) return left
    const right = this.expr(nodeOf(ctx, 'right'))
    return node('Binary', { op: op.image as BinaryOp, left, right }, spanBetween(left.span, right.span))
  }

  additiveExpression(ctx: Ctx): Expr {
    return this.chain(ctx, (t) => (t as IToken).image as BinaryOp)
  }

  multiplicativeExpression(ctx: Ctx): Expr {
    return this.chain(ctx, (t) => (t as IToken).image as BinaryOp)
  }

  stringOperatorExpression(ctx: Ctx): Expr {
    return this.chain(ctx, (n) => this.visit(n as CstNode) as BinaryOp)
  }

  stringOperator(ctx: Ctx): BinaryOp {
    const t = tokenOf(ctx, 'operator') as IToken
    if (t.tokenType === T.Matches) return 'matches regex'
    if (t.tokenType === T.NotMatches) return '!matches regex'
    return t.image as BinaryOp
  }

  unaryExpression(ctx: Ctx): Expr {
    let e = this.expr(nodeOf(ctx, 'postfixExpression'))
    if (ctx.operators === undefined) return e
    const ops = tokensOf(ctx, 'operators')
    for (let i = ops.length - 1; i >= 0; i--) {
      e = node('Unary', { op: ops[i].image as '-' | '+', operand: e }, spanBetween(tokenSpan(ops[i]), e.span))
    }
    return e
  }

  postfixExpression(ctx: Ctx): Expr {
    let e = this.expr(nodeOf(ctx, 'primaryExpression'))
    if (ctx.operations === undefined) return e
    const members = nodesOf(ctx, 'members')
    const indexes = nodesOf(ctx, 'indexes')
    const closers = tokensOf(ctx, 'closers')
    let m = 0
    let i = 0
    for (const op of tokensOf(ctx, 'operations')) {
      if (op.tokenType === T.Dot) {
        const member = this.visit(members[m++]) as Name | BracketName
        e = node('Path', { target: e, member }, spanBetween(e.span, member.span))
      } else if (op.tokenType === T.IndexGroup) {
        const index = this.state.groups.get(op) as Expr
        e = node('Index', { target: e, index }, spanBetween(e.span, tokenSpan(op)))
      } else {
        const index = this.expr(indexes[i])
        e = node('Index', { target: e, index }, spanBetween(e.span, tokenSpan(closers[i++])))
      }
    }
    return e
  }

  primaryExpression(ctx: Ctx): Expr {
    const name = tokenOf(ctx, 'Identifier')
    if (name !== undefined) return this.nameNode(name)
    const star = tokenOf(ctx, 'Star')
    if (star !== undefined) return node('Star', {}, tokenSpan(star))
    const group = tokenOf(ctx, 'ParenGroup')
    if (group !== undefined) return this.state.groups.get(group) as Expr
    // Exactly one sub-rule child remains (literal, call, escaped name, parens, datatable, externaldata).
    const key = Object.keys(ctx)[0]
    return this.expr(nodeOf(ctx, key))
  }

  parenthesizedExpression(ctx: Ctx): Expr {
    return this.expr(nodeOf(ctx, 'pipeExpression'))
  }

  functionCallExpression(ctx: Ctx): Expr {
    const name = this.nameNode(tokenOf(ctx, 'Identifier') as IToken)
    const args = this.visit(nodeOf(ctx, 'argumentList') as CstNode) as CallArg[]
    return node(
      'Call',
      { name, args },
      spanBetween(name.span, cstSpan(nodeOf(ctx, 'argumentList') as CstNode)),
    )
  }

  argumentList(ctx: Ctx): readonly CallArg[] {
    const group = tokenOf(ctx, 'ArgumentGroup')
    if (group !== undefined) return this.state.groups.get(group) as readonly CallArg[]
    return this.visit(nodeOf(ctx, 'argumentExpressionList') as CstNode) as CallArg[]
  }

  argumentExpressionList(ctx: Ctx): CallArg[] {
    return nodesOf(ctx, 'arguments').map((a) => this.visit(a) as CallArg)
  }

  argumentExpression(ctx: Ctx): CallArg {
    return this.named(ctx, this.expr(nodeOf(ctx, 'pipeExpression')))
  }

  namedExpression(ctx: Ctx): Expr | NamedExpr {
    return this.named(ctx, this.expr(nodeOf(ctx, 'expression')))
  }

  private named(ctx: Ctx, expr: Expr): Expr | NamedExpr {
    const nameNode = nodeOf(ctx, 'name')
    if (nameNode === undefined) return expr
    const name = this.visit(nameNode) as Name | BracketName
    return node('NamedExpr', { name, expr }, spanBetween(name.span, expr.span))
  }
}
