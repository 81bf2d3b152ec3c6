// catalog/kernel-table.ts: the type of an executor's kernel table, so the compiler proves it covers
// every T1/T2 key a registry derives (STYLE rule 4). Types only.

/**
 * A table of kernels keyed by a registry's kernel keys: every `Required` key (T1/T2 rows) must be
 * present; the remaining keys of `All` (T3 rows) may be absent until implemented.
 * e.g. `const kernels: KernelTable<ScalarKernelKey, RequiredScalarKernelKey, ScalarKernel> = { … }`.
 */
export type KernelTable<All extends string, Required extends All, Fn> = { readonly [K in Required]: Fn } & {
  readonly [K in Exclude<All, Required>]?: Fn
}
