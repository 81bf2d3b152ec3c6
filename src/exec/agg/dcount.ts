// exec/agg/dcount.ts: dcount(expr) — EXACT (a set of 64-bit value hashes) while the distinct count is
// within `exactLimit` (4,096 by default), then HyperLogLog (p = 16 by default: 64 KiB, ≈ 0.41 %
// standard error, as Kusto's accuracy level 2; `dcount(x, level)` picks another). Merging exact+exact may overflow into HLL; any HLL side turns the result into HLL. Because HLL of a set of hashes does not depend on insertion
// order, merged partial states give exactly the single-state answer in every mode.
// "Exact" means exact up to 64-bit hash collisions (~n²/2^65: 5e-13 at 4,096 values).

import { type AggState, AggStateBase, sameKind, sameParam } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { AggStateError } from './errors.ts'
import { HashSet64 } from './hash-set64.ts'
import { hashInt64, hashNumber, hashOut, hashString, hashValue } from './hash64.ts'
import { HyperLogLog } from './hyperloglog.ts'

/**
 * Distinct values counted exactly before switching to HyperLogLog (exact set ≤ 64 KiB per group, so a
 * high-cardinality dcount by many groups stays small and a parallel partial ships little).
 */
export const DEFAULT_DCOUNT_EXACT_LIMIT = 4_096
/** Default HyperLogLog precision: 2^16 one-byte registers, 64 KiB, ≈ 0.41 % standard error. */
export const DEFAULT_HLL_PRECISION = 16

/** dcount(expr): distinct non-null values. */
export class DcountState extends AggStateBase<number> {
  readonly kind = 'dcount'
  /** Most distinct values counted exactly. */
  readonly exactLimit: number
  /** HyperLogLog precision used past the limit. */
  readonly precision: number
  private exact: HashSet64 | null = new HashSet64()
  private hll: HyperLogLog | null = null

  constructor(exactLimit = DEFAULT_DCOUNT_EXACT_LIMIT, precision = DEFAULT_HLL_PRECISION) {
    super()
    this.exactLimit = exactLimit
    this.precision = precision
  }

  override get isEstimate(): boolean {
    return this.hll !== null
  }

  private addHash(hi: number, lo: number): void {
    const ex = this.exact
    if (ex === null) (this.hll as HyperLogLog).add(hi, lo)
    else if (ex.add(hi, lo) && ex.size > this.exactLimit) this.toHll()
  }

  /** Replaces the exact set by a HyperLogLog of the same hashes. */
  private toHll(): void {
    if (this.exact === null) return
    const hll = new HyperLogLog(this.precision)
    const e = this.exact.entries()
    for (let i = 0; i < e.length; i += 2) hll.add(e[i], e[i + 1])
    this.hll = hll
    this.exact = null
  }

  addNumber(x: number): void {
    hashNumber(x)
    this.addHash(hashOut[0], hashOut[1])
  }

  override addInt64(hi: number, lo: number): void {
    hashInt64(hi, lo)
    this.addHash(hashOut[0], hashOut[1])
  }

  override addString(s: string): void {
    hashString(s)
    this.addHash(hashOut[0], hashOut[1])
  }

  override addCode(code: number, dict: CodeDictionary): void {
    dict.hash(code)
    this.addHash(hashOut[0], hashOut[1])
  }

  override addBool(b: boolean): void {
    hashValue(b)
    this.addHash(hashOut[0], hashOut[1])
  }

  override addDynamic(v: object): void {
    hashValue(v)
    this.addHash(hashOut[0], hashOut[1])
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      hashNumber(rows === null ? values[i] : values[rows[i]])
      this.addHash(hashOut[0], hashOut[1])
    }
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }
  override addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    for (let i = from; i < to; i++) {
      const hll = this.hll
      if (hll !== null) {
        // Past the exact limit: registers by code (each distinct string hashed once per block).
        const cells = dict.hllCells(hll.p)
        for (let j = hll.addSlotsLeaf(cells, codes, rows, i, to); j < to; ) {
          dict.deriveSlot(hll.p, codes[rows === null ? j : rows[j]])
          j = hll.addSlots(cells, codes, rows, j, to)
        }
        return
      }
      this.addCode(codes[rows === null ? i : rows[i]], dict)
    }
  }

  merge(other: AggState<number>): void {
    const o = sameKind(this, other, DcountState)
    sameParam(this.kind, 'exactLimit', this.exactLimit, o.exactLimit)
    sameParam(this.kind, 'precision', this.precision, o.precision)
    if (o.exact !== null) {
      const e = o.exact.entries()
      for (let i = 0; i < e.length; i += 2) this.addHash(e[i], e[i + 1])
      return
    }
    this.toHll()
    ;(this.hll as HyperLogLog).merge(o.hll as HyperLogLog)
  }

  result(): number {
    return this.exact !== null ? this.exact.size : Math.round((this.hll as HyperLogLog).estimate())
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.exactLimit)
    w.u8(this.precision)
    if (this.exact !== null) {
      w.u8(0)
      const e = this.exact.entries()
      w.u32(e.length / 2)
      w.i32s(e, e.length)
    } else {
      w.u8(1)
      ;(this.hll as HyperLogLog).write(w)
    }
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): DcountState {
    const s = new DcountState(r.u32(), r.u8())
    if (r.u8() === 0) {
      const n = r.count(8)
      if (n > s.exactLimit)
        throw new AggStateError('AGG_CORRUPT_STATE', `dcount exact set of ${n} > limit ${s.exactLimit}`)
      const e = r.i32s(2 * n)
      for (let i = 0; i < e.length; i += 2) s.addHash(e[i], e[i + 1])
    } else {
      const hll = HyperLogLog.read(r)
      if (hll.p !== s.precision) throw new AggStateError('AGG_CORRUPT_STATE', 'dcount precision mismatch')
      s.exact = null
      s.hll = hll
    }
    return s
  }
}
