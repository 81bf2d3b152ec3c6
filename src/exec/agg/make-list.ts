// exec/agg/make-list.ts: make_list(expr [, maxSize]) — every non-null value, at most maxSize (default
// 1,048,576). All-number lists live in a growable Float64Array (no boxing); the first other value
// switches to a plain array. Merged order is the merge order (Kusto leaves list order unspecified).

import { type AggState, AggStateBase, sameKind, sameParam } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { wordsToValue } from './int64-words.ts'
import { MAX_COLLECTION_SIZE } from './make-set.ts'
import { readValue, writeValue } from './value-codec.ts'

/** make_list(expr [, maxSize]). */
export class MakeListState extends AggStateBase<unknown[]> {
  readonly kind = 'make_list'
  /** Most elements kept. */
  readonly maxSize: number
  /** Elements while every one is a number; null after the first non-number. */
  private nums: Float64Array | null = new Float64Array(8)
  /** Elements once a non-number arrived. */
  private items: unknown[] | null = null
  private n = 0

  constructor(maxSize = MAX_COLLECTION_SIZE) {
    super()
    this.maxSize = maxSize
  }

  addNumber(x: number): void {
    if (this.n >= this.maxSize) return
    const nums = this.nums
    if (nums === null) {
      ;(this.items as unknown[]).push(x)
      this.n++
      return
    }
    if (this.n === nums.length) {
      const next = new Float64Array(Math.min(2 * nums.length, this.maxSize))
      next.set(nums)
      this.nums = next
    }
    ;(this.nums as Float64Array)[this.n++] = x
  }

  override addInt64(hi: number, lo: number): void {
    const v = wordsToValue(hi, lo)
    if (typeof v === 'number') this.addNumber(v)
    else this.push(v)
  }

  override addString(s: string): void {
    this.push(s)
  }

  override addBool(b: boolean): void {
    this.push(b)
  }

  override addDynamic(v: object): void {
    this.push(v)
  }

  /** Appends a non-number, switching to the plain array on the first one. */
  private push(v: unknown): void {
    if (this.n >= this.maxSize) return
    if (this.items === null) this.items = this.nums === null ? [] : Array.from(this.nums.subarray(0, this.n))
    this.nums = null
    this.items.push(v)
    this.n++
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to && this.n < this.maxSize; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      const nums = this.nums
      if (nums !== null && this.n < nums.length) nums[this.n++] = x
      else this.addNumber(x)
    }
  }

  merge(other: AggState<unknown[]>): void {
    const o = sameKind(this, other, MakeListState)
    sameParam(this.kind, 'maxSize', this.maxSize, o.maxSize)
    if (o.nums !== null) for (let i = 0; i < o.n; i++) this.addNumber(o.nums[i])
    else for (const v of o.items as unknown[]) this.add(v)
  }

  result(): unknown[] {
    return this.nums !== null ? Array.from(this.nums.subarray(0, this.n)) : (this.items as unknown[]).slice()
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.maxSize)
    w.u8(this.nums !== null ? 1 : 0)
    w.u32(this.n)
    if (this.nums !== null) w.f64s(this.nums, this.n)
    else for (const v of this.items as unknown[]) writeValue(w, v)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): MakeListState {
    const s = new MakeListState(r.u32())
    const numeric = r.u8() === 1
    const n = r.count(numeric ? 8 : 1)
    if (n > s.maxSize)
      throw new AggStateError('AGG_CORRUPT_STATE', `make_list holds ${n} > maxSize ${s.maxSize}`)
    if (numeric) {
      s.nums = r.f64s(n, Math.max(8, n))
      s.n = n
    } else for (let i = 0; i < n; i++) s.add(readValue(r))
    return s
  }
}
