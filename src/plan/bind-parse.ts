// plan/bind-parse.ts: `parse`, `parse-where` and `parse-kv`: the kind, flags and pattern checked here
// (errors at the item's span), captures typed by their declarations (string when none), the output
// schema as extend's (a replaced column moves to the end).

import { RE2JS } from 're2js'
import type { AplType } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { ColumnDecl, Name, OperatorParam, Parse, ParseItem, ParseKv, ParseWhere } from '../syntax/ast.ts'
import { type BindContext, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { checkRegex } from './check-regex.ts'
import { columnInfo } from './columns.ts'
import {
  type KvQuote,
  type KvSplit,
  type LogicalNode,
  logical,
  type ParseMatcher,
  type ParsePatternItem,
} from './logical.ts'
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

/** Options `parse-kv` takes (Kusto's three modes); `quote` and `escape` may repeat. */
const KV_OPTIONS: readonly string[] = ['pair_delimiter', 'kv_delimiter', 'quote', 'escape', 'greedy', 'regex']

/**
 * `parse-kv expr as (keys) [with (…)]`: pair_delimiter and kv_delimiter (both or neither; greedy only
 * with them), neither (words mode), or regex alone (exactly two capture groups); `quote` is one or two
 * characters (open, close), `escape` one character and needs a quote.
 */
export function bindParseKv(op: ParseKv, input: LogicalNode, ctx: BindContext): LogicalNode {
  const options = new Map<string, OperatorParam>()
  const quotes: KvQuote[] = []
  let escapes = ''
  for (const p of op.properties) {
    if (!KV_OPTIONS.includes(p.name)) {
      fail(p.span, 'parse-kv', `unknown option ${p.name} (${KV_OPTIONS.join(', ')})`, ctx)
    }
    if (p.name === 'quote') {
      const q = [...stringOption(p, ctx)]
      if (q.length < 1 || q.length > 2) fail(p.value.span, 'parse-kv', 'quote is one or two characters', ctx)
      quotes.push({ open: q[0], close: q[q.length - 1] })
    } else if (p.name === 'escape') {
      const value = stringOption(p, ctx)
      if ([...value].length !== 1) fail(p.value.span, 'parse-kv', 'escape is one character', ctx)
      escapes += value
    } else if (options.has(p.name)) fail(p.span, 'parse-kv', `${p.name} is given twice`, ctx)
    else options.set(p.name, p)
  }
  if (escapes !== '' && quotes.length === 0)
    fail(op.span, 'parse-kv', 'escape applies inside quoted values: give quote', ctx)
  const matcher: ParseMatcher = {
    kind: 'kv',
    split: kvSplit(op, options, ctx),
    quotes,
    escape: escapes,
    keys: op.keys.map((k) => k.name.name),
  }
  return parseNode(op, input, matcher, op.keys, false, ctx)
}

/** The extraction mode the options name (see bindParseKv). */
function kvSplit(op: ParseKv, options: Map<string, OperatorParam>, ctx: BindContext): KvSplit {
  const regex = options.get('regex')
  if (regex !== undefined) {
    const other = op.properties.find((p) => p.name !== 'regex')
    if (other !== undefined) fail(other.span, 'parse-kv', 'regex= takes no other option', ctx)
    const pattern = stringOption(regex, ctx)
    checkRegex(pattern, regex.value.span, ctx)
    const groups = RE2JS.compile(pattern).groupCount()
    if (groups !== 2) {
      fail(
        regex.value.span,
        'parse-kv',
        `regex needs exactly two capture groups (key, value), not ${groups}`,
        ctx,
      )
    }
    return { kind: 'regex', pattern }
  }
  const pair = options.get('pair_delimiter')
  const kv = options.get('kv_delimiter')
  const greedy = options.get('greedy')
  if (pair === undefined && kv === undefined) {
    if (greedy !== undefined)
      fail(greedy.span, 'parse-kv', 'greedy needs pair_delimiter and kv_delimiter', ctx)
    return { kind: 'words' }
  }
  const pairDelimiter = pair === undefined ? '' : stringOption(pair, ctx)
  const kvDelimiter = kv === undefined ? '' : stringOption(kv, ctx)
  if (pairDelimiter === '' || kvDelimiter === '') {
    fail(op.span, 'parse-kv', 'pair_delimiter and kv_delimiter must both be given, not empty', ctx)
  }
  return {
    kind: 'delimited',
    pairDelimiter,
    kvDelimiter,
    greedy: greedy === undefined ? false : boolOption(greedy, ctx),
  }
}

function boolOption(p: OperatorParam, ctx: BindContext): boolean {
  if (p.value.kind !== 'Literal' || p.value.type !== 'bool' || p.value.value === null) {
    return fail(p.value.span, 'parse-kv', `${p.name} must be true or false`, ctx)
  }
  return p.value.value
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
