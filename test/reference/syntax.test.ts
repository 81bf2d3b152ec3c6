// test/reference/syntax.test.ts: the T1/T2 syntax items of apl-reference §9 (literals, names,
// comments, let, dynamic access), each evaluated once over the fixture.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cell, type Fixture, ns, openFixture, rows, run } from './fixture.ts'

let fx: Fixture
beforeAll(async () => {
  fx = await openFixture()
})
afterAll(async () => {
  await fx.close()
})

const q = (apl: string) => run(fx.snap, apl)

describe('T1 syntax', () => {
  it('pipeline, bare and bracket-quoted dataset references', async () => {
    expect(cell(await q('logs | count'))).toBe(20)
    expect(cell(await q("['logs'] | count"))).toBe(20)
    expect(cell(await q('["logs"] | count'))).toBe(20)
  })
  it('bracket-quoted field names', async () => {
    expect(cell(await q("logs | where ['method'] == 'PUT' | project ['user']"))).toBe('u5')
  })
  it('\'…\' and "…" strings with escapes', async () => {
    expect(rows(await q(`print a = "a\\"b", b = 'it\\'s', c = "t\\tx"`))).toEqual([
      { a: 'a"b', b: "it's", c: 't\tx' },
    ])
  })
  it('integer and real literals, true/false', async () => {
    expect(rows(await q('print a = 42, b = 0.5, c = 1e3, d = true, e = false'))).toEqual([
      { a: 42, b: 0.5, c: 1000, d: true, e: false },
    ])
  })
  it('timespan literals', async () => {
    expect(rows(await q('print a = 1d, b = 90m, c = 1.5h, d = 10ms, e = 2s'))).toEqual([
      {
        a: 86_400_000_000_000n,
        b: 5_400_000_000_000n,
        c: 5_400_000_000_000n,
        d: 10_000_000n,
        e: 2_000_000_000n,
      },
    ])
  })
  it('// comments', async () => {
    expect(cell(await q('logs // every event\n| count // total'))).toBe(20)
  })
  it('named outputs, by, asc, desc', async () => {
    expect(rows(await q('logs | summarize n = count() by is_tls | sort by n asc'))).toEqual([
      { is_tls: false, n: 8 },
      { is_tls: true, n: 12 },
    ])
  })
})

describe('T2 syntax', () => {
  it('dynamic literals with dot and index access', async () => {
    expect(
      rows(
        await q(
          'print a = dynamic({"a": {"b": [10, 20]}}).a.b[1], b = dynamic({"k": 1})["k"], c = dynamic([1, 2])[-1], d = dynamic({"k": 1}).z',
        ),
      ),
    ).toEqual([{ a: 20, b: 1, c: 2, d: null }])
  })
  it('index access on a stored array', async () => {
    expect(rows(await q("logs | where user == 'u2' and isnotnull(tags) | project t = tags[1]"))).toEqual([
      { t: 'b' },
    ])
  })
  it('datetime literals', async () => {
    expect(
      rows(await q('print a = datetime(2026-01-02 03:04:05.5), b = datetime(2026-01-02T03:04:05Z)')),
    ).toEqual([{ a: ns('2026-01-02T03:04:05.5Z'), b: ns('2026-01-02T03:04:05Z') }])
  })
  it('verbatim strings keep backslashes', async () => {
    expect(rows(await q('print a = @"C:\\tmp", b = strlen(@\'\\d\')'))).toEqual([{ a: 'C:\\tmp', b: 2 }])
  })
  it('let statements (scalar and tabular)', async () => {
    expect(cell(await q('let t = 100; logs | where duration_ms > t | count'))).toBe(3)
    expect(cell(await q("let T = logs | where method == 'POST'; T | count"))).toBe(3)
  })
})
