// Rule zone-stats (exec/rules/zone-stats-rule.ts): which count shapes get a scan in stats mode (seen in
// the scan's explain line), which do not, and that the rule rebuilds rather than mutates. Whether
// blocks are then really answered from statistics is test/unit/exec/ops/stats-link.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { CountExec } from '../../../../src/exec/ops/count-exec.ts'
import { zoneStatsRule } from '../../../../src/exec/rules/zone-stats-rule.ts'
import { chain, planner } from './rule-fixture.ts'

let p: Awaited<ReturnType<typeof planner>>
beforeAll(async () => {
  p = await planner()
})
afterAll(() => p.close())

const scanLine = (op: PhysicalOperator) => chain(op).at(-1)?.explain() ?? ''

describe('rule zone-stats', () => {
  it('fires for a count or plain counts over filters reading one field, naming the field', () => {
    expect(scanLine(p.physical('d | count'))).toContain('stats rows [rule zone-stats]')
    expect(scanLine(p.physical("d | where v == 'a' | count"))).toContain('stats v [rule zone-stats]')
    expect(scanLine(p.physical('d | summarize n = count(), m = count() by v'))).toContain(
      'stats v [rule zone-stats]',
    )
    expect(
      scanLine(p.physical("d | where v startswith 'a' | where isnotnull(v) | summarize count()")),
    ).toContain('stats v [rule zone-stats]')
  })

  it('does not fire for two fields, other aggregations, rand(), _time, or without whole zone maps', () => {
    for (const apl of [
      'd | summarize count() by v, w',
      'd | where w > 1 | summarize count() by v',
      'd | summarize dcount(v)',
      'd | summarize count(), sum(w)',
      'd | where rand() < 0.5 | count',
      'd | summarize count() by bin(_time, 1h)',
      "d | where v == 'a' | project v",
    ])
      expect(scanLine(p.physical(apl)), apl).not.toContain('[rule zone-stats]')
    expect(scanLine(p.physical("d | where v == 'a' | count", { zoneStats: false }))).not.toContain(
      '[rule zone-stats]',
    )
  })

  it('returns a rebuilt tree and leaves the one it was given as it was', () => {
    const node = p.plan("d | where v == 'a' | count").root
    const before = p.physical("d | where v == 'a' | count", { zoneStats: false })
    const lines = chain(before).map((op) => op.explain())
    const rebuild = (kids: readonly PhysicalOperator[]) => new CountExec(kids[0], node.schema)
    const after = zoneStatsRule.apply(before, {
      node,
      options: { env: { strictTypes: false, binAutoStep: 1n, now: 0n }, timeDesc: false, zoneStats: true },
      rebuild,
    })
    expect(after).toBeDefined()
    expect(scanLine(after as PhysicalOperator)).toContain('stats v [rule zone-stats]')
    expect(chain(before).map((op) => op.explain())).toEqual(lines)
    // Every operator of the chain is new.
    const old = new Set(chain(before))
    expect(chain(after as PhysicalOperator).some((op) => old.has(op))).toBe(false)
  })
})
