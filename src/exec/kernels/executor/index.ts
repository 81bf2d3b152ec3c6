// exec/kernels/executor/index.ts: the kernel-authoring helper's public surface: `scalarKernel` for
// per-value functions, and the pieces a hand-written (per-batch) kernel reuses. Re-exports only.

export {
  type ArgLane,
  type ArgValue,
  type LaneArg,
  type LaneValue,
  type ResultLane,
  readArg,
  type ValueLane,
  valueAt,
} from './lanes.ts'
export { conformResult, type ResultSink, resultSink } from './result-sink.ts'
export { type NullRule, type ScalarKernelDef, scalarKernel, type ValueArgs } from './scalar-kernel.ts'
