// plan/bind-redact.ts: `redact [replaceToken="*"] [replaceHash=false] [redactGroups=false] regex, … [on
// Col, …]` (Axiom's redact page): options checked (replaceToken and replaceHash exclude each other),
// each regex a string constant (or a dynamic array of them) compiled here (APL0311 at its span), the
// columns string columns of the input (default: every string column).

import { RE2JS } from 're2js'
import type { Span } from '../diagnostics/span.ts'
import type { Expr, OperatorParam, Redact as RedactOp } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { findColumn } from './columns.ts'
import { isConstant } from './expr-walk.ts'
import { type LogicalNode, logical, type RedactReplacement } from './logical.ts'
import { unknownField } from './names.ts'

/** Binds `redact` over `input`. */
export function bindRedact(op: RedactOp, input: LogicalNode, ctx: BindContext): LogicalNode {
  const options = new Map(op.options.map((o) => [o.name, o]))
  const token = options.get('replaceToken')
  const hash = options.get('replaceHash')
  const useHash = hash !== undefined && boolOption(hash, ctx)
  if (token !== undefined && useHash) {
    fail(hash?.span ?? op.span, 'replaceToken and replaceHash cannot be used together', ctx)
  }
  const tokenText = token === undefined ? '*' : stringOption(token, ctx)
  if (tokenText === '') fail(token?.span ?? op.span, 'replaceToken must not be empty', ctx)
  const replacement: RedactReplacement = useHash ? { kind: 'hash' } : { kind: 'token', token: tokenText }
  const groupsOption = options.get('redactGroups')
  const groups = groupsOption !== undefined && boolOption(groupsOption, ctx)
  const patterns = op.regexes.flatMap((r) => regexes(r, input, ctx))
  const columns =
    op.on.length === 0
      ? input.schema.filter((c) => c.type === 'string').map((c) => c.name)
      : op.on.map((n) => {
          const c = findColumn(input.schema, n.name)
          if (c === undefined) return unknownField(n.name, n.span, input.schema, ctx)
          if (c.type !== 'string')
            ctx.fail('APL0314', n.span, { expected: 'a string column', actual: c.type })
          return c.name
        })
  return logical('Redact', {
    schema: input.schema,
    span: op.span,
    input,
    columns: [...new Set(columns)],
    patterns,
    replacement,
    groups,
  })
}

/** The RE2 sources of one regex argument: a string constant, or a dynamic array of them. */
function regexes(e: Expr, input: LogicalNode, ctx: BindContext): string[] {
  const x = bindExpr(e, rowScope(input.schema), ctx)
  if (!isConstant(x) || x.kind !== 'Literal')
    return ctx.fail('APL0319', x.span, { name: 'a regex of `redact`' })
  const list = typeof x.value === 'string' ? [x.value] : Array.isArray(x.value) ? x.value : null
  if (list === null || !list.every((v) => typeof v === 'string')) {
    return ctx.fail('APL0314', x.span, { expected: 'a regex string (or an array of them)', actual: x.type })
  }
  for (const source of list as string[]) {
    try {
      RE2JS.compile(source)
    } catch (err) {
      ctx.fail('APL0311', x.span, { pattern: source, reason: (err as Error).message })
    }
  }
  return list as string[]
}

function boolOption(p: OperatorParam, ctx: BindContext): boolean {
  if (p.value.kind !== 'Literal' || typeof p.value.value !== 'boolean') {
    return fail(p.value.span, `${p.name} must be true or false`, ctx)
  }
  return p.value.value
}

function stringOption(p: OperatorParam, ctx: BindContext): string {
  if (p.value.kind !== 'Literal' || typeof p.value.value !== 'string') {
    return fail(p.value.span, `${p.name} must be a string constant`, ctx)
  }
  return p.value.value
}

function fail(span: Span, reason: string, ctx: BindContext): never {
  return ctx.fail('APL0317', span, { operator: 'redact', reason })
}
