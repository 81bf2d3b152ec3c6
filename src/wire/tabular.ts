// wire/tabular.ts: `QueryResult` → the `format=tabular` response (api-contract.md §1.3). Emits only
// Go-whitelisted keys (§11), never ragged columns, never `columns: []`, and never a `_rowId` column.

import { AGG_WIRE_NAMES } from '../catalog/index.ts'
import type { QueryResult, ResultField, ResultTable } from '../exec/result.ts'
import { StepClock } from '../util/loop-turn.ts'
import { runSteps, runStepsPaused } from '../util/steps.ts'
import { ROW_ID_FIELD, wireColumnSteps, wireFieldType, wireNumber, wireTime } from './cells.ts'
import { FormatError } from './errors.ts'
import { toWireStatus } from './status.ts'
import type { TabularResponse, WireAgg, WireField, WireTable } from './tabular-types.ts'
import type { FormatOptions, WireCell } from './types.ts'

const AGG_NAMES: ReadonlySet<string> = new Set(AGG_WIRE_NAMES)

/** Throws unless `columns` match `fields` one to one and all have the same length. */
export function assertRectangular(t: ResultTable): void {
  if (t.columns.length !== t.fields.length) {
    throw new FormatError(
      'ragged_columns',
      `table '${t.name}' has ${t.fields.length} fields but ${t.columns.length} columns`,
    )
  }
  const rows = t.columns.length === 0 ? 0 : t.columns[0].length
  for (let i = 1; i < t.columns.length; i++) {
    if (t.columns[i].length !== rows) {
      throw new FormatError(
        'ragged_columns',
        `table '${t.name}': column '${t.fields[i].name}' has ${t.columns[i].length} rows, expected ${rows}`,
      )
    }
  }
}

/** `fields[].agg`: the canonical name, with `fields`/`args` only when non-empty. */
export function wireAgg(agg: NonNullable<ResultField['agg']>): WireAgg {
  if (!AGG_NAMES.has(agg.name)) {
    throw new FormatError(
      'bad_agg_name',
      `aggregation name '${agg.name}' is not canonical (api-contract.md §1.4)`,
    )
  }
  return {
    name: agg.name,
    ...(agg.fields !== undefined && agg.fields.length > 0 ? { fields: [...agg.fields] } : {}),
    ...(agg.args !== undefined && agg.args.length > 0 ? { args: [...agg.args] } : {}),
  }
}

/** One result table on the wire (see module header for what is left out). */
export function toWireTable(t: ResultTable): WireTable {
  return runSteps(wireTableSteps(t))
}

/** Rows past which `toTabularSliced` starts a table on a turn of its own. */
const LONG_TABLE_ROWS = 2000

/** `toWireTable` in steps: pauses whenever `clock` says its piece ran its time; without a clock, never. */
function* wireTableSteps(t: ResultTable, clock?: StepClock): Generator<void, WireTable> {
  assertRectangular(t)
  const fields: WireField[] = []
  const columns: (readonly WireCell[])[] = []
  for (let i = 0; i < t.fields.length; i++) {
    const f = t.fields[i]
    if (f.name === ROW_ID_FIELD) continue
    fields.push({
      name: f.name,
      type: wireFieldType(f, t.columns[i]),
      ...(f.agg !== undefined ? { agg: wireAgg(f.agg) } : {}),
    })
    columns.push(yield* wireColumnSteps(f.type, t.columns[i], clock))
  }
  return {
    name: t.name,
    sources: t.sources.map((name) => ({ name })),
    fields,
    order: t.order.map((o) => ({ field: o.field, desc: o.desc })),
    groups: t.groups.map((g) => ({ name: g.name })),
    ...(t.range !== undefined
      ? { range: { field: t.range.field, start: wireTime(t.range.start), end: wireTime(t.range.end) } }
      : {}),
    ...(t.buckets !== undefined
      ? { buckets: { field: t.buckets.field, size: wireNumber(t.buckets.size) } }
      : {}),
    // JS `events()` reads `columns[0].length`: with no fields, leave `columns` out rather than send `[]`.
    ...(fields.length > 0 ? { columns } : {}),
  }
}

/**
 * The `format=tabular` response: `{format, status, tables, datasetNames, fieldsMetaMap}`.
 * Cells follow `wireCell`; big longs stay `bigint`, so serialize with `stringifyWire`.
 */
export function toTabular(result: QueryResult, opts: FormatOptions = {}): TabularResponse {
  return {
    format: 'tabular',
    status: toWireStatus(result.status, opts),
    tables: result.tables.map(toWireTable),
    datasetNames: [...result.datasetNames],
    fieldsMetaMap: opts.fieldsMetaMap ?? {},
    ...(result.visualization !== undefined ? { visualization: { ...result.visualization } } : {}),
  }
}

/** `toTabular` with turns of the event loop every TURN_MS of work (20,000 rows took 60–90 ms at once). */
export async function toTabularSliced(
  result: QueryResult,
  opts: FormatOptions = {},
): Promise<TabularResponse> {
  const tables: WireTable[] = []
  const clock = new StepClock()
  for (const t of result.tables) {
    // A long table starts on a turn of its own (the query's last step ran just before).
    if ((t.columns[0]?.length ?? 0) > LONG_TABLE_ROWS) await clock.pause()
    tables.push(await runStepsPaused(wireTableSteps(t, clock)))
  }
  return { ...toTabular({ ...result, tables: [] }, opts), tables }
}
