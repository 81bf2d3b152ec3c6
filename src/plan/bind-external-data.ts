// plan/bind-external-data.ts: `externaldata (Col:type, …) ["url", …] [with (format=…, ignoreFirstRecord=…)]`
// (Axiom's externaldata page): typed columns, `file:`/`http:`/`https:` URLs checked here, the format
// one of the page's (default csv; ndjson as multijson), `ignoreFirstRecord` (and the page's example
// spelling `skipFirstRow`). Nothing is read here: the data is read when the query runs.

import type { Span } from '../diagnostics/span.ts'
import type { ExternalData as ExternalDataExpr, OperatorParam } from '../syntax/ast.ts'
import type { BindContext } from './bind-context.ts'
import { columnInfo } from './columns.ts'
import { type ExternalFormat, type LogicalNode, logical } from './logical.ts'
import { finalNames } from './names.ts'

const FORMATS: readonly ExternalFormat[] = [
  'csv',
  'scsv',
  'tsv',
  'psv',
  'json',
  'multijson',
  'ndjson',
  'raw',
  'txt',
]
const SCHEMES = ['file:', 'http:', 'https:']

/** Binds an externaldata source. */
export function bindExternalData(e: ExternalDataExpr, ctx: BindContext): LogicalNode {
  const names = finalNames(
    e.columns.map((c) => ({ name: c.name.name, explicit: true, span: c.name.span })),
    ctx,
  )
  const schema = e.columns.map((c, i) => columnInfo(names[i], c.type ?? 'string'))
  if (schema.length === 0) fail(e.span, 'declare at least one column', ctx)
  const urls = e.urls.map((u) => {
    if (typeof u.value !== 'string') return fail(u.span, 'each URL is a string', ctx)
    let url: URL
    try {
      url = new URL(u.value)
    } catch {
      return fail(
        u.span,
        `${JSON.stringify(u.value)} is not a URL (file:///path/to/data.csv, https://…)`,
        ctx,
      )
    }
    if (!SCHEMES.includes(url.protocol))
      fail(u.span, `URLs are file:, http: or https:, not ${url.protocol}`, ctx)
    return url.href
  })
  if (urls.length === 0) fail(e.span, 'give at least one URL', ctx)
  let format: ExternalFormat = 'csv'
  let ignoreFirstRecord = false
  for (const p of e.properties) {
    if (p.name.toLowerCase() === 'format') {
      const f = text(p, ctx).toLowerCase()
      if (!(FORMATS as readonly string[]).includes(f))
        fail(p.value.span, `format is one of ${FORMATS.join(', ')}`, ctx)
      format = f as ExternalFormat
    } else if (['ignorefirstrecord', 'skipfirstrow'].includes(p.name.toLowerCase())) {
      ignoreFirstRecord = bool(p, ctx)
    } else fail(p.span, `unknown property ${p.name} (format, ignoreFirstRecord)`, ctx)
  }
  return logical('ExternalData', { schema, span: e.span, urls, format, ignoreFirstRecord })
}

function text(p: OperatorParam, ctx: BindContext): string {
  if (p.value.kind === 'Literal' && typeof p.value.value === 'string') return p.value.value
  if (p.value.kind === 'Name') return p.value.name
  return fail(p.value.span, `${p.name} must be a string`, ctx)
}

function bool(p: OperatorParam, ctx: BindContext): boolean {
  if (p.value.kind === 'Literal' && typeof p.value.value === 'boolean') return p.value.value
  return fail(p.value.span, `${p.name} must be true or false`, ctx)
}

function fail(span: Span, reason: string, ctx: BindContext): never {
  return ctx.fail('APL0317', span, { operator: 'externaldata', reason })
}
