// storage/cache-budget.ts: the default budget of the decoded-column caches (the store's block reader
// and the query workers' share): a fixed fraction of the machine's memory within fixed bounds, so a
// scan over a working set of a few GiB is served from memory on a large machine and a small machine
// is not overcommitted. `APLDB_CACHE_BYTES` overrides it; `StoreOptions.cacheBytes` overrides both.
import { totalmem } from 'node:os'

/** Smallest default budget, bytes (256 MiB). */
export const MIN_CACHE_BYTES = 256 * 2 ** 20
/** Largest default budget, bytes (4 GiB). */
export const MAX_CACHE_BYTES = 4 * 2 ** 30
/** Share of the machine's memory taken by default. */
const MEMORY_SHARE = 1 / 8

/** The default decoded-column cache budget, bytes (see the module header). */
export function defaultCacheBytes(): number {
  const env = Number(process.env.APLDB_CACHE_BYTES)
  if (Number.isSafeInteger(env) && env > 0) return env
  return Math.min(MAX_CACHE_BYTES, Math.max(MIN_CACHE_BYTES, Math.floor(totalmem() * MEMORY_SHARE)))
}
