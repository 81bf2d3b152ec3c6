// syntax/to-ast-render.ts: CST → AST for `render` (Kusto's visualization hint): the visualization
// name and its `with (…)` properties; a bare name after a comma joins the name list before it.

import type { CstNode, IToken } from 'chevrotain'
import type { BracketName, Name, RenderProperty, TabularOperator } from './ast.ts'
import { node } from './ast.ts'
import { type Ctx, nodeOf, nodesOf, spanBetween, tokenOf } from './cst-access.ts'
import { ExprAstVisitor } from './to-ast-expr.ts'

/** The render rules of the visitor; `AstVisitor` (to-ast.ts) completes it. */
export class RenderAstVisitor extends ExprAstVisitor {
  renderOperator(ctx: Ctx): TabularOperator {
    const visualization = this.nameNode(tokenOf(ctx, 'visualization') as IToken)
    const clause = nodeOf(ctx, 'renderOperatorWithClause')
    const properties = clause === undefined ? [] : (this.visit(clause) as RenderProperty[])
    return node('Render', { visualization, properties }, this.spanOfRule(ctx))
  }

  renderOperatorWithClause(ctx: Ctx): RenderProperty[] {
    const out: RenderProperty[] = []
    for (const item of nodesOf(ctx, 'items')) {
      const v = this.visit(item) as RenderProperty | Name | BracketName
      if (v.kind === 'RenderProperty') {
        out.push(v)
        continue
      }
      // The grammar starts the clause with a property, so a bare name always has one before it.
      const last = out[out.length - 1]
      out[out.length - 1] = node(
        'RenderProperty',
        { name: last.name, values: [...last.values, v] },
        spanBetween(last.span, v.span),
      )
    }
    return out
  }

  renderOperatorProperty(ctx: Ctx): RenderProperty {
    const name = this.nameNode(tokenOf(ctx, 'name') as IToken)
    const valueNode = nodeOf(ctx, 'value') as CstNode
    const value =
      valueNode.name === 'columnName'
        ? (this.visit(valueNode) as Name | BracketName)
        : this.literalOnly(this.expr(valueNode))
    return node('RenderProperty', { name, values: [value] }, spanBetween(name.span, value.span))
  }
}
