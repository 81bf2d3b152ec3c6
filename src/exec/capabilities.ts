// exec/capabilities.ts: the engine's answer to "can you run this catalog row?", read from its own
// tables: a scalar function or operator runs when its kernel key has a kernel (or the binder answers
// it from the schema, plan/bind-schema-calls.ts), an aggregation when
// its state kind has a state. The binder asks this before binding a row; nothing else decides support.
import { bindsSchemaCall, type Capabilities } from '../plan/index.ts'
import { isAggKind } from './agg/index.ts'
import { operatorKernels } from './kernels/operator-kernels.ts'
import { scalarKernels } from './kernels/scalar-kernels.ts'
import { aggStateKind } from './ops/agg-spec.ts'

/** What this engine runs (pass to `compileApl` as `capabilities` before running the plan). */
export const ENGINE_CAPABILITIES: Capabilities = {
  scalar: (row) => Object.hasOwn(scalarKernels, row.kernel) || bindsSchemaCall(row.name),
  aggregate: (row) => isAggKind(aggStateKind(row)),
  operator: (row) => Object.hasOwn(operatorKernels, row.kernel),
}
