// ops/join-exec.ts: `join`: hash equi-join. Drains the right input into one dense batch (refusing past
// MAX_JOIN_BUILD_ROWS with `join_too_large`, and charging it to the query's memory), maps its key
// tuples to dense ids (group-keys.ts), chains its rows per id in order, then streams the left input
// probing each row, emitting at most EMIT_ROWS pairs per batch: a many-to-many (cartesian) match is
// never materialized, it flows through in bounded pieces. Output order as the reference: left rows in
// order, each with its right matches in order; then right-side-only rows.
// Null and NaN keys never match. Key pairs must have the same type (long/real mix) to hash by value.
import type { AplType } from '../../catalog/index.ts'
import type { JoinKey, JoinKind, RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { compactBatch, concatVecs, nullVec, takeVec } from '../batch.ts'
import { type ExecContext, ExecError } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { batchBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'
import { GroupIndex } from './group-keys.ts'
import { concatBatches } from './sort-exec.ts'

/** Most rows the build (right) side may hold; a bigger right input fails with `join_too_large`. */
export const MAX_JOIN_BUILD_ROWS = 1_000_000

/** Most output rows of one emitted batch. */
export const EMIT_ROWS = 8192

/** What a join kind emits (same vocabulary as the reference's join.ts). */
interface KindRule {
  /** Matched (left, right) pairs. */
  readonly pairs: boolean
  /** Each left row without a match, right columns null. */
  readonly leftUnmatched: boolean
  /** Each right row without a match, left columns null. */
  readonly rightUnmatched: boolean
  /** Each left row once when it has a match (semi). */
  readonly leftMatched: boolean
  /** Each right row once when it has a match (semi). */
  readonly rightMatched: boolean
  /** Only the first left row of each key tuple takes part (Kusto innerunique). */
  readonly uniqueLeft: boolean
}

const rule = (r: Partial<KindRule>): KindRule => ({
  pairs: false,
  leftUnmatched: false,
  rightUnmatched: false,
  leftMatched: false,
  rightMatched: false,
  uniqueLeft: false,
  ...r,
})

const KINDS: { readonly [K in JoinKind]: KindRule } = {
  inner: rule({ pairs: true }),
  innerunique: rule({ pairs: true, uniqueLeft: true }),
  leftouter: rule({ pairs: true, leftUnmatched: true }),
  rightouter: rule({ pairs: true, rightUnmatched: true }),
  fullouter: rule({ pairs: true, leftUnmatched: true, rightUnmatched: true }),
  leftanti: rule({ leftUnmatched: true }),
  rightanti: rule({ rightUnmatched: true }),
  leftsemi: rule({ leftMatched: true }),
  rightsemi: rule({ rightMatched: true }),
}

const NUMERIC: ReadonlySet<AplType> = new Set(['long', 'real'])
const HASHABLE: ReadonlySet<AplType> = new Set(['bool', 'long', 'real', 'datetime', 'timespan', 'string'])

/** Refuses key pairs whose `==` is not value identity (string vs number, mixed or dynamic columns). */
function checkKeys(keys: readonly JoinKey[]): void {
  for (const k of keys) {
    const [a, b] = [k.left.type, k.right.type]
    const same = a === b || (NUMERIC.has(a) && NUMERIC.has(b))
    if (!same || !HASHABLE.has(a) || !HASHABLE.has(b))
      throw new ExecError(
        'not_supported',
        `join on a ${a} key and a ${b} key is not supported yet by the executor (convert both sides to one type)`,
      )
  }
}

/** 1 where every key of the row is present and not NaN (such keys can never be `==`). */
function keyPresent(vecs: readonly Vec[], n: number): Uint8Array {
  const ok = new Uint8Array(n).fill(1)
  for (const v of vecs) {
    if (v.kind === 'str') {
      for (let i = 0; i < n; i++) if (v.codes[i] < 0) ok[i] = 0
    } else if (v.kind === 'num' || v.kind === 'span') {
      for (let i = 0; i < n; i++) if ((v.valid && !v.valid[i]) || Number.isNaN(v.values[i])) ok[i] = 0
    } else if (v.kind === 'bool' || v.kind === 'time') {
      if (v.valid) for (let i = 0; i < n; i++) if (!v.valid[i]) ok[i] = 0
    } else {
      for (let i = 0; i < n; i++) {
        const c = v.values[i] ?? null
        if (c === null || (typeof c === 'number' && Number.isNaN(c))) ok[i] = 0
      }
    }
  }
  return ok
}

function identity(n: number): Uint32Array {
  const out = new Uint32Array(n)
  for (let i = 0; i < n; i++) out[i] = i
  return out
}

/** A growable list of row indices (no per-row allocation). */
class Indices {
  #buf = new Uint32Array(64)
  length = 0

  push(i: number): void {
    if (this.length === this.#buf.length) {
      const next = new Uint32Array(this.#buf.length * 2)
      next.set(this.#buf)
      this.#buf = next
    }
    this.#buf[this.length++] = i
  }

  view(): Uint32Array {
    return this.#buf.subarray(0, this.length)
  }
}

/** The right side, built: rows, key ids, per-id row chains (in row order). */
interface BuildSide {
  /** Right columns with one extra all-null row at index `rows` (the partner of unmatched left rows). */
  readonly cols: readonly Vec[]
  readonly rows: number
  readonly groups: GroupIndex
  /** Ids known to the right side (left-only ids are ≥ this). */
  readonly ids: number
  readonly head: Int32Array
  readonly next: Int32Array
  readonly hit: Uint8Array
}

/** Join settings from the logical node. */
export interface JoinSpec {
  readonly joinKind: JoinKind
  readonly keys: readonly JoinKey[]
  readonly rightNames: readonly { readonly from: string; readonly to: string }[]
  readonly schema: RowSchema
}

/** `join`: see module header. */
export class JoinExec implements PhysicalOperator {
  readonly name = 'JoinExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #left: PhysicalOperator
  readonly #right: PhysicalOperator
  readonly #spec: JoinSpec
  readonly #rule: KindRule
  readonly #leftScope: EvalScope
  readonly #rightScope: EvalScope
  /** Whether the output starts with the left columns (not for rightsemi/rightanti). */
  readonly #withLeft: boolean
  /** Right input column index of each output right column. */
  readonly #rightAt: readonly number[]
  readonly #maxBuildRows: number

  constructor(
    left: PhysicalOperator,
    right: PhysicalOperator,
    spec: JoinSpec,
    leftScope: EvalScope,
    rightScope: EvalScope,
    /** Build-side row bound (tests lower it). */
    maxBuildRows = MAX_JOIN_BUILD_ROWS,
  ) {
    checkKeys(spec.keys)
    this.#maxBuildRows = maxBuildRows
    this.#left = left
    this.#right = right
    this.children = [left, right]
    this.schema = spec.schema
    this.#spec = spec
    this.#rule = KINDS[spec.joinKind]
    this.#leftScope = leftScope
    this.#rightScope = rightScope
    this.#withLeft = spec.schema.length > spec.rightNames.length
    this.#rightAt = spec.rightNames.map(({ from }) => {
      const i = right.schema.findIndex((c) => c.name === from)
      if (i < 0) throw new ExecError('invalid_argument', `join: right column '${from}' is not in the input`)
      return i
    })
  }

  explain(): string {
    return `JoinExec kind=${this.#spec.joinKind} on ${this.#spec.keys.length} key(s) (hash on right)`
  }

  async #build(ctx: ExecContext): Promise<BuildSide> {
    const parts: Batch[] = []
    const memory = ctx.guard.memory.account('JoinExec (right side)')
    let count = 0
    let bytes = 0
    for await (const b of this.#right.batches(ctx)) {
      await ctx.guard.pace()
      count += b.sel ? b.sel.length : b.length
      if (count > this.#maxBuildRows)
        throw new ExecError(
          'join_too_large',
          `join: the right side has more than ${this.#maxBuildRows} rows; filter or summarize it first`,
        )
      const more = batchBytes(b)
      memory.grow(more)
      bytes += more
      parts.push(b)
    }
    const t0 = performance.now()
    // The concatenation, key vectors and chains live beside the parts for a moment.
    memory.grow(bytes + 32 * count)
    const rb = concatBatches(parts, this.#right.schema.length)
    const n = rb.length
    this.metrics.rowsIn += n
    const keys = this.#spec.keys.map((k) => evaluate(k.right, rb, this.#rightScope))
    const groups = new GroupIndex(keys.length)
    const gids = groups.assign(keys, identity(n), () => {})
    const ok = keyPresent(keys, n)
    const ids = groups.size
    const head = new Int32Array(ids).fill(-1)
    const tail = new Int32Array(ids).fill(-1)
    const next = new Int32Array(n).fill(-1)
    for (let r = 0; r < n; r++) {
      if (!ok[r]) continue
      const g = gids[r]
      if (head[g] < 0) head[g] = r
      else next[tail[g]] = r
      tail[g] = r
    }
    const cols = this.#right.schema.map((c, j) => concatVecs([rb.cols[j], nullVec(c.type, 1)], [n, 1]))
    this.metrics.timeMs += performance.now() - t0
    return { cols, rows: n, groups, ids, head, next, hit: new Uint8Array(n) }
  }

  /** Output batch from left rows `li` of `lb` (or nulls when `lb` is null) and right rows `ri`. */
  #emit(lb: Batch | null, li: Uint32Array, side: BuildSide, ri: Uint32Array): Batch {
    const n = ri.length
    const cols: Vec[] = []
    if (this.#withLeft) {
      for (let j = 0; j < this.#left.schema.length; j++)
        cols.push(lb ? takeVec(lb.cols[j], li) : nullVec(this.schema[j].type, n))
    }
    for (const at of this.#rightAt) cols.push(takeVec(side.cols[at], ri))
    this.metrics.rowsOut += n
    return { length: n, sel: null, cols }
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const side = await this.#build(ctx)
    const rule = this.#rule
    const seen = rule.uniqueLeft ? new Set<number>() : null
    // Right semi/anti must see every matching right row; left semi/anti can stop at the first.
    const marksRight = rule.rightMatched || rule.rightUnmatched
    const emits = rule.pairs || rule.leftMatched || rule.leftUnmatched
    for await (const raw of this.#left.batches(ctx)) {
      await ctx.guard.pace()
      const t0 = performance.now()
      const lb = compactBatch(raw)
      const n = lb.length
      this.metrics.rowsIn += n
      const keys = this.#spec.keys.map((k) => evaluate(k.left, lb, this.#leftScope))
      const gids = side.groups.assign(keys, identity(n), () => {})
      const ok = keyPresent(keys, n)
      let li = new Indices()
      let ri = new Indices()
      for (let i = 0; i < n; i++) {
        if (li.length >= EMIT_ROWS) {
          // A piece of the output is ready: hand it on before matching more (bounded memory).
          this.metrics.timeMs += performance.now() - t0
          if (emits) yield this.#emit(lb, li.view(), side, ri.view())
          await ctx.guard.pace()
          li = new Indices()
          ri = new Indices()
        }
        const g = gids[i]
        if (seen) {
          if (seen.has(g)) continue
          seen.add(g)
        }
        let hit = false
        if (ok[i] && g < side.ids) {
          for (let r = side.head[g]; r >= 0; r = side.next[r]) {
            hit = true
            side.hit[r] = 1
            if (rule.pairs) {
              li.push(i)
              ri.push(r)
              // One row's matches can be many (a cartesian key): the deadline is checked on the way.
              ctx.guard.tick()
            } else if (!marksRight) break
          }
        }
        if ((hit && rule.leftMatched) || (!hit && rule.leftUnmatched)) {
          li.push(i)
          ri.push(side.rows)
        }
      }
      this.metrics.timeMs += performance.now() - t0
      // Semi/anti on the right still need every left row probed (to mark hits) but emit nothing here.
      if (li.length > 0 && emits) yield this.#emit(lb, li.view(), side, ri.view())
    }
    if (!rule.rightMatched && !rule.rightUnmatched) return
    const ri = new Indices()
    for (let r = 0; r < side.rows; r++) {
      if (side.hit[r] ? rule.rightMatched : rule.rightUnmatched) ri.push(r)
    }
    if (ri.length > 0) yield this.#emit(null, new Uint32Array(0), side, ri.view())
  }
}
