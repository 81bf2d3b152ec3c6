// exec/parallel/index.ts: the parallel executor's surface for run.ts and the layers above: the
// planner hook, the query option's type, and the shared worker pool's settings and shutdown.
export {
  AUTO_MIN_BLOCKS,
  AUTO_MIN_CHEAP_ROWS,
  AUTO_MIN_ROWS,
  PARALLEL_ENV,
  type ParallelMode,
} from './mode.ts'
export { type BuildOverride, type ParallelQuery, parallelOverride } from './parallel-planner.ts'
export {
  closeParallelPool,
  configureParallel,
  type ParallelConfig,
  parallelConfig,
  startParallelPool,
} from './shared-pool.ts'
