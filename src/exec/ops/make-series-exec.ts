// ops/make-series-exec.ts: `make-series` (decision §10.6, reference make-series.ts): drains its input,
// finds the axis range, and per group of the `by` keys keeps one mergeable state per (aggregation,
// bucket) for buckets `[from + i·step, from + (i+1)·step)`; `from` defaults to bin(min axis, step), `to`
// (exclusive) to the end of the max value's bucket. Emits keys, one dynamic array per aggregation
// (empty buckets take `default=`, else 0 for long/real, else null) and the `_time` array of starts.
import type { AplType } from '../../catalog/index.ts'
import type { BoundExpr, LogicalOf, RowSchema } from '../../plan/index.ts'
import { formatGoDuration, formatRfc3339Nano } from '../../util/time/index.ts'
import { type AggState, type ExactBudget, exactBudget } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { compactBatch, fromCells } from '../batch.ts'
import { checkInterrupt, type ExecContext, ExecError } from '../context.ts'
import { type EvalScope, evaluate, scopeOf } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import { literalCell } from '../kernels/constants.ts'
import { seriesVec } from '../num-series.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Cell, CellJson } from '../result.ts'
import { batchBytes, groupBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'
import { cellAt } from '../vector.ts'
import { feed } from './agg-feed.ts'
import { type AggSpec, aggSpec, newState, resultCell, summarizeSite } from './agg-spec.ts'
import { GroupIndex } from './group-keys.ts'
import { type AxisRows, axisRows, axisScale, exactAt, exactSlot, floorDiv } from './series-axis.ts'

/** Most buckets one series may have (a guard against a runaway step; same bound as the reference). */
export const MAX_SERIES_BUCKETS = 1_000_000

type MakeSeries = LogicalOf<'MakeSeries'>

/** A cell as JSON inside a dynamic (rule 7): longs → numbers, datetimes RFC 3339, timespans Go text. */
function jsonOf(c: Cell, type: AplType): CellJson {
  if (c === null) return null
  if (type === 'datetime' && typeof c === 'bigint') return formatRfc3339Nano(c)
  if (type === 'timespan' && typeof c === 'bigint') return formatGoDuration(c)
  if (typeof c === 'bigint') return Number(c)
  return c as CellJson
}

/** The JSON of an empty bucket (see module header). */
function fillJson(a: MakeSeries['aggregates'][number]): CellJson {
  if (a.fill !== null) {
    const c = literalCell(a.fill.type, a.fill.value)
    return jsonOf(a.call.type === 'real' && typeof c === 'bigint' ? Number(c) : c, a.call.type)
  }
  return a.call.type === 'long' || a.call.type === 'real' ? 0 : null
}

/** The bucket layout: exact (bigint) for integral axes, doubles otherwise. */
type Layout =
  | { readonly exact: true; readonly start: bigint; readonly step: bigint; readonly count: number }
  | { readonly exact: false; readonly start: number; readonly step: number; readonly count: number }

/** `make-series`: see module header. */
export class MakeSeriesExec implements PhysicalOperator {
  readonly name = 'MakeSeriesExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #node: MakeSeries
  readonly #scope: EvalScope
  readonly #specs: readonly AggSpec[]
  numGroups = 0

  constructor(input: PhysicalOperator, node: MakeSeries, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#node = node
    this.#scope = scope
    // rate() is per second of a bucket: the step of a datetime axis, else the query window.
    const step = node.on.type === 'datetime' ? this.#constant(node.step) : null
    const site =
      typeof step === 'bigint'
        ? { bucketSeconds: step > 0n ? Number(step) / 1e9 : null }
        : summarizeSite(null, scope.env)
    this.#specs = node.aggregates.map((a) => aggSpec(a.call, site))
  }

  explain(): string {
    const n = this.#node
    return `MakeSeriesExec aggs ${n.aggregates.length} by [${n.keys.map((k) => k.name).join(', ')}]`
  }

  /** The value of a constant expression (step/from/to), or null when absent. */
  #constant(e: BoundExpr | null): Cell {
    if (e === null) return null
    const v = evaluate(e, { length: 1, sel: null, cols: [] }, scopeOf([], this.#scope.env))
    return cellAt(v, 0)
  }

  /** Start, step and bucket count from the constants and the axis min/max (null: no rows). */
  #layout(axes: readonly AxisRows[]): Layout | null {
    const n = this.#node
    const scale = axisScale(n.on.type)
    const [step, from, to] = [this.#constant(n.step), this.#constant(n.from), this.#constant(n.to)]
    const exact = n.on.type !== 'real' && [n.step, n.from, n.to].every((e) => e === null || e.type !== 'real')
    let found = false
    let [minHi, minLo, maxHi, maxLo] = [0, 0, 0, 0]
    for (const a of axes) {
      for (let i = 0; i < a.hi.length; i++) {
        if (!a.valid[i]) continue
        const [h, l] = [a.hi[i], a.lo[i]]
        if (!found || h < minHi || (h === minHi && l < minLo)) [minHi, minLo] = [h, l]
        if (!found || h > maxHi || (h === maxHi && l > maxLo)) [maxHi, maxLo] = [h, l]
        found = true
      }
    }
    const bad = step === null || typeof step === 'string' || typeof step === 'boolean' || Number(step) <= 0
    if (bad) throw new ExecError('invalid_argument', 'make-series: the step must be positive')
    if (!found) return null
    let count: number
    if (exact) {
      const s = BigInt(step as number | bigint)
      const min = BigInt(minHi) * BigInt(scale) + BigInt(minLo)
      const max = BigInt(maxHi) * BigInt(scale) + BigInt(maxLo)
      const start = from === null ? floorDiv(min, s) * s : BigInt(from as number | bigint)
      count =
        to === null
          ? Number(floorDiv(max - start, s)) + 1
          : Number(-floorDiv(-(BigInt(to as number | bigint) - start), s))
      return this.#checked({ exact, start, step: s, count: Math.max(0, count) })
    }
    const s = Number(step)
    const start = from === null ? Math.floor(minHi / s) * s : Number(from)
    count = to === null ? Math.floor((maxHi - start) / s) + 1 : Math.ceil((Number(to) - start) / s)
    return this.#checked({ exact, start, step: s, count: Math.max(0, count) })
  }

  #checked(l: Layout): Layout {
    if (l.count > MAX_SERIES_BUCKETS)
      throw new ExecError(
        'invalid_argument',
        `make-series: ${l.count} buckets exceed the limit of ${MAX_SERIES_BUCKETS}; use a larger step`,
      )
    return l
  }

  /** Bucket index of every row (-1: null axis or outside the range). */
  #slots(a: AxisRows, l: Layout): Int32Array {
    const n = a.hi.length
    const out = new Int32Array(n).fill(-1)
    const scale = axisScale(this.#node.on.type)
    if (l.exact) {
      const s = BigInt(scale)
      const hi = l.start / s - (l.start % s < 0n ? 1n : 0n)
      const start = { big: l.start, hi: Number(hi), lo: Number(l.start - hi * s) }
      for (let i = 0; i < n; i++) {
        if (!a.valid[i]) continue
        const at = exactSlot(a, i, scale, start, l.step)
        if (at >= 0 && at < l.count) out[i] = at
      }
      return out
    }
    for (let i = 0; i < n; i++) {
      if (!a.valid[i]) continue
      const x = scale === 1 ? a.hi[i] : Number(exactAt(a, i, scale))
      const at = Math.floor((x - l.start) / l.step)
      if (at >= 0 && at < l.count) out[i] = at
    }
    return out
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const n = this.#node
    const parts: Batch[] = []
    // What it holds: the input rows, then the grid of (group, bin) states.
    const memory = ctx.guard.memory.account(this.name)
    for await (const b of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      memory.grow(batchBytes(b))
      const dense = compactBatch(b)
      this.metrics.rowsIn += dense.length
      parts.push(dense)
    }
    const t0 = performance.now()
    const axes = parts.map((b) => axisRows(evaluate(n.on, b, this.#scope), b.length, n.on.type))
    const layout = this.#layout(axes)
    if (layout === null || layout.count === 0) return
    const count = layout.count
    // Every group gets `count` bins per aggregation: charged per new group before its bins exist.
    const grid = memory.bytes
    const cellsPerGroup = count * Math.max(1, this.#specs.length)
    const groups = new GroupIndex(n.keys.length)
    const states: (AggState | undefined)[][] = this.#specs.map(() => [])
    // Percentile cells keep their values exactly while this run's budget gives room (exact-budget.ts).
    const exact = exactBudget(ctx.guard.memory, this.name)
    parts.forEach((b, p) => {
      checkInterrupt(ctx)
      const slots = this.#slots(axes[p], layout)
      const kept = new Uint32Array(b.length)
      let k = 0
      for (let i = 0; i < b.length; i++) if (slots[i] >= 0) kept[k++] = i
      if (k === 0) return
      const rows = kept.subarray(0, k)
      memory.set(grid + groupBytes(groups.size + k, n.keys.length, cellsPerGroup))
      const gids = groups.assign(
        n.keys.map((key) => evaluate(key.expr, b, this.#scope)),
        rows,
        () => {},
      )
      for (let s = 0; s < this.#specs.length; s++)
        this.#feed(this.#specs[s], states[s], b, rows, gids, slots, count, exact)
      memory.set(grid + groupBytes(groups.size, n.keys.length, cellsPerGroup))
    })
    this.metrics.timeMs += performance.now() - t0
    if (groups.size === 0) return
    yield this.#output(groups, states, layout)
  }

  /** Adds the rows to their (group, bucket) states; a bucket with rows always gets a state. */
  #feed(
    spec: AggSpec,
    st: (AggState | undefined)[],
    b: Batch,
    rows: Uint32Array,
    gids: Int32Array,
    slots: Int32Array,
    count: number,
    exact: ExactBudget,
  ): void {
    const pred = spec.predicate ? asBool(evaluate(spec.predicate, b, this.#scope), b.length) : null
    const v = spec.value ? evaluate(spec.value, b, this.#scope) : null
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]
      const at = gids[j] * count + slots[i]
      let s = st[at]
      if (s === undefined) {
        s = newState(spec, exact)
        st[at] = s
      }
      if (pred && (pred.values[i] !== 1 || (pred.valid && !pred.valid[i]))) continue
      if (v === null) s.addNumber(0)
      else feed(s, v, i)
    }
  }

  /** A numeric aggregation's series as typed arrays (num-series.ts): no JSON unless a reader asks. */
  #numericSeries(
    spec: AggSpec,
    st: readonly (AggState | undefined)[],
    rows: number,
    count: number,
    fill: number | null,
  ): Vec {
    const data = new Float64Array(rows * count)
    let present: Uint8Array | null = null
    const absent = (j: number) => {
      present ??= new Uint8Array(rows * count).fill(1)
      present[j] = 0
    }
    for (let j = 0; j < rows * count; j++) {
      const state = st[j]
      const c = state === undefined ? fill : resultCell(spec, state)
      if (typeof c === 'number' || typeof c === 'bigint') data[j] = Number(c)
      else absent(j)
    }
    const start = new Int32Array(rows)
    for (let g = 0; g < rows; g++) start[g] = g * count
    return seriesVec({ start, len: new Int32Array(rows).fill(count), data, present }, rows)
  }

  #output(groups: GroupIndex, states: (AggState | undefined)[][], l: Layout): Batch {
    const n = this.#node
    const rows = groups.size
    this.numGroups = rows
    this.metrics.rowsOut = rows
    const cols: Vec[] = n.keys.map((_, k) => {
      const dict = groups.keys[k].values
      return fromCells(
        this.schema[k].type,
        Array.from(groups.keyIds(k), (id) => dict[id] ?? null),
      )
    })
    n.aggregates.forEach((a, s) => {
      const spec = this.#specs[s]
      const fill = fillJson(a)
      if ((spec.type === 'long' || spec.type === 'real') && (fill === null || typeof fill === 'number')) {
        cols.push(this.#numericSeries(spec, states[s], rows, l.count, fill))
        return
      }
      const values: CellJson[] = new Array(rows)
      for (let g = 0; g < rows; g++) {
        const series: CellJson[] = new Array(l.count)
        for (let i = 0; i < l.count; i++) {
          const st = states[s][g * l.count + i]
          series[i] = st === undefined ? fill : jsonOf(resultCell(spec, st), spec.type)
        }
        values[g] = series
      }
      cols.push({ kind: 'dyn', values })
    })
    const starts: CellJson[] = new Array(l.count)
    for (let i = 0; i < l.count; i++) {
      const x = l.exact ? l.start + BigInt(i) * l.step : l.start + i * l.step
      starts[i] = startJson(x, n.on.type)
    }
    cols.push({ kind: 'dyn', values: new Array(rows).fill(starts) })
    return { length: rows, sel: null, cols }
  }
}

/** A bucket start as JSON in the axis type (a long axis in doubles truncates, as the reference). */
function startJson(x: bigint | number, type: AplType): CellJson {
  if (type === 'datetime') return formatRfc3339Nano(BigInt(x))
  if (type === 'timespan') return formatGoDuration(BigInt(x))
  if (type === 'long') return typeof x === 'bigint' ? Number(x) : Math.trunc(x)
  return Number(x)
}
