// util/memory/index.ts: memory budgets shared by storage (caches) and exec (queries). Re-exports only.
export {
  defaultPoolBytes,
  defaultQueryBytes,
  formatBytes,
  machineBytes,
  QUERIES_PER_POOL,
} from './machine-budget.ts'
export { MemoryPool, type PoolCache } from './memory-pool.ts'
