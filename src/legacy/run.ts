// legacy/run.ts: the one path from a legacy query body to its result: validate → translate to APL →
// bind → run on the APL executor (run-apl.ts) against one pinned snapshot → legacy result shape.

import { MAX_ROW_LIMIT } from '../exec/run.ts'
import { type LogicalPlan, type SchemaSource, schemaFromSnapshot } from '../plan/index.ts'
import { DEFAULT_DEADLINE_MS, runPlan } from '../query/run-apl.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { type Expr, node } from '../syntax/ast.ts'
import { printApl } from '../syntax/print.ts'
import { aggregateResult, type LegacyResult, matchesResult, type WireFieldMeta } from '../wire/index.ts'
import { NO_SPAN, named } from './apl-ast.ts'
import { type Blame, type CompiledLegacy, compileLegacy } from './compile.ts'
import { LegacyError } from './errors.ts'
import type { NormalRequest } from './normalized.ts'
import { normalizeRequest } from './request.ts'
import { translateLegacy } from './translate.ts'

/** Options of one legacy query run in-process. */
export interface LegacyRunOptions {
  /** Now, epoch ns. */
  readonly now: bigint
  /** Replaces the request's `startTime` (RFC 3339 or `now-1h` style). */
  readonly startTime?: string
  /** Replaces the request's `endTime`. */
  readonly endTime?: string
  /** Deadline in ms for the whole request, every query included (default 30,000). */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
  /** Apply the optimizer (default true; off only to compare results). */
  readonly optimize?: boolean
}

/** The request parts a bind error can be blamed on, by their printed APL (virtual fields, the filter). */
function blames(req: NormalRequest, filter: Expr | null): Blame[] {
  const out: Blame[] = req.virtualFields.map((v) => ({
    text: printApl(node('Extend', { columns: [named(v.alias, v.expr)] }, NO_SPAN)),
    code: 'invalid_virtual_field' as const,
    what: `virtual field '${v.alias}'`,
  }))
  if (filter !== null) out.push({ text: printApl(filter), code: 'invalid_filter', what: 'filter' })
  req.aggregations.forEach((a, i) => {
    const p = a.argument.kind === 'predicate' ? a.argument.predicate : null
    if (p !== null && 'expr' in p)
      out.push({ text: printApl(p.expr), code: 'invalid_aggregation', what: `aggregations[${i}].argument` })
  })
  return out
}

/** Validates, translates and binds `request` over `dataset` in `schema` (no data is read). */
export function compileLegacyRequest(
  schema: SchemaSource,
  dataset: string,
  request: unknown,
  opts: Pick<LegacyRunOptions, 'now' | 'startTime' | 'endTime'>,
): { readonly request: NormalRequest; readonly compiled: CompiledLegacy } {
  const fields = schema.fields(dataset)
  if (fields === undefined) throw new LegacyError('dataset_not_found', `dataset '${dataset}' not found`)
  const req = normalizeRequest(request, opts)
  const t = translateLegacy(dataset, fields, req, opts.now)
  return { request: req, compiled: compileLegacy(t, schema, dataset, blames(req, t.filter)) }
}

/** Runs a legacy query over `dataset` in `snapshot` (see module header). */
export async function runLegacy(
  snapshot: Snapshot,
  dataset: string,
  request: unknown,
  opts: LegacyRunOptions,
): Promise<LegacyResult> {
  const started = performance.now()
  const { request: req, compiled: c } = compileLegacyRequest(
    schemaFromSnapshot(snapshot),
    dataset,
    request,
    opts,
  )
  const budget = opts.deadlineMs ?? DEFAULT_DEADLINE_MS
  const run = (plan: LogicalPlan, limit?: number) =>
    runPlan(snapshot, plan, {
      now: opts.now,
      ...(req.startTime !== undefined ? { startTime: req.startTime } : {}),
      ...(req.endTime !== undefined ? { endTime: req.endTime } : {}),
      ...(limit !== undefined ? { limit } : {}),
      // One budget for the request: a second query gets what the first left.
      deadlineMs: Math.max(1, budget - (performance.now() - started)),
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      ...(opts.optimize !== undefined ? { optimize: opts.optimize } : {}),
    })
  const out =
    c.kind === 'matches'
      ? matchesResult(await run(c.matches.plan), c.limit)
      : aggregateResult(await run(c.totals.plan), await run(c.series.plan, MAX_ROW_LIMIT), c)
  return { ...out, fieldsMeta: fieldsMeta(snapshot, dataset) }
}

/** `fieldsMeta` (§2.4): the dataset's fields and their storage types; no units or descriptions kept. */
function fieldsMeta(snapshot: Snapshot, dataset: string): WireFieldMeta[] {
  return snapshot
    .schema(dataset)
    .map((f) => ({ name: f.name, type: f.type, unit: '', hidden: false, description: '' }))
}
