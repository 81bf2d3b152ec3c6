// query/delete-blocks.ts: block deletion (DESIGN.md decision 7, RELIABILITY.md §2.2): validate,
// (commit only) seal the dataset's unsealed events so they are covered, find the affected blocks,
// refuse above `maxDeleteRows`, then either report (dry run: writes no byte) or commit durably
// (the blocks vanish from queries at once; the storage worker removes the files later).

import type { LogicalPlan } from '../plan/index.ts'
import { requestIdOf } from '../storage/deletion/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import type { Store } from '../storage/store.ts'
import { formatGoTimeString } from '../util/time/index.ts'
import type { CompileLimits } from './compile-off-thread.ts'
import { DeleteError } from './delete-blocks-error.ts'
import { type BlockMatch, countingPlan, type MatchResult, matchBlocks } from './delete-blocks-match.ts'
import { checkDeletePlan, checkDeleteRequest, type DeleteRequest } from './delete-blocks-request.ts'
import { compileForSnapshotOffThread, DEFAULT_DEADLINE_MS } from './run-apl.ts'

export type { DeleteRequest } from './delete-blocks-request.ts'

/** The outcome of a block deletion request (api-contract.md §7, plus `requestId`). */
export interface DeleteResult {
  /** `!commit`. */
  readonly dryRun: boolean
  /** Events in the window that match the filters. */
  readonly rowsMatched: number
  /** Every row of every affected block (whole blocks go), ≥ rowsMatched; "would delete" on a dry run. */
  readonly rowsDeleted: number
  /** Blocks with at least one match (a dry run counts the blocks the unsealed events would seal into). */
  readonly blocksMatched: number
  /** Oldest matching `_time`, Go `time.String()` form (`2024-08-25 00:18:19 +0000 UTC`); absent when none. */
  readonly firstMatchedEvent?: string
  /** Newest matching `_time`, same form; absent when none. */
  readonly lastMatchedEvent?: string
  /**
   * Oldest and newest `_time` of the affected blocks, same form: the span of events that whole-block
   * deletion removes (apldb's addition; absent when nothing matches).
   */
  readonly firstDeletedEvent?: string
  readonly lastDeletedEvent?: string
  /** Id of the queued deletion (`deletions()`); only when a commit removed something. */
  readonly requestId?: string
}

/** Options of `deleteBlocks`. */
export interface DeleteOptions {
  /** Budget for finding the affected blocks, ms (default 30,000). */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
}

/** Commits of one store run one at a time (each resolves its blocks against the previous one's result). */
const commitChains = new WeakMap<Store, Promise<unknown>>()

/** The result of a deletion over `matches` (also the ClickHouse backend's). */
export function summarize(dryRun: boolean, matches: readonly BlockMatch[], requestId?: string): DeleteResult {
  let rowsMatched = 0
  let rowsDeleted = 0
  let first: bigint | undefined
  let last: bigint | undefined
  let blockFirst: bigint | undefined
  let blockLast: bigint | undefined
  for (const m of matches) {
    rowsMatched += m.matched
    rowsDeleted += m.rows
    if (first === undefined || m.first < first) first = m.first
    if (last === undefined || m.last > last) last = m.last
    if (blockFirst === undefined || m.blockFirst < blockFirst) blockFirst = m.blockFirst
    if (blockLast === undefined || m.blockLast > blockLast) blockLast = m.blockLast
  }
  return {
    dryRun,
    rowsMatched,
    rowsDeleted,
    blocksMatched: matches.length,
    ...(first !== undefined ? { firstMatchedEvent: formatGoTimeString(first) } : {}),
    ...(last !== undefined ? { lastMatchedEvent: formatGoTimeString(last) } : {}),
    ...(blockFirst !== undefined ? { firstDeletedEvent: formatGoTimeString(blockFirst) } : {}),
    ...(blockLast !== undefined ? { lastDeletedEvent: formatGoTimeString(blockLast) } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  }
}

function checkSize(store: Store, found: MatchResult): void {
  const { matches, complete } = found
  const rows = matches.reduce((n, m) => n + m.rows, 0)
  if (complete && rows <= store.maxDeleteRows) return
  const matched = matches.reduce((n, m) => n + m.matched, 0)
  // The search stops at the first block over the limit: the figures are then lower bounds.
  const atLeast = complete ? '' : 'at least '
  throw new DeleteError(
    'delete_too_large',
    `this deletion would remove ${atLeast}${rows} rows in ${atLeast}${matches.length} blocks (${atLeast}${matched} matching events), more than maxDeleteRows (${store.maxDeleteRows}); narrow the time range (startTime/endTime) or the filter and delete in several requests`,
  )
}

/**
 * Compiles (a long text on the compile worker, within the request's deadline and abort signal) and
 * checks the request's APL against `snap`; returns the dataset it reads.
 */
async function validate(
  snap: Snapshot,
  apl: string,
  limits: CompileLimits,
): Promise<{ plan: LogicalPlan; dataset: string }> {
  const plan = await compileForSnapshotOffThread(snap, apl, limits)
  return { plan, dataset: checkDeletePlan(apl, plan) }
}

async function run(store: Store, req: DeleteRequest, opts: DeleteOptions): Promise<DeleteResult> {
  store.assertUsable()
  const now = store.now()
  const window = checkDeleteRequest(req, now)
  const deadline = performance.now() + (opts.deadlineMs ?? DEFAULT_DEADLINE_MS)
  let snap = store.snapshot()
  try {
    const limits = { deadline, signal: opts.signal }
    let { plan, dataset } = await validate(snap, req.apl, limits)
    if (req.commit) {
      // Seal first so every acknowledged event is in a block the request can name.
      snap.release()
      await store.flush(dataset)
      snap = store.snapshot()
      ;({ plan, dataset } = await validate(snap, req.apl, limits))
    }
    const counting = countingPlan(snap, dataset, plan)
    const found = await matchBlocks(store, snap, dataset, counting, window, {
      now,
      includeTail: !req.commit,
      blockRows: store.blockRows,
      deadline,
      rowLimit: store.maxDeleteRows,
      signal: opts.signal,
    })
    checkSize(store, found)
    const { matches } = found
    if (!req.commit) return summarize(true, matches)
    const ids = matches.flatMap((m) => (m.blockId === undefined ? [] : [m.blockId]))
    const queued = await store.requestDeletion(store.runtime(dataset), ids)
    if (!queued) return summarize(false, [])
    // Report what was recorded: a racing trim or deletion may have taken some blocks first.
    const recorded = new Set(queued.blockIds)
    return summarize(
      false,
      matches.filter((m) => m.blockId !== undefined && recorded.has(m.blockId)),
      requestIdOf(queued.opstamp),
    )
  } finally {
    snap.release()
  }
}

/**
 * Block deletion (see module header). Throws DeleteError (bad fields, missing time range, too
 * large), AplError (APL that does not bind, or operators other than where/search: APL0322) or
 * StoreError (unknown dataset, store closed); nothing is written when it throws before the commit.
 */
export function deleteBlocks(
  store: Store,
  req: DeleteRequest,
  opts: DeleteOptions = {},
): Promise<DeleteResult> {
  if (!req?.commit) return run(store, req, opts)
  const prev = commitChains.get(store) ?? Promise.resolve()
  const p = prev.then(() => run(store, req, opts))
  commitChains.set(
    store,
    p.catch(() => {}),
  )
  return p
}
