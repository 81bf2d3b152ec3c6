// plan/bind-parse.ts: `parse`, `parse-where` and `parse-kv`: the kind, flags and pattern checked here
// (errors at the item's span), captures typed by their declarations (string when none), the output
// schema as extend's (a replaced column moves to the end).

import type { AplType } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { ColumnDecl, Name, OperatorParam, Parse, ParseItem, ParseKv, ParseWhere } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { checkRegex } from './check-regex.ts'
import { columnInfo } from './columns.ts'
import { type LogicalNode, logical, type ParseMatcher, type ParsePatternItem } from './logical.ts'
import { patternRegex } from './parse-regex.ts'

type Mode = 'simple' | 'regex' | 'relaxed'

/** RE2 flags `flags=` may set (Kusto's list): case-insensitive, multi-line, `.` matches `\n`, ungreedy. */
const FLAGS = /^[imsU]+$/

/** `parse` (filter false) and `parse-where` (filter true). */
export function bindParse(op: Parse | ParseWhere, input: LogicalNode, ctx: BindContext): LogicalNode {
  const keyword = op.kind === 'Parse' ? 'parse' : 'parse-where'
  const mode = parseMode(op.parseKind, keyword, op.kind === 'Parse', ctx)
  let flags = ''
  if (op.flags !== null) {
    if (mode !== 'regex') fail(op.flags.span, keyword, 'flags= needs kind=regex', ctx)
    if (!FLAGS.test(op.flags.name)) fail(op.flags.span, keyword, 'flags are letters of i, m, s, U', ctx)
    flags = op.flags.name
  }
  const items = op.pattern.map((item, i) => patternItem(item, op.pattern[i + 1], mode, keyword, ctx))
  const captures = op.pattern.filter((i): i is ColumnDecl => i.kind === 'ColumnDecl')
  if (captures.length === 0) fail(op.span, keyword, 'the pattern extracts no column', ctx)
  if (mode === 'regex') checkRegex(patternRegex(items, mode, flags), op.span, ctx)
  const matcher: ParseMatcher = { kind: 'pattern', mode, flags, items }
  return parseNode(op, input, matcher, captures, op.kind === 'ParseWhere', ctx)
}

/** Options `parse-kv` takes (Kusto's specified-delimiter mode); `escape` may repeat. */
const KV_OPTIONS: readonly string[] = ['pair_delimiter', 'kv_delimiter', 'quote', 'escape', 'greedy']

/** `parse-kv expr as (keys) with (pair_delimiter=…, kv_delimiter=…[, quote=…[, escape=…]][, greedy=true])`. */
export function bindParseKv(op: ParseKv, input: LogicalNode, ctx: BindContext): LogicalNode {
  const options = new Map<string, string>()
  let escapes = ''
  let greedy = false
  for (const p of op.properties) {
    if (!KV_OPTIONS.includes(p.name)) {
      fail(p.span, 'parse-kv', `unknown option ${p.name} (${KV_OPTIONS.join(', ')})`, ctx)
    }
    if (p.name === 'greedy') {
      if (p.value.kind !== 'Literal' || p.value.type !== 'bool' || p.value.value === null) {
        fail(p.value.span, 'parse-kv', 'greedy must be true or false', ctx)
      }
      greedy = p.value.value
      continue
    }
    const value = stringOption(p, ctx)
    if (p.name === 'escape') {
      if ([...value].length !== 1) fail(p.value.span, 'parse-kv', 'escape is one character', ctx)
      escapes += value
    } else options.set(p.name, value)
  }
  const pairDelimiter = options.get('pair_delimiter')
  const kvDelimiter = options.get('kv_delimiter')
  if (
    pairDelimiter === undefined ||
    kvDelimiter === undefined ||
    pairDelimiter === '' ||
    kvDelimiter === ''
  ) {
    fail(op.span, 'parse-kv', 'pair_delimiter and kv_delimiter must both be given, not empty', ctx)
  }
  const quote = options.get('quote') ?? ''
  if (escapes !== '' && quote === '')
    fail(op.span, 'parse-kv', 'escape applies inside quoted values: give quote', ctx)
  const matcher: ParseMatcher = {
    kind: 'kv',
    pairDelimiter,
    kvDelimiter,
    quote,
    escape: escapes,
    greedy,
    keys: op.keys.map((k) => k.name.name),
  }
  return parseNode(op, input, matcher, op.keys, false, ctx)
}

function parseNode(
  op: Parse | ParseWhere | ParseKv,
  input: LogicalNode,
  matcher: ParseMatcher,
  decls: readonly ColumnDecl[],
  filter: boolean,
  ctx: BindContext,
): LogicalNode {
  const source = bindExpr(op.source, rowScope(input.schema), ctx)
  const seen = new Set<string>()
  for (const d of decls) {
    if (seen.has(d.name.name)) ctx.fail('APL0310', d.name.span, { name: d.name.name })
    seen.add(d.name.name)
  }
  const captures = decls.map((d) => ({ name: d.name.name, type: (d.type ?? 'string') as AplType }))
  const schema = [
    ...input.schema.filter((c) => !seen.has(c.name)),
    ...captures.map((c) => columnInfo(c.name, c.type)),
  ]
  return logical('Parse', { schema, span: op.span, input, source, matcher, captures, filter })
}

function parseMode(kind: Name | null, keyword: string, relaxed: boolean, ctx: BindContext): Mode {
  if (kind === null) return 'simple'
  const allowed: readonly string[] = relaxed ? ['simple', 'regex', 'relaxed'] : ['simple', 'regex']
  if (!allowed.includes(kind.name)) fail(kind.span, keyword, `kind is one of ${allowed.join(', ')}`, ctx)
  return kind.name as Mode
}

function patternItem(
  item: ParseItem,
  next: ParseItem | undefined,
  mode: Mode,
  keyword: string,
  ctx: BindContext,
): ParsePatternItem {
  if (item.kind === 'Star') return { kind: 'any' }
  if (item.kind === 'Literal') {
    if (typeof item.value !== 'string') fail(item.span, keyword, 'pattern constants are strings', ctx)
    if (mode === 'regex') checkRegex(item.value, item.span, ctx)
    return { kind: 'text', text: item.value }
  }
  const type = item.type ?? 'string'
  // Kusto: a string column takes text up to the next constant; `*` right after it would leave it empty.
  if (next?.kind === 'Star' && type === 'string') {
    fail(next.span, keyword, `\`*\` cannot follow the string column ${item.name.name}`, ctx)
  }
  return { kind: 'capture', name: item.name.name, type }
}

function stringOption(p: OperatorParam, ctx: BindContext): string {
  if (p.value.kind !== 'Literal' || typeof p.value.value !== 'string') {
    return fail(p.value.span, 'parse-kv', `${p.name} must be a string constant`, ctx)
  }
  return p.value.value
}

function fail(span: Span, operator: string, reason: string, ctx: BindContext): never {
  return ctx.fail('APL0317', span, { operator, reason })
}
