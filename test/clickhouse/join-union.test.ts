// test/clickhouse/join-union.test.ts: join and union compiled to ClickHouse SQL, with data built to
// tell a wrong mapping apart: duplicate keys on both sides (pairs in left-then-right order), null and
// keys (never match, kept by the outer and anti kinds), a long key against a real one, the first
// left row of each key for innerunique, right-only rows after the rest; union columns merged by name
// (a missing column null, a long widened in a real column, a mixed column), `withsource=`. Each runs
// on both backends: equal results (rows in the local order), and ClickHouse runs it whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JOIN_KINDS } from '../../src/plan/index.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { type Both, compareOn, openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const MIN = 60_000
const at = (i: number) => new Date(NOW_MS - 3 * 86_400_000 + i * 7 * MIN).toISOString()
const LEFT = Array.from({ length: 30 }, (_, i) => ({
  _time: at(i),
  k: i % 6 === 5 ? null : `k${i % 4}`,
  n: i % 5,
  r: i % 7 === 0 ? 0.5 : i % 3,
  v: i,
}))
const RIGHT = Array.from({ length: 14 }, (_, i) => ({
  _time: at(2 * i + 1),
  k: i % 5 === 4 ? null : `k${(i * 3) % 6}`,
  n: i % 3,
  w: `w${i}`,
  x: i % 2 === 0 ? i : `s${i}`,
}))

let both: Both
beforeAll(async () => {
  if (HAVE_CHDB) both = await openBoth({ l: LEFT, r: RIGHT }, { nowMs: NOW_MS, blockRows: 8 })
})
afterAll(async () => {
  await both?.close()
})

const CASES: [what: string, apl: string][] = [
  ...JOIN_KINDS.map((kind): [string, string] => [
    `join kind=${kind} on a string key with nulls and duplicates`,
    `['l'] | join kind=${kind} (['r']) on k | sort by n asc nulls last`,
  ]),
  ...JOIN_KINDS.map((kind): [string, string] => [
    `join kind=${kind} in the local row order`,
    `['l'] | project k, v | join kind=${kind} (['r'] | project k, w) on k | take 1000`,
  ]),
  ['a long key against a real key', `['l'] | join (['r']) on $left.r == $right.n`],
  ['two keys', `['l'] | join kind=leftouter (['r']) on k, n | project v, w, k, n1`],
  [
    'computed keys on each side',
    `['l'] | extend kk = toupper(k) | join (['r'] | extend kk = toupper(k)) on kk`,
  ],
  [
    'join of two summaries',
    `['l'] | summarize c = count() by k | join kind=fullouter (['r'] | summarize d = count() by k) on k`,
  ],
  ['summarize over a join', `['l'] | join kind=inner (['r']) on k | summarize count(), sum(v) by w`],
  [
    'mixed right column passes through',
    `['l'] | join kind=leftouter (['r'] | project k, x) on k | project v, x`,
  ],
  ['union with columns merged by name', `union (['l'] | project k, v), (['r'] | project w, k) | take 1000`],
  ['union withsource', `union withsource=src ['l'], ['r'] | project src, k, n, _time | take 1000`],
  [
    'union widens a long in a real column',
    `union (['l'] | project z = r), (['r'] | project z = n) | take 1000`,
  ],
  [
    'union of a string and a long column (mixed)',
    `union (['l'] | project z = k), (['r'] | project z = n) | take 1000`,
  ],
  ['union as a pipe operator', `['l'] | union ['r'] | summarize count() by k`],
  ['union then sort', `union ['l'], ['r'] | sort by n asc, _time desc | project n, _time, k`],
]

describe.skipIf(!HAVE_CHDB)('join and union on ClickHouse', () => {
  for (const [what, apl] of CASES) {
    it(what, async () => {
      const o = await compareOn(both, apl, { now: NOW })
      expect(o.kind, o.diff).toBe('agree')
      expect(o.pushedDown).toBe(true)
    })
  }

  it('a key pair the local executor refuses fails the same way', async () => {
    const o = await compareOn(both, `['l'] | join (['r']) on $left.k == $right.x`, { now: NOW })
    expect(o.kind).not.toBe('differ')
    expect(o.pushedDown).toBe(false)
  })

  it('explain shows one statement with the JOIN', async () => {
    const e = await both.ch.explain(`['l'] | join kind=innerunique (['r']) on k`)
    expect(e.physical).toMatch(/^ClickHouseExec sql=.*LIMIT 1 BY .* INNER JOIN /)
  })
})
