// test/unit/exec/capabilities.test.ts: support is capability. The engine's answer for every catalog
// row is exactly "its kernel table / aggregation registry / binder has it"; rows without kernels are
// legal (reported unsupported, refused with APL0307 at their name through the store, legacy included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  aggregateRegistry,
  lookupAggregate,
  scalarOperatorRegistry,
  scalarRegistry,
  tabularOperatorRegistry,
} from '../../../src/catalog/index.ts'
import { isAggKind } from '../../../src/exec/agg/index.ts'
import { ENGINE_CAPABILITIES as ENGINE } from '../../../src/exec/capabilities.ts'
import { operatorKernels } from '../../../src/exec/kernels/operator-kernels.ts'
import { scalarKernels } from '../../../src/exec/kernels/scalar-kernels.ts'
import { type Apldb, AplError, openStore } from '../../../src/index.ts'
import { bindsSchemaCall, bindsTabularOperator } from '../../../src/plan/index.ts'

describe('ENGINE_CAPABILITIES', () => {
  it('supports a scalar function or operator exactly when its kernel key has a kernel (or the binder answers it from the schema)', () => {
    for (const r of scalarRegistry.rows)
      expect([r.name, ENGINE.scalar(r)]).toEqual([
        r.name,
        r.kernel in scalarKernels || bindsSchemaCall(r.name),
      ])
    for (const r of scalarOperatorRegistry.rows)
      expect([r.name, ENGINE.operator(r)]).toEqual([r.name, r.kernel in operatorKernels])
  })

  it('supports an aggregation exactly when it (or the base of an *if form) has a state', () => {
    for (const r of aggregateRegistry.rows) {
      const kind = r.filtered ? lookupAggregate(r.filtered.base)?.kernel : r.kernel
      expect([r.name, ENGINE.aggregate(r)]).toEqual([r.name, isAggKind(kind ?? '')])
    }
    for (const name of ['stdev', 'variance', 'histogram', 'rate', 'make_set_if', 'stdevif'])
      expect([name, ENGINE.aggregate(lookupAggregate(name)!)]).toEqual([name, true])
  })

  it('supports every scalar function and tabular operator; rows without kernels are the binder-answered ones', () => {
    // Every scalar function runs (#20); the rows without a kernel are those the binder answers.
    expect(scalarRegistry.rows.filter((r) => !ENGINE.scalar(r)).map((r) => r.name)).toEqual([])
    expect(
      scalarRegistry.rows
        .filter((r) => !(r.kernel in scalarKernels))
        .map((r) => r.name)
        .sort(),
    ).toEqual(['column_ifexists', 'cursor_current', 'ensure_field', 'ingestion_time'])
    // Every tabular operator binds (#21).
    expect(
      tabularOperatorRegistry.rows.filter((r) => !bindsTabularOperator(r.name)).map((r) => r.name),
    ).toEqual([])
  })

  it('runs every scalar operator of the catalog (#20)', () => {
    expect(scalarOperatorRegistry.rows.filter((r) => !ENGINE.operator(r)).map((r) => r.name)).toEqual([])
  })
})

describe('a row without a kernel, through the store', () => {
  const NOW = Date.UTC(2026, 0, 10)
  let db: Apldb
  beforeAll(async () => {
    db = await openStore({ clock: () => NOW })
    await db.datasets.create({ name: 'logs' })
    await db.ingest('logs', [{ _time: NOW - 1000, uri: '/a', n: 3 }])
  })
  afterAll(() => db.close())

  it('is refused with APL0307 at its name', async () => {
    // Every scalar function runs now (#20): an aggregation the engine lacks, while one is left.
    const row = aggregateRegistry.rows.find(
      (r) => !ENGINE.aggregate(r) && r.signatures[0].params[0]?.accepts !== undefined,
    )
    if (row === undefined) {
      expect(aggregateRegistry.rows.filter((r) => !ENGINE.aggregate(r))).toEqual([])
      return
    }
    const q = `logs | summarize x = ${row.name}(uri)`
    const err = await db.queryResult(q).catch((e) => e)
    expect(err).toBeInstanceOf(AplError)
    expect(err.diagnostics[0]).toMatchObject({
      code: 'APL0307',
      span: { start: q.indexOf(row.name), length: row.name.length },
    })
  })

  it('runs an aggregation legacy ran before APL did', async () => {
    const r = await db.queryResult(
      'logs | summarize stdev(n), variance(n), histogram(n, 2), rate(n) by bin(_time, 1s)',
    )
    expect(r.tables[0].fields.map((f) => f.name)).toEqual([
      '_time',
      'stdev_n',
      'variance_n',
      'histogram_n',
      'rate_n',
    ])
    expect(r.tables[0].columns[4]).toEqual([3])
  })
})
