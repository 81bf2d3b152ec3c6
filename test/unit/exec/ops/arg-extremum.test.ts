// test/unit/exec/ops/arg-extremum.test.ts: arg_max / arg_min in the executor, checked against values
// worked out by hand: the returned columns come from the picked row; ties keep the first row in scan
// order across blocks (blocks of 2 rows plus an unsealed tail); nulls are skipped; `*`, named forms,
// grouped / ungrouped, bin(_time) groups; datetimes with nanoseconds and before 1970; the explain text.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../../src/index.ts'

const NOW_MS = Date.UTC(2026, 0, 10)
const T0 = Date.UTC(2026, 0, 1)
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()

/**
 * Ten events, two per sealed block (the last two stay in the tail). `v` ties at 9 in rows 2, 5 and 8
 * (group a: rows 2 and 8; b: row 5) and at 1 in rows 3 and 9; row 0 has no `v`.
 */
const EVENTS = [
  { _time: at(0), g: 'a', s: 'r0', ts: '1969-12-31T23:59:59.999999999Z' },
  { _time: at(10), g: 'b', v: 4, s: 'r1', ts: '2026-01-01T00:00:00.000000001Z', tags: ['x'] },
  { _time: at(20), g: 'a', v: 9, s: 'r2', ts: '2026-01-01T00:00:00.000000002Z' },
  { _time: at(30), g: 'b', v: 1, s: 'r3', ts: '1960-06-01T00:00:00Z' },
  { _time: at(40), g: 'a', v: 3, ts: '2026-01-01T00:00:00.000000002Z' },
  { _time: at(50), g: 'b', v: 9, s: 'r5' },
  { _time: at(60), g: 'a', v: 2, s: 'r6', ts: '2030-01-01T00:00:00Z' },
  { _time: at(70), g: 'b', v: 7, s: 'r7' },
  { _time: at(80), g: 'a', v: 9, s: 'r8', ts: '2030-01-01T00:00:00Z' },
  { _time: at(90), g: 'b', v: 1, s: 'r9' },
]

let db: Apldb
beforeAll(async () => {
  db = await openStore({ clock: () => NOW_MS, blockRows: 2, sealWorker: false, durability: 'none' })
  await db.datasets.create({ name: 'e' })
  await db.ingest('e', EVENTS.slice(0, 8))
  await db.settle()
  await db.ingest('e', EVENTS.slice(8))
})
afterAll(async () => {
  await db.close()
})

/** The tabular wire result `db.query` answers with (the parts read here). */
interface Tabular {
  readonly tables: readonly {
    fields: readonly { name: string }[]
    columns: readonly (readonly unknown[])[]
  }[]
}

/** Rows of the first table as objects (wire cells: times are RFC 3339 text). */
function rows(r: Tabular): Record<string, unknown>[] {
  const t = r.tables[0]
  const n = t.columns[0]?.length ?? 0
  return Array.from({ length: n }, (_, i) =>
    Object.fromEntries(t.fields.map((f, c) => [f.name, t.columns[c][i]])),
  )
}

async function query(apl: string): Promise<Record<string, unknown>[]> {
  return rows((await db.query(apl, { startTime: '2025-01-01T00:00:00Z' } as never)) as Tabular)
}

/** A time as the result carries it (RFC 3339, fraction trimmed). */
const wire = (iso: string) => iso.replace('.000Z', 'Z')

describe('arg_max / arg_min in summarize', () => {
  it('ties keep the first row in scan order, across blocks and the tail; nulls are skipped', async () => {
    expect(
      await query('e | summarize arg_max(v, s, _time), arg_min(v, lo = s) by g | sort by g asc'),
    ).toEqual([
      { g: 'a', v: 9, s: 'r2', _time: wire(at(20)), v_1: 2, lo: 'r6' },
      { g: 'b', v: 9, s: 'r5', _time: wire(at(50)), v_1: 1, lo: 'r3' },
    ])
  })

  it('ungrouped; a missing returned value is null; no rows at all gives one row of nulls', async () => {
    expect(await query('e | summarize top = arg_max(v, s), arg_min(v, s, tags)')).toEqual([
      { top: 9, s: 'r2', v: 1, s_1: 'r3', tags: null },
    ])
    expect(await query("e | where s == 'r4' or isnull(s) | summarize arg_max(v, s)")).toEqual([
      { v: 3, s: null },
    ])
    expect(await query("e | where g == 'none' | summarize arg_max(v, s)")).toEqual([{ v: null, s: null }])
  })

  it('a group whose values are all null gives nulls', async () => {
    expect(await query('e | summarize arg_max(v, s) by g | where g == "a" and isnull(s)')).toEqual([])
    expect(await query('e | where isnull(v) | summarize arg_max(v, s, g) by g')).toEqual([
      { g: 'a', v: null, s: null, g_1: null },
    ])
  })

  it('`*`: every other column of the row (a dynamic one included)', async () => {
    expect(await query('e | summarize arg_min(v, *) by g | sort by g asc')).toEqual([
      {
        g: 'a',
        v: 2,
        _sysTime: wire(new Date(NOW_MS).toISOString()),
        _time: wire(at(60)),
        s: 'r6',
        tags: null,
        ts: '2030-01-01T00:00:00Z',
      },
      {
        g: 'b',
        v: 1,
        _sysTime: wire(new Date(NOW_MS).toISOString()),
        _time: wire(at(30)),
        s: 'r3',
        tags: null,
        ts: '1960-06-01T00:00:00Z',
      },
    ])
    expect(await query('e | summarize arg_max(v, *) by g | where g == "b" | project tags')).toEqual([
      { tags: null },
    ])
    expect(await query("e | where s == 'r1' | summarize arg_max(v, *)")).toMatchObject([
      { v: 4, g: 'b', tags: ['x'] },
    ])
  })

  it('bin(_time) groups, and string values', async () => {
    expect(
      await query('e | summarize arg_max(s, v), arg_min(s, v) by bin(_time, 30m) | sort by _time asc'),
    ).toEqual([
      { _time: wire(at(0)), s: 'r2', v: 9, s_1: 'r0', v_1: null },
      { _time: wire(at(30)), s: 'r5', v: 9, s_1: 'r3', v_1: 1 },
      { _time: wire(at(60)), s: 'r8', v: 9, s_1: 'r6', v_1: 2 },
      { _time: wire(at(90)), s: 'r9', v: 1, s_1: 'r9', v_1: 1 },
    ])
  })

  it('datetime values keep their nanoseconds, before 1970 too', async () => {
    expect(await query('e | summarize arg_max(todatetime(ts), s), arg_min(todatetime(ts), s)')).toEqual([
      { max_: '2030-01-01T00:00:00Z', s: 'r6', min_: '1960-06-01T00:00:00Z', s_1: 'r3' },
    ])
    // Row 2 and row 4 tie at …002 ns: the first (r2) wins; the pre-1970 value is the smallest after 1960.
    expect(
      await query(
        "e | where ts startswith '20' and ts !startswith '2030' | summarize arg_max(todatetime(ts), s)",
      ),
    ).toEqual([{ max_: '2026-01-01T00:00:00.000000002Z', s: 'r2' }])
    expect(await query("e | where ts !startswith '1960' | summarize arg_min(todatetime(ts), s)")).toEqual([
      { min_: '1969-12-31T23:59:59.999999999Z', s: 'r0' },
    ])
  })

  it('the physical plan is one AggregateExec; explain lists the returned columns', async () => {
    const report = (await db.explain('e | summarize arg_max(v, s) by g')) as unknown as {
      logical: string
      physical: string
    }
    expect(report.logical).toContain('aggs [v=arg_max(v, s):long +[s:string]]')
    expect(report.physical).toMatch(/^AggregateExec by \[g\] aggs 1/)
  })
})
