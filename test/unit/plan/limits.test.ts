// test/unit/plan/limits.test.ts: queries at the parser's size limits bind without exhausting the stack
// (long pipelines, long operator chains, deep brackets) and explain stays proportional to the plan.

import { describe, expect, it } from 'vitest'
import { compileApl, explainNode, staticSchema } from '../../../src/plan/index.ts'

const schema = staticSchema({ t: { _time: 'datetime', a: 'integer', s: 'string' } })

describe('size limits', () => {
  it('a pipeline of 5,000 stages binds; explain indentation is capped', () => {
    const r = compileApl(`t${' | where a > 1'.repeat(5000)}`, schema)
    if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
    const text = explainNode(r.plan.root)
    expect(text.split('\n')).toHaveLength(5001)
    expect(text.length).toBeLessThan(5001 * 120)
    expect(text.split('\n')[4000]).toMatch(/^ {64}\(4000\) Filter: \(a > 1\)$/)
  })

  it('long operator chains and deep brackets bind', () => {
    const chain = compileApl(`t | extend x = ${Array.from({ length: 900 }, () => 'a').join(' + ')}`, schema)
    expect(chain.plan?.root.schema.at(-1)).toMatchObject({ name: 'x', type: 'long' })
    const deep = compileApl(`t | where ${'('.repeat(800)}a${')'.repeat(800)} == 1`, schema)
    expect(deep.plan).toBeDefined()
  })
})
