// test/unit/exec/ops/extend-chain.test.ts: long `extend` chains (issue 28: planned in linear time,
// an extend that only adds names keeps its input's columns in place and borrows its input's name
// index). Answers are computed here by plain arithmetic: chains that add names, replace names (a
// replaced name moves to the end), read columns made many stages earlier, and a `let` chain used twice.
import { describe, expect, it } from 'vitest'
import type { QueryResult } from '../../../../src/exec/result.ts'
import { runQuery } from '../../../../src/exec/run.ts'
import { compileApl, staticSchema } from '../../../../src/plan/index.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'

const NOW = 2_000_000_000_000_000_000n
const DT = 'datatable(n:long, s:string)[1, "a", 2, "b", 3, "c"]'

async function q(text: string): Promise<QueryResult> {
  const r = compileApl(text, staticSchema({}))
  if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
  return runQuery(undefined as unknown as Snapshot, r.plan, { now: NOW })
}

const cols = (res: QueryResult) =>
  Object.fromEntries(res.tables[0].fields.map((f, i) => [f.name, res.tables[0].columns[i]]))

describe('long extend chains', () => {
  it('300 stages that add names, each reading the one before and one 50 stages back', async () => {
    let text = `${DT} | extend c0 = n`
    for (let i = 1; i < 300; i++) text += ` | extend c${i} = c${i - 1} + ${i % 7} + c${Math.max(0, i - 50)}`
    const r = cols(await q(`${text} | project n, c299, c150, s`))
    const expected = [1, 2, 3].map((n) => {
      const c = [n]
      for (let i = 1; i < 300; i++) c.push(c[i - 1] + (i % 7) + c[Math.max(0, i - 50)])
      return c
    })
    expect(r.n).toEqual([1, 2, 3])
    expect(r.s).toEqual(['a', 'b', 'c'])
    expect(r.c299).toEqual(expected.map((c) => c[299]))
    expect(r.c150).toEqual(expected.map((c) => c[150]))
  })

  it('stages that replace names between stages that add them keep every position right', async () => {
    // Every third stage replaces `n` (it moves to the end), the others add a name reading `n`.
    let text = DT
    const names: string[] = ['n', 's']
    const value = new Map<string, number[]>([['n', [1, 2, 3]]])
    for (let i = 0; i < 120; i++) {
      if (i % 3 === 0) {
        text += ` | extend n = n * 2 - ${i}`
        value.set(
          'n',
          (value.get('n') as number[]).map((v) => v * 2 - i),
        )
        names.splice(names.indexOf('n'), 1)
        names.push('n')
      } else {
        text += ` | extend x${i} = n + ${i}`
        value.set(
          `x${i}`,
          (value.get('n') as number[]).map((v) => v + i),
        )
        names.push(`x${i}`)
      }
    }
    const res = await q(text)
    expect(res.tables[0].fields.map((f) => f.name)).toEqual(names)
    const r = cols(res)
    for (const [name, v] of value) expect(r[name]).toEqual(v)
    expect(r.s).toEqual(['a', 'b', 'c'])
  })

  it('a let chain used on both sides of a union gives the same columns twice', async () => {
    let chain = DT
    for (let i = 0; i < 100; i++) chain += ` | extend e${i} = n * ${i}`
    const r = cols(
      await q(`let t = ${chain};\nunion (t | where n < 3), (t | where n >= 2) | project n, e99, e1`),
    )
    expect(r.n).toEqual([1, 2, 2, 3])
    expect(r.e99).toEqual([99, 198, 198, 297])
    expect(r.e1).toEqual([1, 2, 2, 3])
  })
})
