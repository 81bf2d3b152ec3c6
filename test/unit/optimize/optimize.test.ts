// Optimizer rules: clock folding and scan pushdown (explain text), and zone-map pruning that never
// skips a block holding a matching row (checked against a brute-force filter over every row).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { zonePrune } from '../../../src/exec/scan/zone-prune.ts'
import { openStore } from '../../../src/index.ts'
import { optimize } from '../../../src/optimize/index.ts'
import {
  compileApl,
  explainPlan,
  type LogicalNode,
  type Scan,
  schemaFromSnapshot,
} from '../../../src/plan/index.ts'
import { batchToEvents } from '../../../src/storage/block/index.ts'
import { SCHEMA } from '../plan/fixtures.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`optimize seed=${seed}`)
const NOW = BigInt(Date.UTC(2026, 10, 22)) * 1_000_000n

function optimized(apl: string, schema = SCHEMA) {
  const r = compileApl(apl, schema)
  if (!r.plan) throw new Error((r.diagnostics ?? []).map((d) => d.message).join('\n'))
  return optimize(r.plan, { now: NOW })
}

function scanOf(n: LogicalNode): Scan {
  if (n.kind === 'Scan') return n
  const child = 'input' in n ? n.input : undefined
  if (!child) throw new Error(`no scan under ${n.kind}`)
  return scanOf(child)
}

describe('fold clock', () => {
  it('evaluates now() and ago() once, with the injected clock', () => {
    const text = explainPlan(optimized(`print a = now(), b = ago(1d), c = now(-1h) + 30m`))
    expect(text).toContain('2026-11-22T00:00:00Z')
    expect(text).toContain('2026-11-21T00:00:00Z')
    expect(text).toContain('2026-11-21T23:30:00Z')
    expect(text).not.toMatch(/now\(|ago\(/)
  })
})

describe('scan pushdown', () => {
  it('pushes _time bounds and string/number tests of AND-ed conjuncts into the scan', () => {
    const plan = optimized(
      `['sample-http-logs'] | where _time >= ago(1d) and status == '500' | where method =~ 'get' and req_duration_ms > 5 and _time < now()`,
    )
    const scan = scanOf(plan.root)
    expect(scan.pushdown).toEqual({
      timeStart: NOW - 86_400_000_000_000n,
      timeEnd: NOW,
      zone: [
        { op: 'eq_ci', field: 'method', value: 'get' },
        { op: 'range', field: 'req_duration_ms', min: 5 },
        { op: 'eq', field: 'status', value: '500' },
      ],
    })
    expect(explainPlan(plan)).toContain(
      'pushdown [_time in [datetime(2026-11-21T00:00:00Z), datetime(2026-11-22T00:00:00Z)); method eq_ci "get"; req_duration_ms range [5, +inf]; status eq "500"]',
    )
  })

  it('ignores OR, computed columns and filters above other operators', () => {
    const plan = optimized(
      `['sample-http-logs'] | where status == '500' or method == 'GET' | extend s = status | where s == 'x'`,
    )
    expect(scanOf(plan.root).pushdown).toEqual({ zone: [] })
  })

  it('keeps the filter: results are unchanged, only the scan is annotated', () => {
    const plan = optimized(`['sample-http-logs'] | where uri startswith '/api'`)
    expect(plan.root.kind).toBe('Filter')
    expect(scanOf(plan.root).pushdown?.zone).toEqual([{ op: 'prefix_ci', field: 'uri', value: '/api' }])
  })
})

describe('zone pruning', () => {
  const preds: [string, (r: Record<string, unknown>) => boolean][] = [
    [`s == 'b'`, (r) => r.s === 'b'],
    [`s == 'zz'`, (r) => r.s === 'zz'],
    [`s in ('a', 'c')`, (r) => r.s === 'a' || r.s === 'c'],
    [`s startswith 'AB'`, (r) => typeof r.s === 'string' && r.s.toLowerCase().startsWith('ab')],
    [`s =~ 'B'`, (r) => typeof r.s === 'string' && r.s.toLowerCase() === 'b'],
    [`n > 50`, (r) => typeof r.n === 'number' && r.n > 50],
    [`n < 10 and s == 'a'`, (r) => typeof r.n === 'number' && r.n < 10 && r.s === 'a'],
    [`n == 7`, (r) => r.n === 7],
  ]
  it('never skips a block that holds a matching row', async () => {
    let pruned = 0
    let blocks = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            s: fc.option(fc.constantFrom('a', 'b', 'c', 'ab', 'abc', 'B', 'x'.repeat(70)), {
              nil: undefined,
            }),
            n: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 80 },
        ),
        fc.constantFrom(...preds),
        fc.integer({ min: 1, max: 9 }),
        async (rows, [pred, match], blockRows) => {
          const store = await openStore({ blockRows })
          await store.datasets.create({ name: 'z' })
          // A sentinel row that matches no predicate keeps both fields in the schema.
          await store.ingest('z', [{ s: 'sentinel', n: -1 }])
          await store.ingest(
            'z',
            rows.map((r) => ({
              ...(r.s !== undefined ? { s: r.s } : {}),
              ...(r.n !== undefined ? { n: r.n } : {}),
            })),
          )
          await store.flush()
          const snap = store.snapshot()
          const plan = optimized(`z | where ${pred}`, schemaFromSnapshot(snap))
          const prune = zonePrune(scanOf(plan.root).pushdown)
          for (const b of snap.dataset('z')?.blocks ?? []) {
            blocks++
            if (!prune || prune(b.meta.zoneMap)) continue
            pruned++
            const batch = {
              rowCount: b.meta.header.rowCount,
              columns: await (async () => {
                const out = []
                for await (const x of snap.scan('z', { prune: (_z, h) => h === b })) out.push(...x.columns)
                return out
              })(),
            }
            for (const e of batchToEvents(batch))
              expect(match(e.fields as Record<string, unknown>)).toBe(false)
          }
          snap.release()
          await store.close()
        },
      ),
      { seed, numRuns: 150, interruptAfterTimeLimit: 15_000 },
    )
    console.log(`zone-prune blocks=${blocks} pruned=${pruned} wrong_prunes=0`)
    expect(pruned).toBeGreaterThan(0)
  })
})

describe('sort + take → top', () => {
  it('a take directly over a sort becomes a TopN with the sort keys; anything else stays', () => {
    const top = optimized(`['sample-http-logs'] | sort by status asc, uri desc | take 7`).root
    expect(top.kind).toBe('TopN')
    if (top.kind !== 'TopN') return
    expect(top.count).toBe(7n)
    expect(top.keys.map((k) => k.descending)).toEqual([false, true])
    expect(top.input.kind).toBe('Scan')
    expect(
      optimized(`['sample-http-logs'] | sort by status | where status == '500' | take 7`).root.kind,
    ).toBe('Limit')
    expect(optimized(`['sample-http-logs'] | take 7 | sort by status`).root.kind).toBe('Sort')
  })
})
