// legacy/compile-request.ts: a legacy query body → its bound plans, with no data read: validate →
// translate to APL → bind against a schema. Running them is query/run-legacy.ts's.

import type { SchemaSource } from '../plan/index.ts'
import { type Expr, node } from '../syntax/ast.ts'
import { printApl } from '../syntax/print.ts'
import { NO_SPAN, named } from './apl-ast.ts'
import { type Blame, type CompiledLegacy, compileLegacy } from './compile.ts'
import { LegacyError } from './errors.ts'
import type { NormalRequest } from './normalized.ts'
import { type NormalizeOptions, normalizeRequest } from './request.ts'
import { translateLegacy } from './translate.ts'

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
  opts: NormalizeOptions,
): { readonly request: NormalRequest; readonly compiled: CompiledLegacy } {
  const fields = schema.fields(dataset)
  if (fields === undefined) throw new LegacyError('dataset_not_found', `dataset '${dataset}' not found`)
  const req = normalizeRequest(request, opts)
  const t = translateLegacy(dataset, fields, req, opts.now)
  return { request: req, compiled: compileLegacy(t, schema, dataset, blames(req, t.filter)) }
}
