// ops/top-n-heap.ts: TopNExec's bounded max-heap of row references (worst kept row at the root); once
// full, a row is first tested on the first key against the root with a typed compare, so a losing row
// never reaches the comparator. Ties go to the row earlier in scan order (its place), not arrival.
import type { SortKey } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { concatVecs, takeVec, UNREAD } from '../batch.ts'
import type { Vec } from '../vector.ts'
import type { LateSource } from './late-columns.ts'
import { type CrossCompare, crossComparator } from './sort-order.ts'

/** Where a held batch's late columns come from: one scanned batch, or one source per row (compacted). */
export type Origin =
  | { readonly kind: 'one'; readonly source: LateSource }
  | { readonly kind: 'each'; readonly sources: readonly LateSource[]; readonly rows: Uint32Array }

/** A batch held by the heap with its evaluated key vectors. */
export interface Held {
  readonly batch: Batch
  readonly keys: readonly Vec[]
  /** Place in scan order of row 0: row r's is `base + r` (see `placeBase`); ties go to the lower. */
  readonly base: number
  /** Per-row places instead (a compacted batch). */
  readonly places?: Float64Array
  /** Set under late materialization (late-columns.ts). */
  readonly origin?: Origin
}

/** The `base` of a batch that is `seq`-th in scan order (rows below 2^32, seq below 2^21: exact). */
export function placeBase(seq: number): number {
  return seq * 4_294_967_296
}

function placeOf(h: Held, r: number): number {
  return h.places ? h.places[r] : h.base + r
}

/** The kept rows, dense in scan order, their places, and where each row's late columns are. */
export interface Compacted {
  readonly batch: Batch
  readonly places: Float64Array
  readonly origin?: { readonly sources: LateSource[]; readonly rows: Uint32Array }
}

/** -1 / 0 / 1 as numbers sort ascending, NaN lowest (sort-order.ts). */
function numOrder(x: number, y: number): number {
  if (x < y) return -1
  if (x > y) return 1
  if (x === y) return 0
  return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1
}

/** True when `xs` never decreases. */
function ascending(xs: Float64Array): boolean {
  for (let k = 1; k < xs.length; k++) if (xs[k] < xs[k - 1]) return false
  return true
}

/** A max-heap (worst row at the root) of at most `cap` row references (see module header). */
export class RowHeap {
  readonly #cap: number
  readonly #cmp: CrossCompare
  readonly #desc: boolean
  readonly #nullsFirst: boolean
  /** With one key a row tying the root on it loses; with more, the other keys decide. */
  readonly #single: boolean
  #from: Held[] = []
  #rows: number[] = []
  /** Entry index of each row of the last `compact` batch. */
  #order: number[] = []
  /** The root's first key and place, as `#loadRoot` read them. */
  #rootNull = false
  #rootA = 0
  #rootB = 0
  #rootPlace = 0
  /** Collects the rows kept by the current `offerBatch`, when traced. */
  #accepted: number[] | undefined

  constructor(cap: number, keys: readonly SortKey[]) {
    this.#cap = cap
    this.#cmp = crossComparator(keys)
    this.#desc = keys[0]?.descending ?? false
    this.#nullsFirst = keys[0]?.nullsFirst ?? false
    this.#single = keys.length === 1
  }

  get size(): number {
    return this.#rows.length
  }

  /** The root's first key vector, row and place (the worst kept row), once the heap is full. */
  root(): { readonly key: Vec; readonly row: number; readonly place: number } | undefined {
    if (this.#rows.length < this.#cap || this.#rows.length === 0) return undefined
    const h = this.#from[0]
    return { key: h.keys[0], row: this.#rows[0], place: placeOf(h, this.#rows[0]) }
  }

  /** True when entry x is worse than entry y (the later row is worse among equal keys). */
  #worse(x: number, y: number): boolean {
    const hx = this.#from[x]
    const hy = this.#from[y]
    const c = this.#cmp(hx.keys, this.#rows[x], hy.keys, this.#rows[y])
    if (c !== 0) return c > 0
    return placeOf(hx, this.#rows[x]) > placeOf(hy, this.#rows[y])
  }

  /**
   * Offers row `r` of `h`; true when it was kept. Until the heap is full every row is kept, in
   * arrival order, and only the full heap is ordered (one O(n) heapify, no sift per row): the root
   * matters only once a row can be refused.
   */
  offer(h: Held, r: number): boolean {
    if (this.#rows.length < this.#cap) {
      this.#from.push(h)
      this.#rows.push(r)
      if (this.#rows.length === this.#cap) this.#heapify()
      return true
    }
    // A row equal to the root enters only from an earlier place (a stable sort's tie).
    const root = this.#from[0]
    const c = this.#cmp(h.keys, r, root.keys, this.#rows[0])
    if (c > 0 || (c === 0 && placeOf(h, r) > placeOf(root, this.#rows[0]))) return false
    this.#from[0] = h
    this.#rows[0] = r
    this.#down(0)
    return true
  }

  /**
   * Offers the live rows of `h` (`sel`, or rows 0 … n-1); true when any was kept. `accepted`, when
   * given, collects the rows kept (a trace, top-trace.ts).
   */
  offerBatch(h: Held, sel: Uint32Array | null, n: number, accepted?: number[]): boolean {
    this.#accepted = accepted
    const count = sel ? sel.length : n
    let j = 0
    for (; j < count && this.#rows.length < this.#cap; j++) {
      const r = sel ? sel[j] : j
      this.offer(h, r)
      this.#accepted?.push(r)
    }
    const filled = j > 0
    if (j === count) return filled
    const key = h.keys[0]
    if ((key.kind === 'num' || key.kind === 'span') && this.#loadRoot(key.kind))
      return this.#offerNum(h, key.values, key.valid, sel, j, count) || filled
    if (key.kind === 'time' && this.#loadRoot('time')) return this.#offerTime(h, sel, j, count) || filled
    return this.#offerEach(h, sel, j, count) || filled
  }

  /** Reads the root's first key when its layout is `kind` (false otherwise: no typed pre-check). */
  #loadRoot(kind: Vec['kind']): boolean {
    const v = this.#from[0].keys[0]
    const r = this.#rows[0]
    if (v.kind !== kind) return false
    this.#rootPlace = placeOf(this.#from[0], r)
    if (v.kind === 'num' || v.kind === 'span') {
      this.#rootNull = v.valid !== null && v.valid[r] === 0
      this.#rootA = v.values[r]
      return true
    }
    if (v.kind === 'time') {
      this.#rootNull = v.valid !== null && v.valid[r] === 0
      this.#rootA = v.ms[r]
      this.#rootB = v.ns[r]
      return true
    }
    return false
  }

  #offerEach(h: Held, sel: Uint32Array | null, from: number, to: number): boolean {
    let taken = false
    for (let j = from; j < to; j++) {
      const r = sel ? sel[j] : j
      if (!this.offer(h, r)) continue
      taken = true
      this.#accepted?.push(r)
    }
    return taken
  }

  /**
   * Rows from..to-1 of a number/timespan first key. Inlined on purpose (hot loop): `s` is the row's
   * place against the root's key in sort order (negative: better); a row that cannot enter costs
   * this test only.
   */
  #offerNum(
    h: Held,
    values: Float64Array,
    valid: Uint8Array | null,
    sel: Uint32Array | null,
    from: number,
    to: number,
  ): boolean {
    const kind = h.keys[0].kind
    const desc = this.#desc
    const nullsFirst = this.#nullsFirst
    const single = this.#single
    let taken = false
    for (let j = from; j < to; j++) {
      const r = sel ? sel[j] : j
      let s: number
      if (valid !== null && valid[r] === 0) s = this.#rootNull ? 0 : nullsFirst ? -1 : 1
      else if (this.#rootNull) s = nullsFirst ? 1 : -1
      else {
        s = numOrder(values[r], this.#rootA)
        if (desc) s = -s
      }
      // A tie on the only key loses unless the row comes earlier in scan order than the root.
      if (s > 0 || (s === 0 && single && placeOf(h, r) > this.#rootPlace)) continue
      if (!this.offer(h, r)) continue
      taken = true
      this.#accepted?.push(r)
      // The root changed: re-read it (a root of another layout ends the pre-check for this batch).
      if (!this.#loadRoot(kind)) return this.#offerEach(h, sel, j + 1, to) || taken
    }
    return taken
  }

  /** Rows from..to-1 of a datetime first key: as #offerNum on (ms, ns) pairs. */
  #offerTime(h: Held, sel: Uint32Array | null, from: number, to: number): boolean {
    const key = h.keys[0]
    if (key.kind !== 'time') return this.#offerEach(h, sel, from, to)
    const { ms, ns, valid } = key
    const desc = this.#desc
    const nullsFirst = this.#nullsFirst
    const single = this.#single
    let taken = false
    for (let j = from; j < to; j++) {
      const r = sel ? sel[j] : j
      let s: number
      if (valid !== null && valid[r] === 0) s = this.#rootNull ? 0 : nullsFirst ? -1 : 1
      else if (this.#rootNull) s = nullsFirst ? 1 : -1
      else {
        const m = ms[r]
        s = m < this.#rootA ? -1 : m > this.#rootA ? 1 : ns[r] - this.#rootB
        if (desc) s = -s
      }
      if (s > 0 || (s === 0 && single && placeOf(h, r) > this.#rootPlace)) continue
      if (!this.offer(h, r)) continue
      taken = true
      this.#accepted?.push(r)
      if (!this.#loadRoot('time')) return this.#offerEach(h, sel, j + 1, to) || taken
    }
    return taken
  }

  /** The kept rows as one dense batch in scan order, with their places and late-column origins. */
  compact(width: number): Compacted {
    const count = this.#rows.length
    const order: number[] = new Array(count)
    const place = new Float64Array(count)
    for (let k = 0; k < count; k++) {
      order[k] = k
      place[k] = placeOf(this.#from[k], this.#rows[k])
    }
    // Rows kept before the heap filled are in arrival order: often scan order already.
    if (!ascending(place)) order.sort((x, y) => place[x] - place[y])
    // Typed `from` with a map function goes through the iterator: an indexed loop instead.
    const places = new Float64Array(count)
    for (let k = 0; k < count; k++) places[k] = place[order[k]]
    const parts: Batch[] = []
    const late = this.#from.some((h) => h.origin !== undefined)
    const sources: LateSource[] = []
    const lateRows = new Uint32Array(late ? order.length : 0)
    let k = 0
    while (k < order.length) {
      const h = this.#from[order[k]]
      const rows: number[] = []
      while (k < order.length && this.#from[order[k]] === h) {
        const r = this.#rows[order[k++]]
        if (late) {
          const o = h.origin
          if (!o) throw new Error('TopN: a held batch without an origin under late materialization')
          sources.push(o.kind === 'one' ? o.source : o.sources[r])
          lateRows[sources.length - 1] = o.kind === 'one' ? r : o.rows[r]
        }
        rows.push(r)
      }
      // Every row of a dense batch, in order (nothing was dropped): its columns as they are.
      const whole = h.batch.sel === null && rows.length === h.batch.length && rows.every((r, j) => r === j)
      const idx = whole ? null : Uint32Array.from(rows)
      parts.push({
        length: rows.length,
        sel: null,
        cols: idx === null ? h.batch.cols : h.batch.cols.map((c) => takeVec(c, idx)),
      })
    }
    this.#order = order
    // A column the scan left for later stays a placeholder (no null cells built for it).
    const lens = parts.map((p) => p.length)
    const cols = Array.from({ length: width }, (_, c) =>
      parts.every((p) => p.cols[c] === UNREAD)
        ? UNREAD
        : concatVecs(
            parts.map((p) => p.cols[c]),
            lens,
          ),
    )
    const batch: Batch = { length: order.length, sel: null, cols }
    return late ? { batch, places, origin: { sources, rows: lateRows } } : { batch, places }
  }

  /** After `compact`, points every entry at its row of the compacted batch `h`. */
  rebase(h: Held): void {
    const from: Held[] = new Array(this.#rows.length)
    const rows: number[] = new Array(this.#rows.length)
    this.#order.forEach((entry, denseRow) => {
      from[entry] = h
      rows[entry] = denseRow
    })
    this.#from = from
    this.#rows = rows
  }

  #swap(a: number, b: number): void {
    const f = this.#from[a]
    this.#from[a] = this.#from[b]
    this.#from[b] = f
    const r = this.#rows[a]
    this.#rows[a] = this.#rows[b]
    this.#rows[b] = r
  }

  /** Orders the (full) heap bottom-up: worst row at the root. */
  #heapify(): void {
    for (let k = (this.#rows.length >> 1) - 1; k >= 0; k--) this.#down(k)
  }

  #down(k: number): void {
    const n = this.#rows.length
    for (;;) {
      const l = 2 * k + 1
      if (l >= n) return
      const r = l + 1
      const c = r < n && this.#worse(r, l) ? r : l
      if (!this.#worse(c, k)) return
      this.#swap(c, k)
      k = c
    }
  }
}
