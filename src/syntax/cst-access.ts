// syntax/cst-access.ts: typed access to Chevrotain CST children and their source spans.
// Read-only helpers for the AST visitors; they never build AST nodes themselves.

import type { CstElement, CstNode, IToken } from 'chevrotain'
import type { Span } from '../diagnostics/span.ts'

/** The children dictionary of a CST node, as passed to visitor methods. */
export type Ctx = Record<string, CstElement[] | undefined>

function isToken(e: CstElement): e is IToken {
  return (e as IToken).image !== undefined
}

/** All tokens under `key` (in source order). */
export function tokensOf(ctx: Ctx, key: string): IToken[] {
  return (ctx[key] ?? []).filter(isToken)
}

/** The first token under `key`, if any. */
export function tokenOf(ctx: Ctx, key: string): IToken | undefined {
  const e = ctx[key]?.[0]
  return e !== undefined && isToken(e) ? e : undefined
}

/** All CST nodes under `key` (in source order). */
export function nodesOf(ctx: Ctx, key: string): CstNode[] {
  return (ctx[key] ?? []).filter((e): e is CstNode => !isToken(e))
}

/** The first CST node under `key`, if any. */
export function nodeOf(ctx: Ctx, key: string): CstNode | undefined {
  const e = ctx[key]?.[0]
  return e !== undefined && !isToken(e) ? e : undefined
}

/** Elements under `key` in source order, tokens and nodes mixed. */
export function elementsOf(ctx: Ctx, key: string): CstElement[] {
  return ctx[key] ?? []
}

/** True when a CST element is a token. */
export function elementIsToken(e: CstElement): e is IToken {
  return isToken(e)
}

/** Span of a token (inclusive end offset → length). */
export function tokenSpan(t: IToken): Span {
  const end = t.endOffset ?? t.startOffset
  return { start: t.startOffset, length: end - t.startOffset + 1 }
}

/** Span of a CST node from its tracked location. */
export function cstSpan(n: CstNode): Span {
  const loc = n.location
  const start = loc?.startOffset ?? 0
  const end = loc?.endOffset ?? start - 1
  return Number.isFinite(start) && Number.isFinite(end) && end >= start - 1
    ? { start, length: end - start + 1 }
    : { start: 0, length: 0 }
}

/** Span from the start of `first` to the end of `last`. */
export function spanBetween(first: Span, last: Span): Span {
  return { start: first.start, length: last.start + last.length - first.start }
}
