// legacy/compile.ts: binds the APL a legacy request became (translate.ts) into logical plans: the same
// binder, plan nodes, executor and capabilities as APL, with the scans' virtual `_rowId`. Bind errors
// become LegacyErrors that quote the APL.

import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import { compileApl, type LogicalNode, type LogicalPlan, type SchemaSource } from '../plan/index.ts'
import type { Query } from '../syntax/ast.ts'
import { printApl } from '../syntax/print.ts'
import { LegacyError, type LegacyErrorCode } from './errors.ts'
import type { LegacyTranslation } from './translate.ts'

/** One bound query: its APL text (for messages and explain) and its plan. */
export interface CompiledQuery {
  readonly apl: string
  readonly plan: LogicalPlan
}

/** A request's compiled queries, shaped like its translation. */
export type CompiledLegacy =
  | { readonly kind: 'matches'; readonly matches: CompiledQuery; readonly limit: number }
  | (Omit<Extract<LegacyTranslation, { kind: 'aggregate' }>, 'totals' | 'series'> & {
      readonly totals: CompiledQuery
      readonly series: CompiledQuery
    })

/** A part of the request whose APL text can be found in the query (to blame a bind error on it). */
export interface Blame {
  readonly text: string
  readonly code: LegacyErrorCode
  readonly what: string
}

function compileOne(
  q: Query,
  schema: SchemaSource,
  dataset: string,
  blames: readonly Blame[],
): CompiledQuery {
  const apl = printApl(q)
  const bound = compileApl(apl, schema, { rowId: true, capabilities: ENGINE_CAPABILITIES })
  if (bound.plan === undefined) {
    const d = bound.diagnostics[0]
    const why = d.message.replace(/^line: \d+, col: \d+: /, '')
    const at = (b: Blame) => {
      const i = apl.indexOf(b.text)
      return i >= 0 && d.span.start >= i && d.span.start < i + b.text.length
    }
    const blame = blames.find(at)
    if (blame !== undefined) throw new LegacyError(blame.code, `${blame.what}: ${why}`)
    throw new LegacyError(
      'invalid_request',
      `the request does not compile (${d.code}: ${why}); as APL: ${apl}`,
    )
  }
  // Expressions may hold sub-queries: they must not read another dataset than the one queried.
  if (bound.plan.datasets.some((ds) => ds !== dataset)) {
    throw new LegacyError('invalid_request', `expressions may read only dataset '${dataset}'`)
  }
  return { apl, plan: bound.plan }
}

/** The plan without the time bucket of its summarize: totals come from their own query. */
function withoutTotals(plan: LogicalPlan): LogicalPlan {
  const strip = (n: LogicalNode): LogicalNode => {
    if (n.kind === 'Aggregate') return { ...n, timeBucket: null }
    if (n.kind === 'Sort') return { ...n, input: strip(n.input) }
    return n
  }
  return { ...plan, root: strip(plan.root) }
}

/**
 * Binds every query of `t` against `schema`. `blames` names the request parts (virtual fields,
 * predicates) by their printed APL, so an error inside one carries its code and name.
 */
export function compileLegacy(
  t: LegacyTranslation,
  schema: SchemaSource,
  dataset: string,
  blames: readonly Blame[] = [],
): CompiledLegacy {
  if (t.kind === 'matches') return { ...t, matches: compileOne(t.matches, schema, dataset, blames) }
  const series = compileOne(t.series, schema, dataset, blames)
  return {
    ...t,
    totals: compileOne(t.totals, schema, dataset, blames),
    series: { apl: series.apl, plan: withoutTotals(series.plan) },
  }
}
