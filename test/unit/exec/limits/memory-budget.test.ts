// Memory accounting: a query charges what it is about to hold; past its own budget it stops with
// query_memory_exceeded naming what needed the memory and the budget; past the process pool it
// stops with the process scope (429 at the API); the pool's cache shrinks before a query is refused;
// everything is given back when the query ends.
import { afterEach, describe, expect, it } from 'vitest'
import { ExecError } from '../../../../src/exec/context.ts'
import { QueryMemory } from '../../../../src/exec/query-memory.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { MemoryPool } from '../../../../src/util/memory/index.ts'

const MiB = 1 << 20

describe('QueryMemory and MemoryPool', () => {
  it('refuses a charge past the query budget before taking it, naming the taker and the budget', () => {
    const pool = new MemoryPool(100 * MiB, 10 * MiB)
    const m = new QueryMemory(10 * MiB, pool)
    m.charge(8 * MiB, 'SortExec')
    const e = (() => {
      try {
        m.charge(4 * MiB, 'JoinExec (right side)')
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(ExecError)
    expect(e).toMatchObject({ code: 'query_memory_exceeded', scope: 'query' })
    expect((e as Error).message).toMatch(
      /^JoinExec \(right side\) needs 4 MiB more memory, past this query's budget of 10 MiB/,
    )
    expect(m.used).toBe(8 * MiB)
    expect(pool.reserved).toBe(8 * MiB)
    m.close()
    expect(pool.reserved).toBe(0)
  })

  it('refuses past the process pool with the process scope, and shrinks caches first', () => {
    const pool = new MemoryPool(20 * MiB, 20 * MiB)
    let cached = 15 * MiB
    pool.addCache({
      get bytes() {
        return cached
      },
      shrinkTo: (n) => {
        cached = Math.min(cached, n)
      },
    })
    const a = new QueryMemory(20 * MiB, pool)
    a.charge(12 * MiB, 'AggregateExec')
    expect(cached).toBeLessThanOrEqual(8 * MiB)
    const b = new QueryMemory(20 * MiB, pool)
    expect(() => b.charge(10 * MiB, 'SortExec')).toThrow(expect.objectContaining({ scope: 'process' }))
    a.close()
    b.charge(10 * MiB, 'SortExec')
    b.close()
    expect(pool.reserved).toBe(0)
  })
})

describe('queries under a budget', () => {
  let db: Apldb | undefined
  afterEach(async () => {
    await db?.close()
    db = undefined
  })

  async function store(): Promise<Apldb> {
    db = await openStore({ memoryBytes: 256 * MiB, queryMemoryBytes: 8 * MiB })
    await db.datasets.create({ name: 'd' })
    await db.ingest(
      'd',
      Array.from({ length: 20_000 }, (_, i) => ({ n: i, u: `user-${i}-${'x'.repeat(40)}` })),
    )
    return db
  }

  it('a sort past the budget stops with query_memory_exceeded; a larger request budget runs it', async () => {
    const s = await store()
    const q = `['d'] | extend w = strcat(u, u, u, u) | sort by w desc | project n | take 3`
    await expect(s.queryResult(q, { startTime: '2000-01-01T00:00:00Z' })).rejects.toMatchObject({
      code: 'query_memory_exceeded',
    })
    const r = await s.queryResult(q, { startTime: '2000-01-01T00:00:00Z', memoryBytes: 128 * MiB })
    expect(r.tables[0].columns[0]).toHaveLength(3)
    expect(s.storage.memory.reserved).toBe(0)
  })

  it('percentiles stay exact while a quarter of the budget holds their values, then estimate within it', async () => {
    db = await openStore({ memoryBytes: 256 * MiB })
    await db.datasets.create({ name: 'p' })
    const rows = 600_000
    for (let at = 0; at < rows; at += 50_000)
      await db.ingest(
        'p',
        Array.from({ length: 50_000 }, (_, i) => ({ n: at + i })),
      )
    const q = `['p'] | summarize percentile(n, 50), percentiles_array(n, 99)`
    const window = { startTime: '2000-01-01T00:00:00Z' }
    // 600,000 values of 8 bytes (one sketch serves both calls): exact within 32 MiB (a quarter of it
    // holds 1,048,576 values).
    const exact = await db.queryResult(q, { ...window, memoryBytes: 32 * MiB })
    expect(exact.status.isEstimate).toBe(false)
    expect(exact.tables[0].columns.map((c) => c[0])).toEqual([299_999, [593_999]])
    // 16 MiB: a quarter holds 524,288 values past the sketch's own 4,096; the rest goes to a t-digest.
    const small = await db.queryResult(q, { ...window, memoryBytes: 16 * MiB })
    expect(small.status.isEstimate).toBe(true)
    expect(Math.abs((small.tables[0].columns[0][0] as number) - 299_999)).toBeLessThan(6000)
    expect(db.storage.memory.reserved).toBe(0)
  })

  it('make-series percentiles are exact per cell within the budget too', async () => {
    db = await openStore({ memoryBytes: 256 * MiB })
    await db.datasets.create({ name: 's' })
    const day = Date.UTC(2026, 0, 5)
    // 20,000 values in one day's cell (n = 0 … 19,999, shuffled in time): median 9,999, p99 19,799.
    await db.ingest(
      's',
      Array.from({ length: 20_000 }, (_, i) => ({
        _time: new Date(day + ((i * 7919) % 20_000) * 1000).toISOString(),
        n: i,
      })),
    )
    const r = await db.queryResult(
      `['s'] | make-series p = percentile(n, 50), q = percentiles_array(n, 99) on _time from datetime(2026-01-05) to datetime(2026-01-06) step 1d`,
      { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-10T00:00:00Z' },
    )
    expect(r.status.isEstimate).toBe(false)
    const t = r.tables[0]
    const col = (name: string) => t.columns[t.fields.findIndex((f) => f.name === name)][0]
    expect([col('p'), col('q')]).toEqual([[9999], [[19799]]])
  })

  it('a request budget past the ceiling is invalid_argument', async () => {
    const s = await store()
    await expect(s.queryResult(`['d'] | count`, { memoryBytes: 1024 * MiB })).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })

  it('strings built by functions past the maximum size are value_too_large before they are built', async () => {
    const s = await store()
    const q = `let a = '${'y'.repeat(100_000)}'; print n = strlen(strcat(a, a, a, a, a, a, a, a, a, a, a))`
    await expect(s.queryResult(q)).rejects.toMatchObject({ code: 'value_too_large' })
    const ok = await s.queryResult(`let a = '${'y'.repeat(100_000)}'; print n = strlen(strcat(a, a))`)
    expect(ok.tables[0].columns[0]).toEqual([200_000])
  })

  it('arrays concatenated and arrays joined into strings past the maximum size are refused before they are built', async () => {
    const s = await store()
    // Each level of a nested concatenation of a `let` doubles: 20M elements from a 150-byte query.
    const big = `let a = range(1, 1000000, 1); print n = array_length(array_concat(${Array(20).fill('a').join(', ')}))`
    await expect(s.queryResult(big)).rejects.toMatchObject({ code: 'value_too_large' })
    const ok = await s.queryResult('let a = range(1, 100000, 1); print n = array_length(array_concat(a, a))')
    expect(ok.tables[0].columns[0]).toEqual([200_000])
    // A long delimiter between many elements: refused from the lengths, before the join.
    const joined = "let d = strrep('x', 1000); print n = strlen(strcat_array(range(1, 100000, 1), d))"
    await expect(s.queryResult(joined)).rejects.toMatchObject({ code: 'value_too_large' })
    const fine = await s.queryResult("print n = strlen(strcat_array(range(1, 3, 1), '--'))")
    expect(fine.tables[0].columns[0]).toEqual([7])
  })

  it('a let value named several times in one expression is built (and charged) once', async () => {
    const s = await store()
    // b is 200,000 elements, 3.2 MB charged: three builds would pass the 8 MiB budget.
    const q =
      'let a = range(1, 100000, 1); let b = array_concat(a, a); print n = array_length(b) + array_length(b) + array_length(b)'
    const r = await s.queryResult(q)
    expect(r.tables[0].columns[0]).toEqual([600_000])
  })

  it('a cartesian join streams its pairs: counted within a small budget', async () => {
    const s = await store()
    const q = `['d'] | take 2000 | extend k = 1 | join kind=inner (['d'] | take 2000 | extend k = 1 | project k, m = n) on k | count`
    const r = await s.queryResult(q, { startTime: '2000-01-01T00:00:00Z' })
    expect(r.tables[0].columns[0]).toEqual([4_000_000])
  })
})
