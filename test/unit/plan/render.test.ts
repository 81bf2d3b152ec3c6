// Unit: `render` through the layers: the printer round trip, the logical and physical explain lines,
// the wire's `visualization` (tabular only, only with render), and that the rows are those of the
// query without it.
import { describe, expect, it } from 'vitest'
import { openStore } from '../../../src/index.ts'
import { parseApl } from '../../../src/syntax/parse.ts'
import { printApl } from '../../../src/syntax/print.ts'
import { stripSpans } from '../../../src/syntax/strip-spans.ts'

const NOW = Date.UTC(2026, 0, 2)

async function store() {
  const db = await openStore({ clock: () => BigInt(NOW) * 1_000_000n })
  await db.datasets.create({ name: 'w' })
  await db.ingest(
    'w',
    Array.from({ length: 30 }, (_, i) => ({
      _time: new Date(NOW - (i + 1) * 600_000).toISOString(),
      status: i % 3 === 0 ? '500' : '200',
      d: i,
    })),
  )
  return db
}

describe('render', () => {
  it('prints back to text that parses to the same tree', () => {
    const apl = `['w'] | render timechart with (title = "a b", ycolumns = d, ['x y'], kind = stacked, ymin = -1.5)`
    const ast = parseApl(apl).ast as NonNullable<ReturnType<typeof parseApl>['ast']>
    const printed = printApl(ast)
    expect(printed).toContain('render timechart with (title = "a b", ycolumns = d, ["x y"], kind = stacked')
    expect(stripSpans(parseApl(printed).ast as typeof ast)).toEqual(stripSpans(ast))
  })

  it('shows in the logical and physical plans', async () => {
    const db = await store()
    const e = await db.explain(`['w'] | summarize n = count() by status | render piechart with (title="t")`)
    expect(e.logical.split('\n')[0]).toBe('Render: piechart with (title="t")')
    expect(e.physical.split('\n')[0]).toBe('RenderExec piechart with (title="t")')
    await db.close()
  })

  it('returns the rows of the query without it, and the hint only in the tabular wire', async () => {
    const db = await store()
    const apl = `['w'] | summarize n = count() by bin(_time, 1h), status`
    const plain = (await db.query(apl)) as Record<string, unknown> & { tables: unknown[] }
    const drawn = (await db.query(
      `${apl} | render timechart with (series=status, ycolumns=n, accumulate=false)`,
    )) as Record<string, unknown> & { tables: unknown[] }
    expect(drawn.tables).toEqual(plain.tables)
    expect(drawn.visualization).toEqual({
      type: 'timechart',
      series: ['status'],
      ycolumns: ['n'],
      accumulate: false,
    })
    expect('visualization' in plain).toBe(false)
    const legacy = (await db.query(`${apl} | render timechart`, { format: 'legacy' })) as Record<
      string,
      unknown
    >
    expect('visualization' in legacy).toBe(false)
    await db.close()
  })
})
