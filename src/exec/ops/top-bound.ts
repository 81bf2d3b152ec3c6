// ops/top-bound.ts: a full top-N heap's root as the scan's block filter: a block whose zone map proves
// no row beats the root (strictly better, or equal from an earlier block) is skipped undecoded, and
// blocks are visited best zone bound first. One plain long/real/datetime key; never skips unproven.
import type { ZoneColumn, ZoneMap } from '../../storage/block/index.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'
import type { Vec } from '../vector.ts'

/** The key layouts a bound is kept for: `num` (long/real fields) or `time` (datetime fields). */
export type BoundKind = 'num' | 'time'

/** No bound yet (the heap is not full) / the root's key is null / the root's key is a value. */
const NONE = 0
const NULL = 1
const VALUE = 2

/** Storage types of a field whose rows a `num` / `time` key compares (others prove nothing). */
const STORAGE: { readonly [K in BoundKind]: ReadonlySet<string> } = {
  num: new Set(['integer', 'float']),
  time: new Set(['datetime']),
}

/** A root key: its state, value (`num`) or epoch ms (`time`), epoch ns (`time`) and block index. */
interface Root {
  state: number
  value: number
  ns: bigint
  block: number
}

/** The heap root of a single-key top-N, as the scan's block filter (see module header). */
export class TopBound {
  /** The stored field the key reads. */
  readonly field: string
  readonly kind: BoundKind
  readonly descending: boolean
  readonly nullsFirst: boolean
  /** Blocks `mayBeat` proved useless (the scan counts them as pruned too). */
  skipped = 0
  readonly #root: Root = { state: NONE, value: 0, ns: 0n, block: 0 }
  /**
   * A root known before the scan (a parallel unit: the N-th best row of units visited before it),
   * with its block index in the whole list, and the whole-list index of each block of this scan.
   */
  #seed: Root | undefined
  #global: readonly number[] = []

  constructor(field: string, kind: BoundKind, descending: boolean, nullsFirst: boolean) {
    this.field = field
    this.kind = kind
    this.descending = descending
    this.nullsFirst = nullsFirst
  }

  /** True once the heap is full (a row must now be strictly better than the root to enter). */
  get active(): boolean {
    return this.#root.state !== NONE
  }

  /**
   * Takes the root key: row `row` of `key`, from the block at `block` in the block list (the tail:
   * the list's length); a layout the bound does not know clears it.
   */
  set(key: Vec, row: number, block: number): void {
    if (this.kind === 'num' && key.kind === 'num')
      this.setKey(key.valid !== null && key.valid[row] === 0, key.values[row], 0, block)
    else if (this.kind === 'time' && key.kind === 'time')
      this.setKey(key.valid !== null && key.valid[row] === 0, key.ms[row], key.ns[row], block)
    else this.#root.state = NONE
  }

  /** Takes the root key as plain numbers: null, else the value (`num`) or epoch ms and ns remainder (`time`). */
  setKey(isNull: boolean, a: number, b: number, block: number): void {
    this.#take(this.#root, isNull, a, b, block)
  }

  /**
   * Also prunes on `seed` (a row of blocks every block of this scan is visited after, in-process),
   * from block `seed.block` of the whole list; `global[i]` is the whole-list index of block i here.
   */
  seed(seed: { isNull: boolean; a: number; b: number; block: number }, global: readonly number[]): void {
    const root: Root = { state: NONE, value: 0, ns: 0n, block: 0 }
    this.#take(root, seed.isNull, seed.a, seed.b, seed.block)
    this.#seed = root
    this.#global = global
  }

  #take(root: Root, isNull: boolean, a: number, b: number, block: number): void {
    root.block = block
    if (isNull) {
      root.state = NULL
      return
    }
    root.state = VALUE
    root.value = a
    if (this.kind === 'time') root.ns = BigInt(a) * 1_000_000n + BigInt(b)
  }

  /**
   * False only when `zm` proves that no row of the block (at `position` in the list) beats the root
   * or the seed: is strictly better, or equal and from an earlier block.
   */
  mayBeat(zm: ZoneMap, block: BlockHandle, position: number): boolean {
    const seed = this.#seed
    const may =
      this.#beats(this.#root, zm, block, position) &&
      (seed === undefined || this.#beats(seed, zm, block, this.#global[position] ?? position))
    if (!may) this.skipped++
    return may
  }

  /**
   * Whether some row of the block may beat `root`. A row has a value in at most one physical column
   * of the field; rows with none are null. A column the block's header lists but the zone map lacks
   * (statistics cut for a worker) proves nothing.
   */
  #beats(root: Root, zm: ZoneMap, block: BlockHandle, position: number): boolean {
    if (root.state === NONE) return true
    const tieWins = position < root.block
    let valued = 0
    for (const entry of block.meta.header.columns) {
      if (entry.field !== this.field) continue
      const zc = zm.columns.find((c) => c.field === entry.field && c.type === entry.type)
      if (!zc) return true
      const present = zm.rowCount - zc.nullCount
      if (present <= 0) continue
      valued += present
      if (this.#columnMayBeat(root, zc, tieWins)) return true
    }
    // A null row beats a non-null root only when nulls sort first; it ties with a null root.
    const nulls = valued < zm.rowCount
    return nulls && (root.state === VALUE ? this.nullsFirst : tieWins)
  }

  /** Whether some value of this (non-empty) column may beat `root` (`tieWins`: an equal value does). */
  #columnMayBeat(root: Root, zc: ZoneColumn, tieWins: boolean): boolean {
    // A value beats a null root exactly when nulls sort last.
    if (root.state === NULL) return !this.nullsFirst
    if (!STORAGE[this.kind].has(zc.type)) return true
    const edge = this.descending ? zc.max : zc.min
    // Absent for floats holding NaN or ±Infinity: nothing is proven.
    if (edge === undefined) return true
    if (this.kind === 'time') {
      const t = BigInt(edge)
      return this.descending
        ? t > root.ns || (tieWins && t === root.ns)
        : t < root.ns || (tieWins && t === root.ns)
    }
    // int64 bounds as decimal strings: Number() rounds them as the scan rounds each row, monotonically.
    const x = Number(edge)
    const b = root.value
    // NaN sorts lowest: every number beats a NaN root descending; none beats it ascending (a NaN
    // row would, on a tie, but such a column has no bounds and was answered above).
    if (Number.isNaN(b)) return this.descending
    return this.descending ? x > b || (tieWins && x === b) : x < b || (tieWins && x === b)
  }

  /**
   * Block indices best zone bound first (max descending, min ascending; blocks whose statistics
   * cannot rank them first), so the root tightens early. Any order gives the same answer.
   */
  visitOrder(blocks: readonly BlockHandle[]): number[] {
    const rank = blocks.map((b) => this.#rank(b))
    const order = blocks.map((_, i) => i)
    return order.sort((x, y) => rank[x] - rank[y] || x - y)
  }

  /** Sort rank of a block (lower first): its best possible key, as a number, in key order. */
  #rank(block: BlockHandle): number {
    const zm = block.meta.zoneMap
    let best = Number.POSITIVE_INFINITY
    let valued = 0
    for (const entry of block.meta.header.columns) {
      if (entry.field !== this.field) continue
      const zc = zm.columns.find((c) => c.field === entry.field && c.type === entry.type)
      if (zc && zc.nullCount >= zm.rowCount) continue
      const edge = this.descending ? zc?.max : zc?.min
      if (!zc || edge === undefined || !STORAGE[this.kind].has(zc.type)) return Number.NEGATIVE_INFINITY
      valued += zm.rowCount - zc.nullCount
      const r = this.descending ? -Number(edge) : Number(edge)
      if (r < best) best = r
    }
    // Nulls sorting first make a block with nulls as good as any.
    if (this.nullsFirst && valued < zm.rowCount) return Number.NEGATIVE_INFINITY
    return best
  }
}
