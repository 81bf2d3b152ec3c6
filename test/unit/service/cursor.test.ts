// Cursors: the row-id form, min/max from a result, and how a cursor narrows the query window in
// the result's time direction.
import { describe, expect, it } from 'vitest'
import type { QueryResult } from '../../../src/exec/result.ts'
import { compileApl, staticSchema } from '../../../src/plan/index.ts'
import { parseCursor, resultCursors, windowAfterCursor } from '../../../src/service/cursor.ts'
import { syntheticRowId } from '../../../src/wire/index.ts'

const plan = (apl: string) => {
  const b = compileApl(apl, staticSchema({ ds: { _time: 'datetime', a: 'integer' } }))
  if (!b.plan) throw new Error(b.diagnostics.map((d) => d.message).join())
  return b.plan
}
const T = 1_700_000_000_000_000_000n
const NOW = 1_800_000_000_000_000_000n

describe('cursors', () => {
  it('round-trips the legacy _rowId form; refuses others', () => {
    expect(parseCursor(syntheticRowId(T, 7))).toBe(T)
    expect(parseCursor(syntheticRowId(-5n, 0))).toBe(-5n)
    expect(() => parseCursor('c776x1uafkpu-4918f6cb9000095-0')).toThrow(/not a cursor/)
  })

  it('min/max cursors come from the first table’s _time column', () => {
    const result = {
      tables: [
        {
          name: '0',
          sources: [],
          fields: [{ name: '_time', type: 'datetime' }],
          columns: [[T + 2n, T, null, T + 1n]],
          order: [],
          groups: [],
        },
      ],
      status: {},
      datasetNames: [],
    } as unknown as QueryResult
    expect(resultCursors(result)).toEqual({
      minCursor: syntheticRowId(T, 1),
      maxCursor: syntheticRowId(T + 2n, 0),
    })
  })

  it('newest-first moves the end (exclusive, or just past the row with includeCursor)', () => {
    const c = syntheticRowId(T, 0)
    expect(windowAfterCursor({}, c, false, plan("['ds']"), NOW)).toEqual({ endTime: '2023-11-14T22:13:20Z' })
    expect(windowAfterCursor({}, c, true, plan("['ds']"), NOW).endTime).toBe('2023-11-14T22:13:20.000000001Z')
    // An earlier given end wins.
    expect(windowAfterCursor({ endTime: '2020-01-01T00:00:00Z' }, c, false, plan("['ds']"), NOW)).toEqual({
      endTime: '2020-01-01T00:00:00Z',
    })
  })

  it('an ascending sort on _time moves the start', () => {
    const c = syntheticRowId(T, 0)
    expect(windowAfterCursor({}, c, false, plan("['ds'] | sort by _time asc | take 5"), NOW)).toEqual({
      startTime: '2023-11-14T22:13:20.000000001Z',
    })
    expect(windowAfterCursor({}, c, true, plan("['ds'] | sort by _time asc"), NOW).startTime).toBe(
      '2023-11-14T22:13:20Z',
    )
  })
})
