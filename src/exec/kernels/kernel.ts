// exec/kernels/kernel.ts: the shape every kernel has (whole vectors in, one vector out), the per-call
// facts it may read, and the shape of a kernel table (one per catalog family, keyed by its kernel
// keys). Kernels never see plan nodes beyond these facts.
import type { AplType, KernelTable, ScalarFamily, ScalarKernelKeyOf } from '../../catalog/index.ts'
import type { Coercion } from '../../plan/index.ts'
import type { QueryGuard } from '../guard.ts'
import type { Vec } from '../vector.ts'

/** Query-wide facts a kernel may need (plain data: parallel units receive a copy). */
export interface KernelEnv {
  /** `set stricttypes`. */
  readonly strictTypes: boolean
  /** The step `bin_auto` uses for this query, ns (decision §10.3). */
  readonly binAutoStep: bigint
  /** Now, epoch ns: `now()`/`ago()` when the optimizer did not fold them. */
  readonly now: bigint
  /** The query's deadline, abort signal and memory budget (absent in unit tests of single kernels). */
  readonly guard?: QueryGuard
  /**
   * The query window `[start, end)`, epoch ns (start: the Unix epoch when unbounded), when the query
   * reads data: `rate()` without a time bin is per second of it.
   */
  readonly window?: { readonly start: bigint; readonly end: bigint }
}

/**
 * Throws when the query must stop (its deadline passed, it was aborted, it ran out of memory);
 * returns otherwise. Long-running kernels call it at most every KERNEL_CHECK_ROWS rows.
 */
export type Interrupt = () => void

/**
 * Rows a kernel may process between two calls of `KernelSite.interrupt` (the executor's chunk). A
 * batch holds up to a block's 65,536 rows, so the check runs several times inside one batch; each
 * is one clock read.
 */
export const KERNEL_CHECK_ROWS = 4096

/**
 * Characters of dictionary strings a kernel may read between two calls of `KernelSite.interrupt`
 * (a per-entry function costs about its string's length; entries may be long).
 */
export const KERNEL_CHECK_CHARS = 1 << 20

/** What one call site tells its kernel: the bound result type and the comparison coercion. */
export interface KernelSite {
  readonly type: AplType
  readonly coercion: Coercion
  readonly env: KernelEnv
  /**
   * The live rows of the batch (ascending), or null/absent for all `n`. A kernel may compute only
   * these rows and leave the others null: callers read a result only at live rows.
   */
  readonly sel?: Uint32Array | null
  /**
   * The query's interrupt check (absent: nothing to check). Kernels built with the executor helper
   * (kernels/executor) call it between chunks of KERNEL_CHECK_ROWS rows; a hand-written kernel
   * whose per-row work can be slow (regex, parsing) should do the same.
   */
  readonly interrupt?: Interrupt
}

/** A vectorized kernel: `args` each hold `n` rows (constants arrive as marked full vectors). */
export type Kernel = (args: readonly Vec[], n: number, site: KernelSite) => Vec

/**
 * One family's scalar-function kernels, keyed by that family's catalog kernel keys (a key of another
 * family, or one the catalog lacks, is a compile error). Every key is optional: a row without a
 * kernel is reported unsupported.
 */
export type FamilyKernels<F extends ScalarFamily> = KernelTable<ScalarKernelKeyOf<F>, Kernel>
