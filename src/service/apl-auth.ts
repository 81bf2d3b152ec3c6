// service/apl-auth.ts: authorization of APL by the datasets its bound plan reads (RELIABILITY.md
// §2.4.3). The binder only sees the datasets the token may use, so a forbidden dataset and a
// missing one fail the same way (403, same body) and "did you mean" never names a hidden dataset.
import { AplError } from '../diagnostics/diagnostic.ts'
import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import {
  type BindResult,
  compileApl,
  type LogicalPlan,
  type SchemaSource,
  schemaFromSnapshot,
} from '../plan/index.ts'
import { type CompileLimits, compileAplOffThread } from '../query/compile-off-thread.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { ALL_DATASETS, allowsDataset, allowsOrg, type Principal } from './capabilities.ts'
import { forbidden } from './service-error.ts'

/** Why the APL is bound: to read (query) or to delete blocks. */
export type AplPurpose = 'read' | 'delete'

const UNKNOWN_DATASET = 'APL0303'

/** True when `p` may use `dataset` for `purpose`. */
export function mayUse(p: Principal, dataset: string, purpose: AplPurpose): boolean {
  if (purpose === 'read') return allowsDataset(p, dataset, 'query', 'read')
  return allowsDataset(p, dataset, 'data', 'delete') || allowsOrg(p, 'datasets', 'update')
}

/** The schema restricted to the datasets `p` may use. */
function visibleSchema(src: SchemaSource, p: Principal, purpose: AplPurpose): SchemaSource {
  if (p.root) return src
  return {
    datasetNames: () => src.datasetNames().filter((d) => mayUse(p, d, purpose)),
    fields: (d) => (mayUse(p, d, purpose) ? src.fields(d) : undefined),
  }
}

/** Binds `apl` against `snap` as `p` sees it; 403 for a dataset it may not use, AplError otherwise. */
export function bindAuthorized(snap: Snapshot, apl: string, p: Principal, purpose: AplPurpose): LogicalPlan {
  const bound = compileApl(apl, visibleSchema(schemaFromSnapshot(snap), p, purpose), {
    capabilities: ENGINE_CAPABILITIES,
  })
  return authorized(bound, apl, p, purpose)
}

/**
 * `bindAuthorized`, then optimized with the query clock `now` (left as bound when `now` is
 * undefined); a long text is compiled on the compile worker (query/compile-off-thread.ts) so the
 * event loop keeps serving other requests meanwhile. `limits` (the query's deadline and abort
 * signal) cover the compile.
 */
export async function bindOptimizedOffThread(
  snap: Snapshot,
  apl: string,
  p: Principal,
  purpose: AplPurpose,
  now: bigint | undefined,
  limits?: CompileLimits,
): Promise<LogicalPlan> {
  const schema = visibleSchema(schemaFromSnapshot(snap), p, purpose)
  const bound = await compileAplOffThread(apl, schema, now, 'auto', limits)
  return authorized(bound, apl, p, purpose)
}

/** The plan of `bound` when `p` may use every dataset it reads (see bindAuthorized). */
function authorized(bound: BindResult, apl: string, p: Principal, purpose: AplPurpose): LogicalPlan {
  if (!bound.plan) {
    const first = bound.diagnostics.find((d) => d.severity === 'error')
    // Only a token that may use every dataset learns which names exist.
    if (first?.code === UNKNOWN_DATASET && !mayUse(p, ALL_DATASETS, purpose)) {
      throw deny(apl.slice(first.span.start, first.span.start + first.span.length), purpose)
    }
    throw new AplError(bound.diagnostics)
  }
  for (const d of bound.plan.datasets) if (!mayUse(p, d, purpose)) throw deny(d, purpose)
  return bound.plan
}

/** `['name']` / `["name"]` / `name` → `name`, so both refusal paths give the same body. */
function datasetName(ref: string): string {
  const m = /^\[\s*(['"])(.*)\1\s*\]$/s.exec(ref.trim())
  return m ? m[2] : ref.trim()
}

function deny(ref: string, purpose: AplPurpose) {
  const name = datasetName(ref)
  const verb = purpose === 'read' ? 'query' : 'delete data of'
  return forbidden(`this token may not ${verb} ${name.length > 80 ? `${name.slice(0, 77)}…` : name}`)
}
