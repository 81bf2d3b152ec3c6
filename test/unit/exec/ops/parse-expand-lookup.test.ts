// test/unit/exec/ops/parse-expand-lookup.test.ts: the operators of issue 21 (parse family, mv-expand,
// lookup, …) against the reference evaluator on the fixture's logs/users and a small httpLogs dataset,
// for block sizes 1, 7 and 1000 and with the optimizer on and off; plus operator-level checks (parse
// once per dictionary entry).
import { afterAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { LOGS, NOW, NOW_MS, USERS } from '../../../reference/fixture.ts'

const HTTP = httpLogs(400, { seed: 11, startMs: NOW_MS - 2 * 86_400_000, spanMs: 2 * 86_400_000 })

/** Queries run on every configuration (each fails the test when the engine differs from the reference). */
const T3_QUERIES: readonly string[] = [
  // parse, parse-where, parse-kv
  `logs | parse uri with '/api/' version '/' resource '/' action | project uri, version, resource, action`,
  `logs | parse kind=regex uri with @'/api/v(\\d)' v:long '/' rest | project uri, v, rest`,
  `logs | parse kind=relaxed msg with first ' ' second:long * | project msg, first, second`,
  `logs | parse-where msg with * 'timed ' what | project user, what`,
  `logs | parse status with code:long | summarize count() by code`,
  `logs | parse duration_ms with whole:long '.' frac:long | project duration_ms, whole, frac`,
  `http | parse uri with * '/' last | summarize n = count() by last`,
  `http | parse-where kind=regex flags=i method with 'p' rest | summarize count() by rest`,
  `http | parse-kv uri as (a, b:long) with (pair_delimiter='/', kv_delimiter='i') | summarize count() by a, b`,
  `logs | extend kv = strcat('u=', user, ';m=', method) | parse-kv kv as (u, m) with (pair_delimiter=';', kv_delimiter='=') | project u, m`,
  // mv-expand
  `logs | mv-expand tags | project user, tags`,
  `logs | mv-expand with_itemindex=i t = tags to typeof(string) limit 1 | project user, t, i`,
  `logs | extend a = pack_array(user, method), b = pack_array(bytes) | mv-expand a, b | project a, b`,
  `http | extend a = pack_array(method, status, uri) | mv-expand a | summarize count() by tostring(a)`,
  // lookup, project-reorder, extend-valid, getschema
  `logs | lookup (users) on user | project user, name, plan`,
  `logs | lookup kind=inner (users | project u = user, plan) on $left.user == $right.u | summarize count() by plan`,
  `logs | project-reorder user, m* desc | take 3`,
  `logs | extend-valid city = iff(city == 'Tokyo', '', city) | project city`,
]

let runs = 0
afterAll(() => console.log(`t3-ops runs=${runs}`))

describe('issue 21 operators = reference', () => {
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
      for (const apl of T3_QUERIES) {
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
