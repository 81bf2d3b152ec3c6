// test/unit/syntax/helpers.ts: small parse helpers for the syntax tests (real parser, no mocks).
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts'
import type { Expr, Query, TabularOperator } from '../../../src/syntax/ast.ts'
import { parseApl } from '../../../src/syntax/parse.ts'
import { stripSpans } from '../../../src/syntax/strip-spans.ts'

/** Parses or fails the test with the diagnostics in the message. */
export function parseOk(text: string): Query {
  const r = parseApl(text)
  if (r.ast === undefined)
    throw new Error(
      `expected ${JSON.stringify(text)} to parse: ${r.diagnostics.map((d) => d.message).join('; ')}`,
    )
  return r.ast
}

/** The diagnostics of a query that must not parse. */
export function parseFails(text: string): readonly Diagnostic[] {
  const r = parseApl(text)
  if (r.diagnostics === undefined) throw new Error(`expected ${JSON.stringify(text)} to fail`)
  return r.diagnostics
}

/** First diagnostic's code. */
export function codeOf(text: string): string {
  return parseFails(text)[0].code
}

/** The expression `e` of `print e`, without spans. */
export function expr(e: string): unknown {
  const body = parseOk(`print ${e}`).body
  if (body.kind !== 'Print') throw new Error('not a print')
  return stripSpans(body.columns[0] as Expr)
}

/** The expression `e` of `print e`, with spans. */
export function exprWithSpans(e: string): Expr {
  const body = parseOk(`print ${e}`).body
  if (body.kind !== 'Print') throw new Error('not a print')
  return body.columns[0] as Expr
}

/** The single operator of `T | op`, without spans. */
export function op(text: string): unknown {
  const body = parseOk(`T | ${text}`).body
  if (body.kind !== 'Pipe') throw new Error('not a pipe')
  return stripSpans(body.operators[0] as TabularOperator)
}

/** Builders for expected (span-less) nodes. */
export const n = {
  name: (name: string) => ({ kind: 'Name', name }),
  bracket: (name: string) => ({ kind: 'BracketName', name }),
  long: (v: bigint | number | null) => ({
    kind: 'Literal',
    type: 'long',
    value: v === null ? null : BigInt(v),
  }),
  real: (v: number | null) => ({ kind: 'Literal', type: 'real', value: v }),
  str: (v: string) => ({ kind: 'Literal', type: 'string', value: v }),
  bool: (v: boolean | null) => ({ kind: 'Literal', type: 'bool', value: v }),
  ts: (ns: bigint | null) => ({ kind: 'Literal', type: 'timespan', value: ns }),
  dt: (ns: bigint | null) => ({ kind: 'Literal', type: 'datetime', value: ns }),
  bin: (op: string, left: unknown, right: unknown) => ({ kind: 'Binary', op, left, right }),
  un: (op: string, operand: unknown) => ({ kind: 'Unary', op, operand }),
  call: (name: string, ...args: unknown[]) => ({ kind: 'Call', name: { kind: 'Name', name }, args }),
  named: (name: string, e: unknown) => ({ kind: 'NamedExpr', name: { kind: 'Name', name }, expr: e }),
  path: (target: unknown, member: string) => ({
    kind: 'Path',
    target,
    member: { kind: 'Name', name: member },
  }),
  index: (target: unknown, index: unknown) => ({ kind: 'Index', target, index }),
}

/** Nanoseconds per unit, for readable expectations. */
export const NS = { s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n, d: 86_400_000_000_000n }
