// util/memory/machine-budget.ts: default memory budgets sized to the machine: the V8 heap limit of
// this process (strings and JS objects live there; passing it aborts the process) and the machine's
// (or its cgroup's) memory. Only reads; `APLDB_MEMORY_BYTES` overrides the pool.
import { readFileSync } from 'node:fs'
import { totalmem } from 'node:os'
import { getHeapStatistics } from 'node:v8'

/** Share of the V8 heap limit the pool may take (the rest: ingest, buffers, the engine itself). */
const HEAP_SHARE = 0.5
/** Share of the machine's (or cgroup's) memory the pool may take. */
const MACHINE_SHARE = 0.25
/** Queries that may each use a full default budget at once. */
export const QUERIES_PER_POOL = 4
const MiB = 2 ** 20

/** The memory this process may use: the cgroup limit when one is set, else the machine's. */
export function machineBytes(): number {
  for (const f of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const n = Number(readFileSync(f, 'utf8').trim())
      if (Number.isSafeInteger(n) && n > 0 && n < totalmem()) return n
    } catch {}
  }
  return totalmem()
}

/** The process-wide budget for queries and caches, bytes (at least 64 MiB). */
export function defaultPoolBytes(): number {
  const env = Number(process.env.APLDB_MEMORY_BYTES)
  if (Number.isSafeInteger(env) && env > 0) return env
  const heap = getHeapStatistics().heap_size_limit
  return Math.max(64 * MiB, Math.floor(Math.min(heap * HEAP_SHARE, machineBytes() * MACHINE_SHARE)))
}

/** One query's default budget out of a pool of `pool` bytes (at least 16 MiB). */
export function defaultQueryBytes(pool: number): number {
  return Math.max(Math.min(16 * MiB, pool), Math.floor(pool / QUERIES_PER_POOL))
}

/** Bytes as a short human figure: `512 MiB`, `1.5 GiB`. */
export function formatBytes(n: number): string {
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(n % 2 ** 30 === 0 ? 0 : 1)} GiB`
  if (n >= MiB) return `${(n / MiB).toFixed(n % MiB === 0 ? 0 : 1)} MiB`
  if (n >= 1024) return `${(n / 1024).toFixed(0)} KiB`
  return `${n} B`
}
