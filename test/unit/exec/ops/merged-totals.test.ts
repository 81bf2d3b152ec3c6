// The `_totals` table of a summarize by a time bin, folded from the summarize's own groups
// (ops/merged-totals.ts, AggregateExec.totalsWithout) instead of a second scan: against the reference
// evaluator for the aggregations that fold (count, countif, sum, avg, min, max, dcount) with zero,
// one and two other keys, and for those that do not (then the summarize runs again); and foldGroups
// itself: which groups merge, and when it declines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { CountState } from '../../../../src/exec/agg/count.ts'
import type { AggState } from '../../../../src/exec/agg/index.ts'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import type { AggSpec } from '../../../../src/exec/ops/agg-spec.ts'
import { AggregateExec } from '../../../../src/exec/ops/aggregate-exec.ts'
import { GroupIndex } from '../../../../src/exec/ops/group-keys.ts'
import { foldable, foldGroups } from '../../../../src/exec/ops/merged-totals.ts'
import { runQuery } from '../../../../src/exec/run.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { type HttpStore, NOW, openHttpStore } from './http-store.ts'

let fx: HttpStore

beforeAll(async () => {
  // Status split into strings, numbers and nulls; a duration with nulls.
  const events = httpLogs(12_000, { seed: 5 }).map((e, i) =>
    i % 7 === 0
      ? { ...e, status: Number(e.status) }
      : i % 40 === 3
        ? { ...e, status: null, req_duration_ms: null }
        : e,
  )
  fx = await openHttpStore(4096, events)
})

afterAll(() => fx.close())

const FOLDED =
  'count(), countif(req_duration_ms > 300), sum(req_duration_ms), avg(req_duration_ms), min(req_duration_ms), max(status), dcount(id)'

/** Query, and whether its totals fold (else the summarize runs again). */
const QUERIES: [string, boolean][] = [
  [`http | summarize ${FOLDED} by bin(_time, 1d)`, true],
  [`http | summarize ${FOLDED} by bin(_time, 6h), status`, true],
  [`http | summarize ${FOLDED} by method, bin(_time, 1d), status`, true],
  [
    "http | where method != 'GET' | summarize n = count(), s = sum(req_duration_ms) * 2 by status, bin_auto(_time)",
    true,
  ],
  ['http | summarize percentile(req_duration_ms, 90), count() by bin(_time, 1d), method', false],
  ['http | summarize make_set(method), count() by bin(_time, 1d), status', false],
  ['http | summarize arg_max(req_duration_ms, id) by bin(_time, 1d), method', false],
  ["http | summarize count() by bin(_time, 1d), method, status, ['geo.country']", false],
]

describe('_totals folded from the groups = reference', () => {
  for (const [apl, folds] of QUERIES) {
    it(apl, async () => {
      const bound = compileApl(apl, schemaFromSnapshot(fx.snap))
      if (!bound.plan) throw new Error(bound.diagnostics[0].message)
      const opts = {
        now: NOW,
        limit: 50_000,
        startTime: '2026-01-02T03:00:00Z',
        endTime: '2026-01-20T00:00:00Z',
      }
      const ref = await evaluate(fx.snap, bound.plan, opts)
      expect(ref.tables.map((t) => t.name)).toEqual(['0', '_totals'])
      let root: PhysicalOperator | undefined
      const got = await runQuery(fx.snap, bound.plan, { ...opts, observe: (op) => (root = op) })
      expect(diffResults(got, ref, false)).toBeUndefined()
      // The summarize under the time sort folds (or declines) as expected.
      const agg = (root as PhysicalOperator).children[0]
      expect(agg).toBeInstanceOf(AggregateExec)
      const at = bound.plan.root.kind === 'Aggregate' ? (bound.plan.root.timeBucket?.keyIndex ?? -1) : -1
      expect((agg as AggregateExec).totalsWithout(at) !== null).toBe(folds)
    })
  }
})

const spec = (kind: string, payload?: []): AggSpec => ({
  kind,
  params: kind === 'percentile' ? { percent: 50 } : {},
  value: null,
  predicate: null,
  type: 'long',
  valueType: null,
  ...(payload ? { payload } : {}),
})

/** A two-key index over (a, b) pairs, each pair's count state holding `counts[i]`. */
function counted(pairs: readonly [number, number, number][]): { groups: GroupIndex; states: AggState[][] } {
  const groups = new GroupIndex(2)
  const states: AggState[][] = [[]]
  for (const [a, b, n] of pairs) {
    const g = groups.groupOfPair(a, b, (gid) => {
      states[0][gid] = new CountState()
    })
    states[0][g].addNumbers(new Float64Array(0), null, 0, n)
  }
  return { groups, states }
}

/** foldGroups' merge over plain states. */
const mergeFrom = (states: AggState[][]) => (a: number, g: number, into: AggState) => into.merge(states[a][g])

describe('foldGroups', () => {
  const { groups, states } = counted([
    [0, 5, 1],
    [1, 5, 10],
    [0, 7, 100],
    [2, 7, 1000],
    [2, 5, 10000],
  ])
  it('merges the groups with equal other keys, in first-seen order', () => {
    const byB = foldGroups(groups, 0, [spec('count')], mergeFrom(states))
    expect(byB?.size).toBe(2)
    expect([...(byB?.keyIds[0] ?? [])]).toEqual([5, 7])
    expect(byB?.states[0].map((s) => s.result())).toEqual([10011, 1100])
    const byA = foldGroups(groups, 1, [spec('count')], mergeFrom(states))
    expect([...(byA?.keyIds[0] ?? [])]).toEqual([0, 1, 2])
    expect(byA?.states[0].map((s) => s.result())).toEqual([101, 10, 11000])
    // The summarize's own states are only read.
    expect(states[0].map((s) => s.result())).toEqual([1, 10, 100, 1000, 10000])
  })
  it('one group when no key is left, also with no groups at all', () => {
    const none = foldGroups(new GroupIndex(1), 0, [spec('count')], mergeFrom([[]]))
    expect(none?.size).toBe(1)
    expect(none?.states[0][0].result()).toBe(0)
  })
  it('declines sketches, collections, arg_min/arg_max and more than two other keys', () => {
    expect(foldable([spec('count'), spec('sum'), spec('dcount'), spec('min')])).toBe(true)
    for (const k of ['percentile', 'make_list', 'make_set', 'variance', 'topk'])
      expect(foldable([spec('count'), spec(k)]), k).toBe(false)
    expect(foldable([spec('arg_max', [])])).toBe(false)
    expect(foldGroups(new GroupIndex(4), 0, [spec('count')], mergeFrom([[]]))).toBeNull()
  })
})
