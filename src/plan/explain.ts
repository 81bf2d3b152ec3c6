// plan/explain.ts: deterministic text of a logical plan: one node per line, children indented two
// spaces (left before right), output columns as `name:type` or `name=expr:type`.

import type { ColumnInfo } from './columns.ts'
import { formatExpr, formatName } from './explain-expr.ts'
import { formatLiteral, formatTimespan } from './format-value.ts'
import {
  type AggregateColumn,
  type ColumnDef,
  type LogicalKind,
  type LogicalNode,
  type LogicalOf,
  type LogicalPlan,
  nodeChildren,
  type ParseMatcher,
  type ScanPushdown,
  type SortKey,
} from './logical.ts'
import { formatVisualization } from './visualization.ts'

/** `name:type` for a pass-through column, `name=expr:type` for a computed one. */
function columnText(c: ColumnDef): string {
  const typed = `:${c.expr.type}`
  if (c.expr.kind === 'Column' && c.expr.name === c.name) return `${formatName(c.name)}${typed}`
  return `${formatName(c.name)}=${formatExpr(c.expr)}${typed}`
}

const columns = (cs: readonly ColumnDef[]) => `[${cs.map(columnText).join(', ')}]`

function sortText(k: SortKey): string {
  return `${formatExpr(k.expr)} ${k.descending ? 'desc' : 'asc'} nulls ${k.nullsFirst ? 'first' : 'last'}`
}

const sortKeys = (ks: readonly SortKey[]) => `[${ks.map(sortText).join(', ')}]`

/** `name:type`, with the storage composite of a mixed field: `status:unknown(string|integer)`. */
function schemaColumn(c: ColumnInfo): string {
  const composite = c.storage.length > 1 ? `(${c.storage.join('|')})` : ''
  return `${formatName(c.name)}:${c.type}${composite}`
}

function pushdown(p: ScanPushdown | undefined): string {
  if (!p) return ''
  const parts: string[] = []
  if (p.timeStart !== undefined || p.timeEnd !== undefined) {
    parts.push(
      `_time in [${p.timeStart === undefined ? '-inf' : formatLiteral('datetime', p.timeStart)}, ${p.timeEnd === undefined ? '+inf' : formatLiteral('datetime', p.timeEnd)})`,
    )
  }
  for (const z of p.zone) {
    if (z.op === 'range') parts.push(`${formatName(z.field)} range [${z.min ?? '-inf'}, ${z.max ?? '+inf'}]`)
    else if (z.op === 'in')
      parts.push(`${formatName(z.field)} in (${z.values.map((v) => JSON.stringify(v)).join(', ')})`)
    else parts.push(`${formatName(z.field)} ${z.op} ${JSON.stringify(z.value)}`)
  }
  return parts.length === 0 ? '' : ` pushdown [${parts.join('; ')}]`
}

/**
 * `kind=simple [* "a=" a:long *]`, or parse-kv's mode: `kv pair=";" kv="=" [a:string]`, `kv words [...]`,
 * `kv regex="…" [...]` (captures typed).
 */
function formatMatcher(m: ParseMatcher, captures: LogicalOf<'Parse'>['captures']): string {
  if (m.kind === 'kv') {
    const s = m.split
    const mode =
      s.kind === 'delimited'
        ? `pair=${JSON.stringify(s.pairDelimiter)} kv=${JSON.stringify(s.kvDelimiter)}`
        : s.kind === 'words'
          ? 'words'
          : `regex=${JSON.stringify(s.pattern)}`
    const quote =
      m.quotes
        .map((q) => ` quote=${JSON.stringify(q.open === q.close ? q.open : q.open + q.close)}`)
        .join('') +
      (m.escape === '' ? '' : ` escape=${JSON.stringify(m.escape)}`) +
      (s.kind === 'delimited' && s.greedy ? ' greedy' : '')
    return `kv ${mode}${quote} [${captures.map((c) => `${formatName(c.name)}:${c.type}`).join(', ')}]`
  }
  const items = m.items.map((i) =>
    i.kind === 'any' ? '*' : i.kind === 'text' ? JSON.stringify(i.text) : `${formatName(i.name)}:${i.type}`,
  )
  return `kind=${m.mode}${m.flags === '' ? '' : ` flags=${m.flags}`} [${items.join(' ')}]`
}

/** arg_min/arg_max's further columns, typed: ` +[uri:string, status:string]`. */
function payload(a: AggregateColumn): string {
  if (a.payload === undefined || a.expr.kind !== 'AggCall') return ''
  const args = a.expr.args
  return ` +[${a.payload.map((p, i) => `${formatName(p)}:${args[1 + i].type}`).join(', ')}]`
}

type Lines = { readonly [K in LogicalKind]: (n: LogicalOf<K>) => string }

const LINES: Lines = {
  Scan: (n) => {
    const mixed = n.schema.filter((c) => c.storage.length > 1 && n.fields.includes(c.name))
    const types = mixed.length === 0 ? '' : ` mixed [${mixed.map(schemaColumn).join(', ')}]`
    return `Scan: ${n.dataset} fields [${n.fields.map(formatName).join(', ')}]${types}${pushdown(n.pushdown)}`
  },
  Filter: (n) => `Filter: ${formatExpr(n.predicate)}`,
  Search: (n) => `Search: ${n.caseSensitive ? 'case_sensitive ' : ''}${formatExpr(n.predicate)}`,
  Project: (n) => `Project: ${columns(n.columns)}`,
  Extend: (n) => `Extend: ${columns(n.columns)}`,
  Aggregate: (n) => {
    const by = n.keys.length > 0 ? ` by ${columns(n.keys)}` : ''
    const aggs = n.aggregates.map(
      (a) => `${formatName(a.name)}=${formatExpr(a.expr)}:${a.expr.type}${payload(a)}`,
    )
    const b = n.timeBucket
    const bucket =
      b === null
        ? ''
        : ` bucket ${n.keys[b.keyIndex].name}/${b.step === 'auto' ? 'auto' : formatTimespan(b.step)}`
    return `Aggregate:${by} aggs [${aggs.join(', ')}]${bucket}`
  },
  Sort: (n) => `Sort: ${sortKeys(n.keys)}`,
  TopN: (n) => `TopN: ${n.count} by ${sortKeys(n.keys)}`,
  Limit: (n) => `Limit: ${n.count}`,
  Distinct: (n) => `Distinct: ${columns(n.columns)}`,
  CountRows: (n) => `CountRows: ${n.schema.map(schemaColumn).join(', ')}`,
  Union: (n) =>
    `Union:${n.withSource === null ? '' : ` withsource=${formatName(n.withSource)}`} [${n.sourceNames.join(', ')}]`,
  Join: (n) =>
    `Join: kind=${n.joinKind} on [${n.keys.map((k) => `$left.${formatExpr(k.left)} == $right.${formatExpr(k.right)}`).join(', ')}]`,
  MakeSeries: (n) => {
    const aggs = n.aggregates.map((a) => {
      const fill = a.fill === null ? '' : ` default=${formatExpr(a.fill)}`
      return `${formatName(a.name)}=${formatExpr(a.call)}:${a.call.type}${fill}`
    })
    const from = n.from === null ? '' : ` from ${formatExpr(n.from)}`
    const to = n.to === null ? '' : ` to ${formatExpr(n.to)}`
    const by = n.keys.length > 0 ? ` by ${columns(n.keys)}` : ''
    return `MakeSeries: [${aggs.join(', ')}] on ${formatExpr(n.on)}${from}${to} step ${formatExpr(n.step)}${by} axis ${n.axis}`
  },
  Print: (n) => `Print: ${columns(n.columns)}`,
  Datatable: (n) => `Datatable: [${n.schema.map(schemaColumn).join(', ')}] rows ${n.rows.length}`,
  Render: (n) => `Render: ${formatVisualization(n.visualization)}`,
  MvExpand: (n) => {
    const items = n.items.map(
      (i) => `${formatName(i.name)}=${formatExpr(i.expr)}${i.toType === null ? '' : ` to ${i.toType}`}`,
    )
    const index = n.itemIndex === null ? '' : ` with_itemindex=${formatName(n.itemIndex)}`
    const limit = n.limit === null ? '' : ` limit ${n.limit}`
    return `MvExpand: kind=${n.bagAs}${index} [${items.join(', ')}]${limit}`
  },
  Sample: (n) => {
    const seed = n.seed === null ? 'query' : String(n.seed)
    const by = n.identity.kind === 'event' ? `event of ${formatName(n.identity.dataset)}` : 'ordinal'
    return `Sample: p=${n.proportion} seed=${seed} salt=${n.salt} by ${by}`
  },
  Redact: (n) => {
    const r = n.replacement.kind === 'hash' ? 'hash' : `token ${JSON.stringify(n.replacement.token)}`
    const patterns = n.patterns.map((p) => JSON.stringify(p)).join(', ')
    return `Redact: [${n.columns.map(formatName).join(', ')}] ${r}${n.groups ? ' groups' : ''} [${patterns}]`
  },
  ExternalData: (n) =>
    `ExternalData: [${n.schema.map(schemaColumn).join(', ')}] format=${n.format}${n.ignoreFirstRecord ? ' ignoreFirstRecord' : ''} read at run time from [${n.urls.map((u) => JSON.stringify(u)).join(', ')}]`,
  Parse: (n) =>
    `${n.filter ? 'ParseWhere' : 'Parse'}: ${formatExpr(n.source)} ${formatMatcher(n.matcher, n.captures)}`,
}

/** Indentation stops growing at this depth (a 10,000-stage pipeline must not print 100 MB of spaces). */
const MAX_INDENT = 32

/** Two spaces per level; past MAX_INDENT, the level number instead: `(40) `. */
export function indent(depth: number): string {
  return depth <= MAX_INDENT ? '  '.repeat(depth) : `${'  '.repeat(MAX_INDENT)}(${depth}) `
}

/** The plan as text: one node per line, inputs indented below their consumer. */
export function explainNode(root: LogicalNode): string {
  const out: string[] = []
  // An explicit stack: pipelines may be thousands of nodes deep.
  const stack: [LogicalNode, number][] = [[root, 0]]
  while (stack.length > 0) {
    const [n, depth] = stack.pop() as [LogicalNode, number]
    out.push(indent(depth) + (LINES[n.kind] as (x: LogicalNode) => string)(n))
    const children = nodeChildren(n)
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1])
  }
  return out.join('\n')
}

/** A whole plan: the node tree, then one line of plan facts (datasets, order, limits, stricttypes). */
export function explainPlan(plan: LogicalPlan): string {
  const facts = [
    `datasets [${plan.datasets.join(', ')}]`,
    `order ${plan.order}`,
    plan.limited ? 'limited' : plan.aggregating ? 'all-groups' : 'default-limit',
    ...(plan.strictTypes ? ['stricttypes'] : []),
  ]
  return `${explainNode(plan.root)}\n-- ${facts.join(' ')}`
}
