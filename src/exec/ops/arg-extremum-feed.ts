// ops/arg-extremum-feed.ts: arg_min / arg_max in a summarize (AggregateExec, parallel partials): feeds
// their states row by row with scan-order ordinals, capturing the returned columns only for a group's
// new best, and reads the value and returned columns back. Never feeds another aggregation.

import type { BoundExpr } from '../../plan/index.ts'
import type { ArgExtremumState } from '../agg/arg-extremum.ts'
import type { AggState, ArgResult, PayloadSource } from '../agg/index.ts'
import { TWO_32 } from '../agg/int64-words.ts'
import { type Batch, fromCells } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import type { Cell } from '../result.ts'
import { cellAt, type Vec } from '../vector.ts'
import { type AggSpec, typedCell } from './agg-spec.ts'

/** True for an arg_min / arg_max spec (it has returned columns, possibly none). */
export function isArgSpec(spec: AggSpec): boolean {
  return spec.payload !== undefined
}

/**
 * The returned columns of the batch being fed: evaluated on the first capture only (after the first
 * batches a new best is rare), read at the captured row. A payload is the row's cells, in order.
 */
class BatchPayload implements PayloadSource {
  #exprs: readonly BoundExpr[] = []
  #batch: Batch | null = null
  #scope: EvalScope | null = null
  #vecs: Vec[] | null = null
  /** Ordinal of the batch's row 0. */
  #base = 0

  reset(exprs: readonly BoundExpr[], b: Batch, scope: EvalScope, base: number): void {
    this.#exprs = exprs
    this.#batch = b
    this.#scope = scope
    this.#vecs = null
    this.#base = base
  }

  capture(ordinal: number): unknown {
    if (this.#vecs === null) {
      const b = this.#batch as Batch
      const scope = this.#scope as EvalScope
      this.#vecs = this.#exprs.map((e) => evaluate(e, b, scope))
    }
    const i = ordinal - this.#base
    const vecs = this.#vecs
    const out: Cell[] = new Array(vecs.length)
    for (let k = 0; k < vecs.length; k++) out[k] = cellAt(vecs[k], i)
    return out
  }
}

/** Output of timeWords: [high word (signed), low word (raw bits)]. */
const timeOut = new Int32Array(2)

/** The int64 words of the time `ms * 1e6 + ns` (exact, no bigint), written to `timeOut`. */
function timeWords(ms: number, ns: number): void {
  // ms = q·2^32 + r, so ms·1e6 + ns = q·1e6·2^32 + (r·1e6 + ns), the second part below 2^53.
  const q = Math.floor(ms / TWO_32)
  const t = (ms - q * TWO_32) * 1e6 + ns
  const th = Math.floor(t / TWO_32)
  timeOut[0] = q * 1e6 + th
  timeOut[1] = (t - th * TWO_32) | 0
}

/** Offers row `i` of `v` (ordinal `ord`) to `s`; nulls are skipped. */
function offer(s: ArgExtremumState, v: Vec, i: number, ord: number, p: PayloadSource): void {
  switch (v.kind) {
    case 'num':
    case 'span':
      if (!v.valid || v.valid[i]) s.addNumberAt(v.values[i], ord, p)
      return
    case 'str':
      if (v.codes[i] >= 0) s.addStringAt(v.dict[v.codes[i]], ord, p)
      return
    case 'bool':
      if (!v.valid || v.valid[i]) s.addBoolAt(v.values[i] === 1, ord, p)
      return
    case 'time':
      if (v.valid && !v.valid[i]) return
      timeWords(v.ms[i], v.ns[i])
      s.addInt64At(timeOut[0], timeOut[1], ord, p)
      return
    case 'dyn':
    case 'mixed':
      s.addAt(v.values[i] ?? null, ord, p)
  }
}

/**
 * The arg_min/arg_max part of one summarize (the other aggregations are fed elsewhere). Ordinals
 * count the rows of every batch fed (row i of a batch is `rows before it + i`), so they follow scan
 * order within one input.
 */
export class ArgExtremumFeed {
  readonly #specs: readonly AggSpec[]
  readonly #states: readonly AggState[][]
  readonly #payloads: readonly BatchPayload[]
  #base = 0

  /** `states[a]`: the per-group states of `specs[a]` (filled in as groups are born). */
  constructor(specs: readonly AggSpec[], states: readonly AggState[][]) {
    const arg = specs.map(isArgSpec)
    this.#specs = specs.filter((_, a) => arg[a])
    this.#states = states.filter((_, a) => arg[a])
    this.#payloads = this.#specs.map(() => new BatchPayload())
  }

  /** Rows fed so far: the ordinal span of this input (a later input's ordinals start past it). */
  get ordinals(): number {
    return this.#base
  }

  /** Feeds batch `b`'s live `rows` (group of rows[j]: gids[j]) to every arg state, then moves past `b`. */
  /** No arg_min / arg_max here: `feed` has nothing to do. */
  get empty(): boolean {
    return this.#specs.length === 0
  }

  feed(b: Batch, rows: Uint32Array, gids: Int32Array, scope: EvalScope, ctx: ExecContext): void {
    const base = this.#base
    this.#base += b.length
    for (let a = 0; a < this.#specs.length; a++) {
      checkInterrupt(ctx)
      const spec = this.#specs[a]
      const v = evaluate(spec.value as BoundExpr, b, scope)
      const p = this.#payloads[a]
      p.reset(spec.payload ?? [], b, scope, base)
      const st = this.#states[a]
      for (let j = 0; j < rows.length; j++) {
        // Deadline / abort every 64 Ki rows, as the other aggregations.
        if ((j & 0xffff) === 0xffff) checkInterrupt(ctx)
        const i = rows[j]
        offer(st[gids[j]] as ArgExtremumState, v, i, base + i, p)
      }
    }
  }
}

/** Moves every arg state of a partial past `by` earlier rows (partials merge in scan order). */
export function offsetArgStates(
  specs: readonly AggSpec[],
  states: readonly (readonly AggState[])[],
  by: number,
): void {
  if (by === 0) return
  for (let a = 0; a < specs.length; a++) {
    if (!isArgSpec(specs[a])) continue
    for (const s of states[a]) (s as ArgExtremumState).offsetOrdinals(by)
  }
}

/**
 * The output columns of an arg spec over `n` groups (`stateOf(g)`): the extreme value in the call's
 * type, then each returned column in its expression's type (all null for a group with no value).
 */
export function argColumns(spec: AggSpec, stateOf: (g: number) => AggState, n: number): Vec[] {
  const payload = spec.payload ?? []
  const values: Cell[] = new Array(n)
  const cells: Cell[][] = payload.map(() => new Array(n))
  for (let g = 0; g < n; g++) {
    const r = stateOf(g).result() as ArgResult | null
    values[g] = r === null ? null : typedCell(spec.type, r.value)
    const row = r === null ? null : (r.payload as readonly Cell[] | null)
    for (let k = 0; k < payload.length; k++) cells[k][g] = row?.[k] ?? null
  }
  return [fromCells(spec.type, values), ...payload.map((e, k) => fromCells(e.type, cells[k]))]
}
