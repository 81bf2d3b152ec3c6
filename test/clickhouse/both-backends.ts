// test/clickhouse/both-backends.ts: the same events in a local store and on ClickHouse (chdb), and one
// query run on both: the ClickHouse result must equal the local one (same tables, fields, rows in the
// same order where the query orders them, reals to 1e-9 relative). Shared by the differential tests of test/clickhouse.
import type { ClickHouseStore, LayoutOptions } from '../../src/clickhouse/index.ts'
import type { QueryResult } from '../../src/exec/result.ts'
import { type Apldb, openStore } from '../../src/index.ts'
import { compileApl, type LogicalPlan, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import type { Store } from '../../src/storage/store.ts'
import { sameCell, show } from '../differential/result-diff.ts'
import { chdbClient, freshDatabase } from './chdb.ts'

/** A local store and a ClickHouse store holding the same datasets. */
export interface Both {
  readonly local: Apldb<Store>
  readonly ch: Apldb<ClickHouseStore>
  close(): Promise<void>
}

/** Opens both backends with `datasets` loaded (same clock, same block size). */
export async function openBoth(
  datasets: Readonly<Record<string, readonly unknown[]>>,
  opts: { nowMs: number; blockRows: number; layout?: LayoutOptions; database?: string },
): Promise<Both> {
  const local = await openStore({
    clock: () => opts.nowMs,
    blockRows: opts.blockRows,
    sealWorker: false,
    durability: 'none',
  })
  const database = opts.database ?? freshDatabase()
  const ch = await openStore({
    clickhouse: chdbClient(),
    database,
    blockRows: opts.blockRows,
    clock: { now: () => BigInt(opts.nowMs) * 1_000_000n },
    ...(opts.layout ? { layout: opts.layout } : {}),
  })
  for (const [name, events] of Object.entries(datasets)) {
    await local.datasets.create({ name })
    await local.ingest(name, events)
    await ch.datasets.create({ name })
    await ch.ingest(name, events)
  }
  await local.settle()
  return {
    local,
    ch,
    close: async () => {
      await local.close()
      await ch.close()
    },
  }
}

/**
 * The first difference between two results, or undefined: rows in order, except as multisets where
 * the query leaves the order open (`unordered`: plan order `none`, and `_totals`).
 */
export function strictDiff(a: QueryResult, b: QueryResult, unordered = false): string | undefined {
  if (a.tables.length !== b.tables.length) return `tables ${a.tables.length} vs ${b.tables.length}`
  for (let t = 0; t < a.tables.length; t++) {
    const [x, y] = [a.tables[t], b.tables[t]]
    const shape = (z: typeof x) => show({ name: z.name, fields: z.fields, order: z.order, groups: z.groups })
    if (shape(x) !== shape(y)) return `table ${t} shape:\n  local ${shape(x)}\n  ch    ${shape(y)}`
    const n = x.columns[0]?.length ?? 0
    const m = y.columns[0]?.length ?? 0
    const rows = (z: typeof x, k: number) => Array.from({ length: k }, (_, i) => z.columns.map((c) => c[i]))
    const [rx, ry] = [rows(x, n), rows(y, m)]
    if (x.name === '_totals' || unordered) {
      rx.sort((p, q) => (show(p) < show(q) ? -1 : 1))
      ry.sort((p, q) => (show(p) < show(q) ? -1 : 1))
    }
    if (n !== m)
      return `table ${t}: ${n} rows vs ${m}\n  local ${show(rx.slice(0, 8))}\n  ch    ${show(ry.slice(0, 8))}`
    for (let i = 0; i < n; i++)
      if (!rx[i].every((c, j) => sameCell(c, ry[i][j])))
        return `table ${t} row ${i}:\n  local ${show(rx[i])}\n  ch    ${show(ry[i])}`
  }
  return undefined
}

/** How one query went on both backends. */
export interface Outcome {
  /**
   * 'agree', 'differ' (with `diff`), 'both-failed' (same error code), 'error' (one failed), or
   * 'documented-refusal': ClickHouse refuses what its backend documents it cannot run (a `sample`
   * over dataset rows keeps rows by event sequence numbers, which ClickHouse rows do not carry).
   */
  readonly kind: 'agree' | 'differ' | 'both-failed' | 'error' | 'documented-refusal'
  readonly diff?: string
  /** The query ran on ClickHouse with nothing left for the local executor. */
  readonly pushedDown: boolean
}

function bind(db: Apldb<Store> | Apldb<ClickHouseStore>, apl: string): LogicalPlan | string {
  const snap = db.snapshot()
  try {
    const bound = compileApl(apl, schemaFromSnapshot(snap))
    return bound.plan ?? `bind ${bound.diagnostics[0]?.code}`
  } finally {
    snap.release()
  }
}

async function runOn(
  db: Apldb<Store> | Apldb<ClickHouseStore>,
  apl: string,
  o: { now: bigint; startTime?: string; endTime?: string },
): Promise<QueryResult | string> {
  const plan = bind(db, apl)
  if (typeof plan === 'string') return plan
  const snap = db.snapshot()
  try {
    return await runPlan(snap, plan, o)
  } catch (e) {
    return `error ${(e as { code?: string }).code ?? String(e)}`
  } finally {
    snap.release()
  }
}

/**
 * Whether the bound plan holds a `sample` over dataset events (identity 'event'): the one stage the
 * ClickHouse backend documents it refuses (see Outcome). Walks every node and sub-plan generically.
 */
function samplesEvents(node: unknown, seen = new Set<unknown>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false
  seen.add(node)
  const n = node as { kind?: unknown; identity?: { kind?: unknown } }
  if (n.kind === 'Sample' && n.identity?.kind === 'event') return true
  return Object.values(node).some((v) => samplesEvents(v, seen))
}

/** Runs `apl` on both backends and compares (see module header). */
export async function compareOn(
  both: Both,
  apl: string,
  o: { now: bigint; startTime?: string; endTime?: string },
): Promise<Outcome> {
  const a = await runOn(both.local, apl, o)
  const b = await runOn(both.ch, apl, o)
  const plan = bind(both.local, apl)
  const unordered = typeof plan !== 'string' && plan.order === 'none'
  const pushedDown = typeof b !== 'string' && (await fullyPushed(both.ch, apl, o))
  if (typeof a === 'string' || typeof b === 'string') {
    if (typeof a === 'string' && typeof b === 'string' && a === b) return { kind: 'both-failed', pushedDown }
    if (typeof a !== 'string' && b === 'error not_supported' && samplesEvents(plan))
      return { kind: 'documented-refusal', pushedDown }
    return {
      kind: 'error',
      diff: `local: ${typeof a === 'string' ? a : 'ok'}; ch: ${typeof b === 'string' ? b : 'ok'}`,
      pushedDown,
    }
  }
  const diff = strictDiff(a, b, unordered)
  return diff ? { kind: 'differ', diff, pushedDown } : { kind: 'agree', pushedDown }
}

/** True when explain shows one ClickHouseExec and no local operator (apart from the result's own sort). */
export async function fullyPushed(
  ch: Apldb<ClickHouseStore>,
  apl: string,
  o: { startTime?: string; endTime?: string },
): Promise<boolean> {
  try {
    const e = await ch.explain(apl, {
      ...(o.startTime ? { startTime: o.startTime } : {}),
      ...(o.endTime ? { endTime: o.endTime } : {}),
    })
    const lines = e.physical.split('\n')
    return lines.length === 1 && lines[0].startsWith('ClickHouseExec')
  } catch {
    return false
  }
}
