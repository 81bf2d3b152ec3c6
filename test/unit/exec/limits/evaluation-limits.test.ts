// Evaluation under limits gives the same answers: sliced evaluation (a batch redone in pieces after a
// turn of the event loop) equals whole-batch evaluation; an in-list of constants compiled to a set
// agrees with per-value comparison; constants are computed once; long computed strings keep their
// values; a result-shaping take past the maximum is clamped with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromCells } from '../../../../src/exec/batch.ts'
import { scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { evaluateSliced } from '../../../../src/exec/eval/sliced.ts'
import { QueryGuard, SliceExpired } from '../../../../src/exec/guard.ts'
import { cellsAt } from '../../../../src/exec/vector.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { compileApl, staticSchema } from '../../../../src/plan/index.ts'

let db: Apldb
const W = { startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' }
beforeAll(async () => {
  db = await openStore()
  await db.datasets.create({ name: 'd' })
  await db.ingest(
    'd',
    Array.from({ length: 3000 }, (_, i) => ({
      _time: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      n: i,
      r: i / 7,
      u: `u${i % 50}`,
    })),
  )
})
afterAll(() => db.close())

const column = async (q: string) => (await db.queryResult(q, W)).tables[0].columns[0]

describe('in-lists of constants', () => {
  it('numbers, strings, mixed and dynamic arrays agree with the same tests written out', async () => {
    const nums = Array.from({ length: 500 }, (_, i) => i * 3)
    const big = await column(`['d'] | where n in (${nums.join(',')}) | count`)
    expect(big).toEqual([nums.filter((x) => x < 3000).length])
    const strs = await column(
      `['d'] | where u in (${Array.from({ length: 40 }, (_, i) => `'u${i}'`).join(',')}) | count`,
    )
    expect(strs).toEqual([2400])
    // A long and a real of the same value are one value; NaN never matches; a dynamic array spreads.
    expect(
      await column(
        `['d'] | where n in (1.0, 2, real(nan), 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17) | count`,
      ),
    ).toEqual([17])
    expect(await column(`['d'] | where n in (dynamic([1, 2]), 3) | count`)).toEqual([3])
    expect(await column(`['d'] | where n !in (${nums.join(',')}) | count`)).toEqual([3000 - Number(big[0])])
  })
})

describe('sliced evaluation', () => {
  it('equals whole-batch evaluation when every slice expires at once', async () => {
    const plan = compileApl(
      `datatable(n:long, s:string)[1, 'a', 2, 'b', 3, 'c', 4, 'd', 5, 'e', 6, 'f', 7, 'g', 8, 'h', 9, 'i'] | extend x = strcat(s, tostring(n * 2))`,
      staticSchema({}),
    ).plan
    if (plan?.root.kind !== 'Extend') throw new Error('no plan')
    const node = plan.root
    const rows = 9
    const b = {
      length: rows,
      sel: null,
      cols: [
        fromCells(
          'long',
          Array.from({ length: rows }, (_, i) => i + 1),
        ),
        fromCells(
          'string',
          Array.from({ length: rows }, (_, i) => String.fromCharCode(97 + i)),
        ),
      ],
    }
    const env = { strictTypes: false, binAutoStep: 1n, now: 0n }
    const exprs = node.columns.map((c) => c.expr)
    const whole = await evaluateSliced(exprs, b, scopeOf(node.input.schema, env), undefined)
    // A guard whose every slice is over at once: the batch is redone in pieces down to single rows.
    const guard = new QueryGuard({})
    guard.slice = () => {
      throw new SliceExpired()
    }
    const pieces = await evaluateSliced(exprs, b, scopeOf(node.input.schema, { ...env, guard }), guard)
    const x = node.columns.findIndex((c) => c.name === 'x')
    expect(cellsAt(pieces[x], rows)).toEqual(cellsAt(whole[x], rows))
    expect(cellsAt(whole[x], rows)).toEqual(['a2', 'b4', 'c6', 'd8', 'e10', 'f12', 'g14', 'h16', 'i18'])
  })
})

describe('values and results', () => {
  it('a let constant is computed once and repeated; long computed strings keep their values', async () => {
    const q = `let big = strcat('${'z'.repeat(20_000)}', 'x'); ['d'] | take 3 | extend s = strcat(big, u) | project n = strlen(s), t = substring(s, 20000, 3)`
    const r = await db.queryResult(q, W)
    expect(r.tables[0].columns[0]).toEqual([20_003, 20_003, 20_003])
    expect(new Set(r.tables[0].columns[1]).size).toBe(3)
  })

  it('take past the result maximum returns at most 50,000 rows and says so', async () => {
    const r = await db.queryResult(`['d'] | take 1000000000`, W)
    expect(r.tables[0].columns[0]).toHaveLength(3000)
    expect(r.status.messages).toContainEqual(expect.objectContaining({ code: 'apl_take_clamped' }))
    const s = await db.queryResult(`['d'] | take 1000000000 | summarize count()`, W)
    expect(s.status.messages.map((m) => m.code)).not.toContain('apl_take_clamped')
  })
})
