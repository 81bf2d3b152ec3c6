// exec/agg/space-saving.ts: the Space-Saving heavy-hitters summary (Metwally et al. 2005) over typed
// arrays with a min-heap of counters, plus the mergeable-summary merge (absent keys count as the other
// side's bound, then the largest counters are kept, as Cafaro et al.'s parallel Space-Saving). While no
// counter was ever evicted, every count is exact and every error is 0. Once lossy, for every counter
// count − error ≤ true count ≤ count (the tests check this after merges too).

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { Float64Index } from './float64-index.ts'
import { hashOut, hashString } from './hash64.ts'
import { StringIndex } from './string-index.ts'
import { readValue, writeValue } from './value-codec.ts'
import { canonicalJson, compareValues } from './value-order.ts'

/** One counter as reported. */
export interface HeavyHitter {
  readonly key: unknown
  /** Upper bound on the key's true count (exact while not lossy). */
  readonly count: number
  /** count − error is a lower bound on the true count; 0 while not lossy. */
  readonly error: number
}

/** Map key of a non-number, non-string key: bool, bigint (unsafe int64) or dynamic value. */
function otherKey(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'b1' : 'b0'
  if (typeof v === 'bigint') return `n${v}`
  return `j${canonicalJson(v)}`
}

const K_NUM = 0
const K_STR = 1
const K_OTHER = 2

/** Space-Saving summary with at most `capacity` counters. */
export class SpaceSaving {
  readonly capacity: number
  /** True once a counter was evicted or a merge truncated: counts are then bounds. */
  lossy = false
  /** Total weight added. */
  total = 0
  private size = 0
  // Per counter slot. Keys are stored by type so replacing a counter never boxes a double:
  // numbers in `numKeys`, strings (with their hash) and other keys in `keys`.
  private kinds = new Uint8Array(16)
  private numKeys = new Float64Array(16)
  private keyHash = new Int32Array(16)
  private keys: unknown[] = []
  private counts = new Float64Array(16)
  private errors = new Float64Array(16)
  /** Min-heap of slots by count; `pos[slot]` is the slot's heap index. */
  private heap = new Int32Array(16)
  private pos = new Int32Array(16)
  private readonly nums = new Float64Index()
  private readonly strs = new StringIndex()
  private readonly others = new Map<string, number>()

  constructor(capacity: number) {
    this.capacity = capacity
  }

  /** Counts a number key (`w` times). */
  addNumber(x: number, w = 1): void {
    this.total += w
    this.nums.key[0] = x
    const slot = this.nums.find()
    if (slot >= 0) {
      this.bump(slot, w)
      return
    }
    const s = this.claim(w)
    this.kinds[s] = K_NUM
    this.numKeys[s] = x
    this.keys[s] = undefined
    // claim() may have used the key register to unindex an evicted number: set it again.
    this.nums.key[0] = x
    this.nums.insert(s)
  }

  /**
   * Counts `values[i]` for i in [from, to) (or `values[rows[i]]`). The loop lives here, next to the
   * index, so no double crosses a call V8 might not inline (it would be boxed per row).
   */
  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    const nums = this.nums
    for (let i = from; i < to; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      this.total++
      nums.key[0] = x
      const slot = nums.find()
      if (slot >= 0) {
        this.bump(slot, 1)
        continue
      }
      const s = this.claim(1)
      this.kinds[s] = K_NUM
      this.numKeys[s] = x
      this.keys[s] = undefined
      nums.key[0] = x
      nums.insert(s)
    }
  }

  /** Counts a string key. */
  addString(s: string, w = 1): void {
    hashString(s)
    this.addStringHashed(s, hashOut[1], w)
  }

  /** Counts a string key whose hash (`hashString`'s low word, e.g. from a CodeDictionary) is known. */
  addStringHashed(str: string, h: number, w = 1): void {
    this.total += w
    const slot = this.strs.get(str, h, this.keys)
    if (slot >= 0) {
      this.bump(slot, w)
      return
    }
    const s = this.claim(w)
    this.kinds[s] = K_STR
    this.keyHash[s] = h
    this.keys[s] = str
    this.strs.set(h, s)
  }

  /** Counts any other key (bool, bigint, dynamic). */
  addOther(v: unknown, w = 1): void {
    this.total += w
    const k = otherKey(v)
    const slot = this.others.get(k)
    if (slot !== undefined) {
      this.bump(slot, w)
      return
    }
    const s = this.claim(w)
    this.kinds[s] = K_OTHER
    this.keys[s] = v
    this.others.set(k, s)
  }

  /** The key of counter `slot`. */
  private keyOf(slot: number): unknown {
    return this.kinds[slot] === K_NUM ? this.numKeys[slot] : this.keys[slot]
  }

  private bump(slot: number, w: number): void {
    this.counts[slot] += w
    this.siftDown(this.pos[slot])
  }

  /**
   * A counter for a new key holding weight `w`: a fresh one while below capacity, else the smallest
   * one's (Space-Saving: its count becomes the new key's error). The caller stores and indexes the key.
   */
  private claim(w: number): number {
    if (this.size < this.capacity) {
      if (this.size === this.counts.length) this.grow()
      const slot = this.size++
      this.counts[slot] = w
      this.errors[slot] = 0
      this.heap[slot] = slot
      this.pos[slot] = slot
      this.siftUp(slot)
      return slot
    }
    const slot = this.heap[0]
    this.unindex(slot)
    this.lossy = true
    this.errors[slot] = this.counts[slot]
    this.counts[slot] += w
    this.siftDown(0)
    return slot
  }

  private unindex(slot: number): void {
    const kind = this.kinds[slot]
    if (kind === K_NUM) {
      this.nums.key[0] = this.numKeys[slot]
      this.nums.remove()
    } else if (kind === K_STR) this.strs.delete(this.keyHash[slot], slot)
    else this.others.delete(otherKey(this.keys[slot]))
  }

  private grow(): void {
    const cap = Math.min(this.capacity, 2 * this.counts.length)
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap)
      b.set(a)
      return b
    }
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(cap)
      b.set(a)
      return b
    }
    const kinds = new Uint8Array(cap)
    kinds.set(this.kinds)
    this.kinds = kinds
    this.numKeys = f64(this.numKeys)
    this.counts = f64(this.counts)
    this.errors = f64(this.errors)
    this.keyHash = i32(this.keyHash)
    this.heap = i32(this.heap)
    this.pos = i32(this.pos)
  }

  private siftUp(i: number): void {
    const { heap, pos, counts } = this
    const slot = heap[i]
    const c = counts[slot]
    while (i > 0) {
      const parent = (i - 1) >> 1
      const ps = heap[parent]
      if (counts[ps] <= c) break
      heap[i] = ps
      pos[ps] = i
      i = parent
    }
    heap[i] = slot
    pos[slot] = i
  }

  private siftDown(i: number): void {
    const { heap, pos, counts } = this
    const n = this.size
    const slot = heap[i]
    const c = counts[slot]
    for (;;) {
      let child = 2 * i + 1
      if (child >= n) break
      if (child + 1 < n && counts[heap[child + 1]] < counts[heap[child]]) child++
      const cs = heap[child]
      if (counts[cs] >= c) break
      heap[i] = cs
      pos[cs] = i
      i = child
    }
    heap[i] = slot
    pos[slot] = i
  }

  /** Upper bound on the true count of any key not in the summary. */
  private absentBound(): number {
    return this.lossy && this.size > 0 ? this.counts[this.heap[0]] : 0
  }

  /** The counters, highest count first; ties by key (value-order.ts), so the order is deterministic. */
  entries(): HeavyHitter[] {
    const out: HeavyHitter[] = []
    for (let s = 0; s < this.size; s++)
      out.push({ key: this.keyOf(s), count: this.counts[s], error: this.errors[s] })
    out.sort((a, b) => b.count - a.count || compareValues(a.key, b.key))
    return out
  }

  private slotOf(key: unknown): number {
    if (typeof key === 'number') {
      this.nums.key[0] = key
      return this.nums.find()
    }
    if (typeof key === 'string') {
      hashString(key)
      return this.strs.get(key, hashOut[1], this.keys)
    }
    return this.others.get(otherKey(key)) ?? -1
  }

  /**
   * Folds `other` in: a key missing from one side counts that side's absent bound (0 unless lossy),
   * then the `capacity` largest counters are kept.
   */
  merge(other: SpaceSaving): void {
    const a1 = this.absentBound()
    const a2 = other.absentBound()
    const merged: HeavyHitter[] = []
    for (let s = 0; s < this.size; s++) {
      const key = this.keyOf(s)
      const o = other.slotOf(key)
      merged.push({
        key,
        count: this.counts[s] + (o >= 0 ? other.counts[o] : a2),
        error: this.errors[s] + (o >= 0 ? other.errors[o] : a2),
      })
    }
    for (let s = 0; s < other.size; s++) {
      const key = other.keyOf(s)
      if (this.slotOf(key) >= 0) continue
      merged.push({ key, count: other.counts[s] + a1, error: other.errors[s] + a1 })
    }
    const total = this.total + other.total
    const lossy = this.lossy || other.lossy || merged.length > this.capacity
    merged.sort((a, b) => b.count - a.count || compareValues(a.key, b.key))
    this.reset(merged.slice(0, this.capacity))
    this.total = total
    this.lossy = lossy
  }

  /** Replaces the contents by `entries` (at most capacity, distinct keys). */
  private reset(entries: readonly HeavyHitter[]): void {
    this.size = 0
    this.keys = []
    this.lossy = false
    this.nums.clear()
    this.strs.clear()
    this.others.clear()
    for (const e of entries) {
      if (typeof e.key === 'number') this.addNumber(e.key, e.count)
      else if (typeof e.key === 'string') this.addString(e.key, e.count)
      else this.addOther(e.key, e.count)
      this.errors[this.slotOf(e.key)] = e.error
    }
  }

  /** Writes capacity, flags and counters. */
  write(w: ByteWriter): void {
    w.u32(this.capacity)
    w.u8(this.lossy ? 1 : 0)
    w.f64(this.total)
    w.u32(this.size)
    for (let s = 0; s < this.size; s++) {
      writeValue(w, this.keyOf(s))
      w.f64(this.counts[s])
      w.f64(this.errors[s])
    }
  }

  /** Reads what `write` wrote. */
  static read(r: ByteReader): SpaceSaving {
    const ss = new SpaceSaving(r.u32())
    const lossy = r.u8() === 1
    const total = r.f64()
    const n = r.count(17)
    if (n > ss.capacity)
      throw new AggStateError('AGG_CORRUPT_STATE', `topk holds ${n} > ${ss.capacity} counters`)
    const entries: HeavyHitter[] = []
    for (let i = 0; i < n; i++) entries.push({ key: readValue(r), count: r.f64(), error: r.f64() })
    ss.reset(entries)
    if (ss.size !== n) throw new AggStateError('AGG_CORRUPT_STATE', 'topk counters with duplicate keys')
    ss.total = total
    ss.lossy = lossy
    return ss
  }
}
