// Rule late-materialization (exec/rules/late-materialization-rule.ts): a TopN over filters over a scan
// reads early only what its keys and filters read (seen in explain); the rest waits for the kept rows.
// That fetched rows read as early-read ones is test/unit/exec/ops/top-n-bound.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { TopNExec } from '../../../../src/exec/ops/top-n-exec.ts'
import { lateMaterializationRule } from '../../../../src/exec/rules/late-materialization-rule.ts'
import { chain, ENV, planner } from './rule-fixture.ts'

let p: Awaited<ReturnType<typeof planner>>
beforeAll(async () => {
  p = await planner()
})
afterAll(() => p.close())

const topIn = (op: PhysicalOperator) => chain(op).find((x) => x instanceof TopNExec) as TopNExec
const topOf = (apl: string) => topIn(p.physical(apl))

describe('rule late-materialization', () => {
  it('leaves for later the columns neither keys nor filters read', () => {
    const top = topOf("d | where v == 'a' | top 5 by w")
    expect([...(top.link?.late?.early ?? [])].sort()).toEqual(['v', 'w'])
    // _time, x, pad and the store's own columns.
    const late = top.link?.late?.indices.length ?? 0
    expect(late).toBeGreaterThanOrEqual(3)
    expect(chain(top).at(-1)?.explain()).toContain(`late ${late} [rule late-materialization]`)
    expect(top.explain()).toContain('[rule late-materialization]')
  })

  it('fires for the row cap too (no bound there), and with a bound shares its link', () => {
    const node = p.plan('d | top 5 by w').root
    const capped = topIn(p.physicalOf(node, { rowCap: node }))
    expect(capped.link?.bound).toBeUndefined()
    expect(capped.link?.late).toBeDefined()
    const both = topOf('d | top 5 by w')
    expect(both.link?.bound && both.link.late).toBeTruthy()
    const scan = chain(both).at(-1) as unknown as { modes: { top: unknown } }
    expect(scan.modes.top).toBe(both.link)
  })

  it('does not fire when every column is read early, or over what is not filters over a scan', () => {
    expect(topOf('d | project w | top 5 by w').link?.late).toBeUndefined()
    expect(topOf('d | summarize c = count() by w | top 5 by c').link).toBeUndefined()
    const top = topOf('d | top 5 by w')
    expect(
      lateMaterializationRule.apply(top, {
        node: p.plan('d | top 5 by w').root,
        options: { env: ENV, timeDesc: false },
        rebuild: () => top,
      }),
    ).toBeUndefined()
  })
})
