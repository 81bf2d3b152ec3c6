// Rule top-n-bound (exec/rules/top-n-bound-rule.ts): which top-N shapes share a bound with their scan
// (seen in both explain lines), which do not, and that the TopN and the scan get the same bound
// object. What the bound then prunes is test/unit/exec/ops/top-n-bound.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { TopNExec } from '../../../../src/exec/ops/top-n-exec.ts'
import { topNBoundRule } from '../../../../src/exec/rules/top-n-bound-rule.ts'
import { chain, ENV, planner } from './rule-fixture.ts'

let p: Awaited<ReturnType<typeof planner>>
beforeAll(async () => {
  p = await planner()
})
afterAll(() => p.close())

describe('rule top-n-bound', () => {
  it('fires for one plain long, real or datetime key over filters over a scan', () => {
    for (const [apl, field] of [
      ['d | top 5 by w', 'w'],
      ['d | where v == "a" | top 5 by x asc', 'x'],
      ['d | sort by _time desc | take 3', '_time'],
    ] as const) {
      const ops = chain(p.physical(apl))
      const top = ops.find((op) => op instanceof TopNExec) as TopNExec
      expect(top.explain(), apl).toContain('[rule top-n-bound]')
      expect(ops.at(-1)?.explain(), apl).toContain(`top-bound ${field} [rule top-n-bound]`)
      expect(top.link?.bound?.field).toBe(field)
    }
  })

  it('does not fire for a string key, an expression, two keys, or what is not filters over a scan', () => {
    for (const apl of [
      'd | top 5 by v',
      'd | top 5 by w + 1',
      'd | sort by w, x | take 5',
      'd | extend y = w * 2 | top 5 by w',
      'd | top 0 by w',
    ]) {
      const ops = chain(p.physical(apl))
      expect(ops.at(-1)?.explain(), apl).not.toContain('[rule top-n-bound]')
      const top = ops.find((op) => op instanceof TopNExec) as TopNExec | undefined
      expect(top?.link?.bound, apl).toBeUndefined()
    }
  })

  it('not for the row cap, whose TopN must count every matching row', () => {
    const node = p.plan('d | top 5 by w').root
    const op = p.physicalOf(node, { rowCap: node })
    expect(op.explain()).not.toContain('[rule top-n-bound]')
  })

  it('hands one bound to both ends, rebuilding the chain instead of changing it', () => {
    const node = p.plan('d | where w > 0 | top 5 by w').root
    // Built with the rule ignored (the row cap), then the rule applied alone.
    const before = p.physicalOf(node, { rowCap: node }) as TopNExec
    const lines = chain(before).map((op) => op.explain())
    const after = topNBoundRule.apply(before, {
      node,
      options: { env: ENV, timeDesc: false },
      rebuild: () => {
        throw new Error('not needed')
      },
    }) as TopNExec
    expect(after).toBeInstanceOf(TopNExec)
    expect(chain(before).map((op) => op.explain())).toEqual(lines)
    const old = new Set<PhysicalOperator>(chain(before))
    expect(chain(after).some((op) => old.has(op))).toBe(false)
    const scan = chain(after).at(-1) as unknown as { modes: { top?: { bound?: unknown } } }
    expect(scan.modes.top?.bound).toBe(after.link?.bound)
    expect(after.link?.late).toBe(before.link?.late)
  })
})
