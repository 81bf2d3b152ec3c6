// exec/agg/make-set.ts: make_set(expr [, maxSize]) — distinct non-null values in first-seen order, at
// most maxSize (Kusto's default and ceiling: 1,048,576). Numbers dedupe through a typed index (no
// boxing for repeats); dynamic values dedupe by canonical JSON. Past the cap, which values are kept
// depends on arrival order (as in Kusto); below it, merged states hold exactly the same set.

import { type AggState, AggStateBase, sameKind, sameParam } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { AggStateError } from './errors.ts'
import { Float64Index } from './float64-index.ts'
import { wordsToValue } from './int64-words.ts'
import { readValue, writeValue } from './value-codec.ts'
import { canonicalJson } from './value-order.ts'

/** Kusto's make_list / make_set default and maximum element count. */
export const MAX_COLLECTION_SIZE = 1_048_576

/** make_set(expr [, maxSize]). */
export class MakeSetState extends AggStateBase<unknown[]> {
  readonly kind = 'make_set'
  /** Most elements kept. */
  readonly maxSize: number
  private readonly items: unknown[] = []
  private readonly nums = new Float64Index()
  private readonly strs = new Set<string>()
  /** Booleans, bigints and dynamic values, keyed by a type-prefixed text. */
  private readonly others = new Set<string>()

  constructor(maxSize = MAX_COLLECTION_SIZE) {
    super()
    this.maxSize = maxSize
  }

  addNumber(x: number): void {
    if (this.items.length >= this.maxSize) return
    this.nums.key[0] = x
    if (this.nums.find() >= 0) return
    this.nums.insert(0)
    this.items.push(x)
  }

  override addInt64(hi: number, lo: number): void {
    const v = wordsToValue(hi, lo)
    if (typeof v === 'number') this.addNumber(v)
    else this.addOther(`n${v}`, v)
  }

  override addString(s: string): void {
    if (this.items.length >= this.maxSize || this.strs.has(s)) return
    this.strs.add(s)
    this.items.push(s)
  }

  override addBool(b: boolean): void {
    this.addOther(b ? 'b1' : 'b0', b)
  }

  override addDynamic(v: object): void {
    this.addOther(`j${canonicalJson(v)}`, v)
  }

  private addOther(key: string, v: unknown): void {
    if (this.items.length >= this.maxSize || this.others.has(key)) return
    this.others.add(key)
    this.items.push(v)
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    const nums = this.nums
    for (let i = from; i < to && this.items.length < this.maxSize; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      nums.key[0] = x
      if (nums.find() >= 0) continue
      nums.insert(0)
      this.items.push(x)
    }
  }
  override addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    for (let i = from; i < to; i++) this.addCode(codes[rows === null ? i : rows[i]], dict)
  }

  merge(other: AggState<unknown[]>): void {
    const o = sameKind(this, other, MakeSetState)
    sameParam(this.kind, 'maxSize', this.maxSize, o.maxSize)
    for (const v of o.items) this.add(v)
  }

  result(): unknown[] {
    return this.items.slice()
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.maxSize)
    w.u32(this.items.length)
    for (const v of this.items) writeValue(w, v)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): MakeSetState {
    const s = new MakeSetState(r.u32())
    const n = r.count(1)
    if (n > s.maxSize)
      throw new AggStateError('AGG_CORRUPT_STATE', `make_set holds ${n} > maxSize ${s.maxSize}`)
    for (let i = 0; i < n; i++) s.add(readValue(r))
    return s
  }
}
