// catalog/kernel-table.ts: the type of an executor's kernel table: keyed by a registry's kernel keys
// (so a key the catalog does not hold is a compile error), every key optional. A row whose key has
// no entry is reported unsupported (exec/capabilities.ts), so rows may exist ahead of kernels. Types only.

/**
 * A table of kernels keyed by a registry's kernel keys, each optional:
 * `const kernels: KernelTable<ScalarKernelKey, Kernel> = { strlen, … }`.
 */
export type KernelTable<Key extends string, Fn> = { readonly [K in Key]?: Fn }
