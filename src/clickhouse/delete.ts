// clickhouse/delete.ts: block deletion on ClickHouse (DESIGN.md decision 7): the request's filters
// counted per `_block` (through the same engine: SQL when they map, locally otherwise), the
// ≤ maxDeleteRows guard on the affected blocks' sizes, then on commit a deletion record written
// first, a lightweight DELETE of those blocks on each shard (Merge/Distributed refuse DELETE), and the
// record marked done; a record left `queued` by a crash is completed when the store opens.
import { randomBytes } from 'node:crypto'
import { AplError } from '../diagnostics/diagnostic.ts'
import { compileApl } from '../plan/index.ts'
import { withChildren } from '../plan/logical.ts'
import { assignScanFields } from '../plan/scan-fields.ts'
import type { SchemaSource } from '../plan/schema.ts'
import {
  type DeleteOptions,
  type DeleteRequest,
  type DeleteResult,
  summarize as summarizeMatches,
} from '../query/delete-blocks.ts'
import { DeleteError } from '../query/delete-blocks-error.ts'
import { checkDeletePlan, checkDeleteRequest } from '../query/delete-blocks-request.ts'
import { DEFAULT_DEADLINE_MS, runPlan } from '../query/run-apl.ts'
import type { DeletionInfo } from '../storage/deletion/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import type { Catalog, DatasetEntry } from './catalog.ts'
import { type ClickHouseClient, run, selectRows } from './client.ts'
import type { Layout } from './layout.ts'
import { insertMeta, latest, META, nextVersion } from './meta.ts'

/** What deletion needs from the backend. */
export interface DeleteHost {
  readonly client: ClickHouseClient
  readonly database: string
  readonly layout: Layout
  readonly catalog: Catalog
  readonly maxDeleteRows: number
  now(): bigint
  snapshot(): Snapshot
}

/** A deletion record as stored (JSON in `_apldb_deletions.record`). */
interface DeletionRecord extends DeletionInfo {
  readonly table: string
}

/** The schema with the hidden `_block` field, so the counting plan can group by it. */
function withBlock(snap: Snapshot): SchemaSource {
  return {
    datasetNames: () => snap.datasetNames(),
    fields: (d) =>
      snap.dataset(d) === undefined ? undefined : [...snap.schema(d), { name: '_block', types: ['integer'] }],
  }
}

interface BlockCount {
  readonly block: string
  readonly matched: number
  readonly first: bigint
  readonly last: bigint
  readonly rows: number
  /** Oldest and newest `_time` of the whole block (what deleting it removes), epoch ns. */
  readonly blockFirst: bigint
  readonly blockLast: bigint
}

async function countBlocks(
  host: DeleteHost,
  req: DeleteRequest,
  opts: DeleteOptions,
): Promise<{ dataset: DatasetEntry; blocks: BlockCount[] }> {
  const now = host.now()
  const window = checkDeleteRequest(req, now)
  const snap = host.snapshot()
  try {
    const schema = withBlock(snap)
    const filters = compileApl(req.apl, schema)
    if (!filters.plan) throw new AplError(filters.diagnostics)
    const name = checkDeletePlan(req.apl, filters.plan)
    const dataset = host.catalog.dataset(name)
    if (!dataset)
      return { dataset: { meta: { id: '', name } as DatasetEntry['meta'], table: '' }, blocks: [] }
    const counter = compileApl(
      `['${name.replace(/'/g, "\\'")}'] | summarize count(), min(_time), max(_time) by _block`,
      schema,
    )
    if (!counter.plan) throw new AplError(counter.diagnostics)
    const root = assignScanFields(withChildren(counter.plan.root, [filters.plan.root]))
    const plan = { ...counter.plan, root, strictTypes: filters.plan.strictTypes, limited: true }
    const result = await runPlan(snap, plan, {
      now,
      startTime: formatRfc3339Nano(window.start),
      endTime: formatRfc3339Nano(window.end),
      deadlineMs: opts.deadlineMs ?? DEFAULT_DEADLINE_MS,
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
    const cols = result.tables[0]?.columns ?? []
    const counts: Omit<BlockCount, 'rows' | 'blockFirst' | 'blockLast'>[] = []
    for (let i = 0; i < (cols[0]?.length ?? 0); i++) {
      const matched = Number(cols[1][i])
      if (matched > 0)
        counts.push({
          block: String(cols[0][i]),
          matched,
          first: BigInt(cols[2][i] as bigint),
          last: BigInt(cols[3][i] as bigint),
        })
    }
    if (counts.length === 0) return { dataset, blocks: [] }
    const sizes = await selectRows<{ b: string; n: string; lo: string; hi: string }>(
      host.client,
      `SELECT _block AS b, count() AS n, toString(min(toUnixTimestamp64Nano(_time))) AS lo, toString(max(toUnixTimestamp64Nano(_time))) AS hi FROM ${host.layout.readTable(dataset.table)} WHERE _block IN (${counts.map((c) => c.block).join(', ')}) GROUP BY _block`,
    )
    const size = new Map(sizes.map((s) => [s.b, s]))
    return {
      dataset,
      blocks: counts.map((c) => {
        const s = size.get(c.block)
        return s
          ? { ...c, rows: Number(s.n), blockFirst: BigInt(s.lo), blockLast: BigInt(s.hi) }
          : { ...c, rows: c.matched, blockFirst: c.first, blockLast: c.last }
      }),
    }
  } finally {
    snap.release()
  }
}

/** The shared result shape (query/delete-blocks.ts) of these blocks. */
function summarize(dryRun: boolean, blocks: readonly BlockCount[], requestId?: string): DeleteResult {
  return summarizeMatches(
    dryRun,
    blocks.map((b) => ({
      blockId: b.block,
      rows: b.rows,
      matched: b.matched,
      first: b.first,
      last: b.last,
      blockFirst: b.blockFirst,
      blockLast: b.blockLast,
    })),
    requestId,
  )
}

async function saveRecord(host: DeleteHost, rec: DeletionRecord): Promise<void> {
  await insertMeta(host.client, host.database, META.deletions, [
    { id: rec.requestId, record: JSON.stringify(rec), version: nextVersion().toString() },
  ])
}

/** Runs the per-shard DELETEs of a record and marks it deleted (idempotent: a rerun deletes nothing more). */
export async function applyRecord(host: DeleteHost, rec: DeletionRecord): Promise<DeletionRecord> {
  const started = performance.now()
  const where = `_block IN (${rec.blockIds.join(', ')})`
  for (const sql of host.layout.deleteStatements(rec.table, where))
    await run(host.client, sql, { lightweight_deletes_sync: 2, mutations_sync: 2 })
  const done: DeletionRecord = {
    ...rec,
    state: 'deleted',
    appliedAt: formatRfc3339Nano(host.now()),
    latencyMs: Math.round(performance.now() - started),
    attempts: rec.attempts + 1,
  }
  await saveRecord(host, done)
  return done
}

/** Every deletion record, newest state of each. */
export async function loadRecords(host: Pick<DeleteHost, 'client' | 'database'>): Promise<DeletionRecord[]> {
  const rows = await latest<{ id: string; record: string }>(
    host.client,
    host.database,
    META.deletions,
    'id',
    ['record'],
  )
  return rows.map((r) => JSON.parse(r.record) as DeletionRecord)
}

/** Block deletion (see module header); dry runs write nothing. */
export async function deleteBlocksOn(
  host: DeleteHost,
  req: DeleteRequest,
  opts: DeleteOptions = {},
): Promise<DeleteResult> {
  const { dataset, blocks } = await countBlocks(host, req, opts)
  const rows = blocks.reduce((n, b) => n + b.rows, 0)
  if (rows > host.maxDeleteRows) {
    const matched = blocks.reduce((n, b) => n + b.matched, 0)
    throw new DeleteError(
      'delete_too_large',
      `this deletion would remove ${rows} rows in ${blocks.length} blocks (${matched} matching events), more than maxDeleteRows (${host.maxDeleteRows}); narrow the time range (startTime/endTime) or the filter and delete in several requests`,
    )
  }
  if (!req.commit) return summarize(true, blocks)
  if (blocks.length === 0) return summarize(false, [])
  const opstamp = Number(nextVersion() % 1_000_000_000_000n)
  const rec: DeletionRecord = {
    requestId: `del_${randomBytes(6).toString('hex')}`,
    opstamp,
    dataset: dataset.meta.name,
    table: dataset.table,
    blockIds: blocks.map((b) => b.block),
    rowsDeleted: rows,
    state: 'queued',
    createdAt: formatRfc3339Nano(host.now()),
    attempts: 0,
  }
  // The record is durable before any row goes: a crash after it is completed on the next open.
  await saveRecord(host, rec)
  await applyRecord(host, rec)
  return summarize(false, blocks, rec.requestId)
}
