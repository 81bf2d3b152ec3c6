// exec/kernels/kernel.ts: the shape every kernel has (whole vectors in, one vector out) and the
// per-call facts it may read. Kernels never see plan nodes beyond these facts.
import type { AplType } from '../../catalog/index.ts'
import type { Coercion } from '../../plan/index.ts'
import type { QueryGuard } from '../guard.ts'
import type { Vec } from '../vector.ts'

/** Query-wide facts a kernel may need. */
export interface KernelEnv {
  /** `set stricttypes`. */
  readonly strictTypes: boolean
  /** The step `bin_auto` uses for this query, ns (decision §10.3). */
  readonly binAutoStep: bigint
  /** Now, epoch ns: `now()`/`ago()` when the optimizer did not fold them. */
  readonly now: bigint
  /** The query's deadline, abort signal and memory budget (absent in unit tests of single kernels). */
  readonly guard?: QueryGuard
}

/** What one call site tells its kernel: the bound result type and the comparison coercion. */
export interface KernelSite {
  readonly type: AplType
  readonly coercion: Coercion
  readonly env: KernelEnv
}

/** A vectorized kernel: `args` each hold `n` rows (constants arrive as marked full vectors). */
export type Kernel = (args: readonly Vec[], n: number, site: KernelSite) => Vec
