// query/delete-blocks-match.ts: which blocks a deletion affects, found by running the request's
// filters through the real executor once per block (a block is affected iff at least one of its rows
// in the window matches). Each run reads a hand-built snapshot holding just that block, borrowed from
// a pinned snapshot that the caller keeps pinned throughout. Reads only; never writes.

import { AplError } from '../diagnostics/diagnostic.ts'
import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import type { LogicalPlan } from '../plan/index.ts'
import { compileApl, schemaFromSnapshot } from '../plan/index.ts'
import { withChildren } from '../plan/logical.ts'
import { assignScanFields } from '../plan/scan-fields.ts'
import { type BlockHandle, Snapshot, type TailView } from '../storage/snapshot.ts'
import type { Store } from '../storage/store.ts'
import { EMPTY_TAIL, sliceTail, tailTimeSpan } from '../storage/tail-chunks.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import type { DeleteWindow } from './delete-blocks-request.ts'
import { runPlan } from './run-apl.ts'

/** One affected unit: a sealed block, or (dry run only) a block the unsealed tail would seal into. */
export interface BlockMatch {
  /** The block id; undefined for a predicted block of the unsealed tail. */
  readonly blockId: string | undefined
  /** All rows of the block (what deleting it removes). */
  readonly rows: number
  /** Rows inside the window that match the filters (≥ 1). */
  readonly matched: number
  /** Oldest and newest `_time` among the matching rows, epoch ns. */
  readonly first: bigint
  readonly last: bigint
  /** Oldest and newest `_time` of the whole block (what deleting it removes), epoch ns. */
  readonly blockFirst: bigint
  readonly blockLast: bigint
}

/** Options of `matchBlocks`. */
export interface MatchOptions {
  readonly now: bigint
  /** Also predict the blocks the unsealed tail would seal into (chunks of `blockRows`). */
  readonly includeTail: boolean
  readonly blockRows: number
  /** Absolute deadline, performance.now() ms. */
  readonly deadline: number
  /** Stop once the affected blocks hold more rows than this (the request will be refused anyway). */
  readonly rowLimit: number
  readonly signal?: AbortSignal
}

/** `filters | summarize count(), min(_time), max(_time)`: the per-block question, as one plan. */
export function countingPlan(snapshot: Snapshot, dataset: string, filters: LogicalPlan): LogicalPlan {
  const counter = compileApl(
    `['${dataset}'] | summarize count(), min(_time), max(_time)`,
    schemaFromSnapshot(snapshot),
    { capabilities: ENGINE_CAPABILITIES },
  )
  if (!counter.plan) throw new AplError(counter.diagnostics)
  // Graft the aggregate onto the caller's filters; then re-derive the fields each scan reads.
  const root = assignScanFields(withChildren(counter.plan.root, [filters.root]))
  return { ...counter.plan, root, strictTypes: filters.strictTypes }
}

function cellBigint(v: unknown): bigint | undefined {
  return typeof v === 'bigint' ? v : typeof v === 'number' ? BigInt(v) : undefined
}

const EMPTY: readonly never[] = []

/** The `_time` span of a unit: its block's zone map, or the predicted block's events. */
function blockSpan(u: { blocks: readonly BlockHandle[]; tail: TailView }): {
  blockFirst: bigint
  blockLast: bigint
} {
  if (u.blocks.length > 0) {
    const zm = u.blocks[0].meta.zoneMap
    return { blockFirst: BigInt(zm.minTime), blockLast: BigInt(zm.maxTime) }
  }
  const { lo, hi } = tailTimeSpan(u.tail)
  return { blockFirst: lo, blockLast: hi }
}

/** The affected blocks; `complete` is false when the scan stopped early above `rowLimit`. */
export interface MatchResult {
  readonly matches: readonly BlockMatch[]
  readonly complete: boolean
}

/** Runs `plan` (from `countingPlan`) over each block of `dataset` in `snapshot` overlapping `window`. */
export async function matchBlocks(
  store: Store,
  snapshot: Snapshot,
  dataset: string,
  plan: LogicalPlan,
  window: DeleteWindow,
  opts: MatchOptions,
): Promise<MatchResult> {
  const view = snapshot.dataset(dataset)
  if (!view) return { matches: [], complete: true }
  const units: { blocks: readonly BlockHandle[]; tail: TailView; blockId: string | undefined }[] = []
  for (const b of view.blocks) {
    const zm = b.meta.zoneMap
    if (BigInt(zm.minTime) >= window.end || BigInt(zm.maxTime) < window.start) continue
    units.push({
      blocks: [b],
      tail: { ...EMPTY_TAIL, firstSeq: b.meta.firstSeq },
      blockId: b.meta.blockId,
    })
  }
  const { tail } = view
  if (opts.includeTail) {
    // A flush seals the tail in order, in chunks of blockRows: predict those blocks.
    for (let off = 0; off < tail.length; off += opts.blockRows) {
      units.push({
        blocks: EMPTY,
        tail: sliceTail(tail, off, Math.min(opts.blockRows, tail.length - off)),
        blockId: undefined,
      })
    }
  }
  const source = store.blockSource()
  const startTime = formatRfc3339Nano(window.start)
  const endTime = formatRfc3339Nano(window.end)
  const out: BlockMatch[] = []
  let rows = 0
  for (const u of units) {
    const one = new Snapshot(
      {
        id: snapshot.version.id,
        datasets: new Map([[dataset, { meta: view.meta, blocks: u.blocks, tail: u.tail }]]),
      },
      source,
    )
    const deadlineMs = Math.max(0, opts.deadline - performance.now())
    const result = await runPlan(one, plan, {
      now: opts.now,
      startTime,
      endTime,
      deadlineMs,
      signal: opts.signal,
    })
    const cols = result.tables[0]?.columns ?? []
    const matched = Number(cols[0]?.[0] ?? 0)
    const first = cellBigint(cols[1]?.[0])
    const last = cellBigint(cols[2]?.[0])
    if (matched > 0 && first !== undefined && last !== undefined) {
      const n = u.blocks.length > 0 ? u.blocks[0].meta.header.rowCount : u.tail.length
      out.push({ blockId: u.blockId, rows: n, matched, first, last, ...blockSpan(u) })
      rows += n
      if (rows > opts.rowLimit) return { matches: out, complete: false }
    }
  }
  return { matches: out, complete: true }
}
