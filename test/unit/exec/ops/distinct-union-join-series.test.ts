// test/unit/exec/ops/distinct-union-join-series.test.ts: distinct, union, search (AnyColumn), join
// (every kind) and make-series against the reference evaluator, on the fixture's logs/users and a small
// httpLogs dataset, for block sizes 1, 7 and 1000 and with the optimizer on and off; plus the join row
// bound.
import { afterAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { createContext, ExecError } from '../../../../src/exec/context.ts'
import { scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { JoinExec, MAX_JOIN_BUILD_ROWS } from '../../../../src/exec/ops/join-exec.ts'
import { build } from '../../../../src/exec/physical-planner.ts'
import { openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot, staticSchema } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { LOGS, NOW, NOW_MS, USERS } from '../../../reference/fixture.ts'

const HTTP = httpLogs(400, { seed: 5, startMs: NOW_MS - 2 * 86_400_000, spanMs: 2 * 86_400_000 })
const USERS_DT = "datatable(user:string, nick:string)['u1', 'one', 'u2', 'two', 'u2', 'deux', 'zz', 'none']"

/** Queries run on every configuration (each fails the test when the engine differs from the reference). */
const MORE_QUERIES: readonly string[] = [
  // Distinct
  `logs | distinct method`,
  `logs | distinct method, is_tls`,
  `logs | distinct city`,
  `logs | distinct status`,
  `logs | extend d = bin(duration_ms, 10) | distinct d`,
  `http | distinct method, status`,
  `http | distinct server_datacenter`,
  // Union
  `union logs, users`,
  `union withsource=src logs, users | project src, user, name, method`,
  `union (logs | where method == 'GET' | project user, duration_ms), (users | project user, name)`,
  `union (logs | project x = bytes), (logs | project x = duration_ms)`,
  `union withsource=ds logs, http | summarize count() by ds`,
  // Search (AnyColumn over string columns)
  `logs | search "api"`,
  `logs | search "GET" and not "users"`,
  `logs | search kind=case_sensitive "get"`,
  `logs | search uri:"users"`,
  `logs | search "*"`,
  `logs | where * has 'seattle'`,
  `search in (logs, users) "u2"`,
  `http | search "delete"`,
  // Join
  `logs | join (users) on user`,
  `logs | join kind=inner (users) on user`,
  `logs | join kind=innerunique (users) on user`,
  `logs | join kind=leftouter (users) on user`,
  `logs | join kind=rightouter (users) on user`,
  `logs | join kind=fullouter (users) on user`,
  `logs | join kind=leftanti (users) on user`,
  `logs | join kind=rightanti (users) on user`,
  `logs | join kind=leftsemi (users) on user`,
  `logs | join kind=rightsemi (users) on user`,
  `logs | join kind=leftouter (${USERS_DT}) on user | project user, uri, nick`,
  `logs | join kind=inner (${USERS_DT}) on $left.user == $right.user`,
  `users | join kind=innerunique (logs | project user, method) on user`,
  `logs | join kind=inner (logs | summarize n = count() by method) on method`,
  `logs | join kind=inner (logs | project method, city, d2 = duration_ms) on method, city`,
  `http | join kind=inner (http | summarize c = count() by method, server_datacenter) on method, server_datacenter | summarize sum(c) by method`,
  `http | summarize n = count() by id | join kind=leftouter (http | where status == '500' | summarize e = count() by id) on id`,
  // MakeSeries
  `logs | make-series count() on _time step 1d`,
  `logs | make-series count() on _time step 1d by method`,
  `logs | make-series c = count(), a = avg(duration_ms) default = -1.0, m = max(bytes) on _time from datetime(2026-01-02) to datetime(2026-01-06) step 12h by is_tls`,
  `logs | make-series sum(bytes), countif(method == 'GET') on _time step 2d`,
  `logs | make-series min(_time) on _time step 3d by method`,
  `logs | make-series count() on bytes step 1000`,
  `logs | make-series avg(bytes) on duration_ms step 2.5`,
  `http | make-series count() on _time step 1h by server_datacenter`,
  `http | make-series avg(req_duration_ms) on _time from datetime(2026-01-08T12:00:00Z) step 6h by method`,
]

let runs = 0
afterAll(() => console.log(`more-ops runs=${runs}`))

describe('distinct, union, search, join, make-series = reference', () => {
  for (const blockRows of [1, 7, 1000]) {
    it(`blockRows=${blockRows}`, async () => {
      const store = await openStore({ clock: () => NOW_MS, blockRows, durability: 'none' })
      for (const [name, events] of [
        ['logs', LOGS],
        ['users', USERS],
        ['http', blockRows === 1 ? HTTP.slice(0, 120) : HTTP],
      ] as const) {
        await store.datasets.create({ name })
        await store.ingest(name, events as Record<string, unknown>[])
      }
      await store.settle()
      const snap = store.snapshot()
      const failures: string[] = []
      for (const apl of MORE_QUERIES) {
        const bound = compileApl(apl, schemaFromSnapshot(snap))
        if (!bound.plan) {
          failures.push(`${apl}: ${bound.diagnostics.map((d) => d.message).join('; ')}`)
          continue
        }
        const ref = await evaluate(snap, bound.plan, { now: NOW })
        for (const optimize of [true, false]) {
          runs++
          try {
            const got = await runPlan(snap, bound.plan, { now: NOW, optimize })
            const d = diffResults(got, ref, bound.plan.order === 'explicit')
            if (d) failures.push(`${apl} [optimize=${optimize}] ${d}`)
          } catch (e) {
            failures.push(`${apl} [optimize=${optimize}] threw ${(e as Error).message}`)
          }
        }
      }
      snap.release()
      await store.close()
      expect(failures).toEqual([])
    }, 60_000)
  }
})

describe('JoinExec limits', () => {
  const env = { strictTypes: false, binAutoStep: 60_000_000_000n, now: NOW }
  const plan = (apl: string) => {
    const r = compileApl(apl, staticSchema({}))
    if (r.plan?.root.kind !== 'Join') throw new Error(`${apl}: not a join`)
    return r.plan.root
  }
  const drain = async (op: JoinExec) => {
    const ctx = createContext({
      snapshot: undefined as never,
      window: {},
      now: NOW,
      strictTypes: false,
      deadline: undefined,
      signal: undefined,
    })
    let n = 0
    for await (const b of op.batches(ctx)) n += b.length
    return n
  }
  const join = (node: ReturnType<typeof plan>, max?: number) =>
    new JoinExec(
      build(node.left, { env, timeDesc: false }),
      build(node.right, { env, timeDesc: false }),
      node,
      scopeOf(node.left.schema, env),
      scopeOf(node.right.schema, env),
      max,
    )

  it('refuses a build side past the row bound with join_too_large', async () => {
    expect(MAX_JOIN_BUILD_ROWS).toBe(1_000_000)
    const node = plan(
      'datatable(k:long)[1, 2, 3] | join (datatable(k:long, v:string)[1, "a", 2, "b", 2, "c"]) on k',
    )
    expect(await drain(join(node, 3))).toBe(3)
    const err = await drain(join(node, 2)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ExecError)
    expect((err as ExecError).code).toBe('join_too_large')
  })

  it('refuses key pairs of different types (no silent mismatch)', () => {
    const node = plan("datatable(k:long)[1] | join (datatable(s:string)['1']) on $left.k == $right.s")
    expect(() => join(node)).toThrow(/not supported yet/)
  })
})
