// ops/top-n-exec.ts: `top N by key`: SortExec with a cap, keeping at most about 2N rows while it drains.
import type { SortKey } from '../../plan/index.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import type { PhysicalOperator } from '../operator.ts'
import { SortExec } from './sort-exec.ts'

/** The best `count` rows by `keys`. */
export class TopNExec extends SortExec {
  constructor(input: PhysicalOperator, keys: readonly SortKey[], scope: EvalScope, count: number) {
    super(input, keys, scope, count)
  }
}
