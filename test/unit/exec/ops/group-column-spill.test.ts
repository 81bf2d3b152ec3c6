// test/unit/exec/ops/group-column-spill.test.ts: a typed column (group-column.ts) that meets a vector
// it does not take (here a multi-typed field's cells where the plan promised reals) turns into a
// state per group at that batch, keeping what it had summed, and goes on as states; explain's column
// list shows the change.
import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../../src/exec/batch.ts'
import type { ExecContext } from '../../../../src/exec/context.ts'
import { scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { QueryGuard } from '../../../../src/exec/guard.ts'
import type { AggSpec } from '../../../../src/exec/ops/agg-spec.ts'
import { GroupAggregation } from '../../../../src/exec/ops/group-aggregation.ts'
import type { Vec } from '../../../../src/exec/vector.ts'
import type { BoundExpr } from '../../../../src/plan/index.ts'

const env = { strictTypes: false, binAutoStep: 1n, now: 0n }
const span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } }
const column = (name: string, type: 'real' | 'string'): BoundExpr =>
  ({ kind: 'Column', name, type, storage: [], span }) as unknown as BoundExpr
const schema = [
  { name: 'k', type: 'string' as const, storage: [] },
  { name: 'x', type: 'real' as const, storage: [] },
]

function batch(keys: string[], x: Vec): Batch {
  const dict = [...new Set(keys)]
  return {
    length: keys.length,
    sel: null,
    cols: [{ kind: 'str', codes: Int32Array.from(keys, (k) => dict.indexOf(k)), dict }, x],
  }
}

describe('a typed column that meets cells it does not take', () => {
  it('becomes a state per group and keeps its sums', () => {
    const spec: AggSpec = {
      kind: 'sum',
      params: {},
      value: column('x', 'real'),
      predicate: null,
      type: 'real',
      valueType: 'real',
    }
    const agg = new GroupAggregation([spec], [column('k', 'string')], scopeOf(schema, env))
    // Feeding reads only the context's guard (deadline and abort checks).
    const ctx = { guard: new QueryGuard({}) } as unknown as ExecContext
    agg.add(
      batch(['a', 'b', 'a'], {
        kind: 'num',
        type: 'real',
        values: Float64Array.of(0.1, 2, 0.2),
        valid: null,
      }),
      ctx,
    )
    expect(agg.describeColumns()).toBe('sum: typed')
    agg.add(batch(['b', 'a', 'c'], { kind: 'mixed', values: [3.5, 'not a number', 0.3] }), ctx)
    expect(agg.describeColumns()).toBe('sum: states')
    const sums = [0, 1, 2].map((g) => agg.cell(0, g, () => {}))
    // A string cell adds nothing; the typed sums of the first batch carried over (0.1 + 0.2 is an
    // exact tie, rounded to even: the same double as the float sum).
    expect(sums).toEqual([0.30000000000000004, 5.5, 0.3])
    // The sum stays exact across the change: 0.1 + 0.2 + 0.3 is 0.6 (the float sum is 0.6000000000000001).
    agg.add(batch(['a'], { kind: 'num', type: 'real', values: Float64Array.of(0.3), valid: null }), ctx)
    expect(agg.cell(0, 0, () => {})).toBe(0.6)
  })
})
