// syntax/strip-spans.ts: a copy of an AST without `span` fields, for structural comparison
// (`parse(print(ast))` equals `ast` up to spans). Literal values are copied as they are.

import type { AstNode } from './ast.ts'

/** The same tree with every `span` removed (dynamic literal values are left untouched). */
export function stripSpans(node: AstNode): unknown {
  return strip(node)
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (value === null || typeof value !== 'object') return value
  const n = value as Record<string, unknown>
  if (n.kind === 'Literal') return { kind: n.kind, type: n.type, value: n.value }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(n)) {
    if (key !== 'span') out[key] = strip(n[key])
  }
  return out
}
