// exec/agg/count.ts: count() — the number of rows. Counts every add call, nulls included (count()
// takes no argument: the executor calls `addMany(n)` per selection, or any add path per row).

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'

/** count(): rows seen. */
export class CountState extends AggStateBase<number> {
  readonly kind = 'count'
  /** Rows counted (a safe integer). */
  private n = 0

  override add(_v: unknown): void {
    this.n++
  }

  addNumber(_x: number): void {
    this.n++
  }

  override addInt64(_hi: number, _lo: number): void {
    this.n++
  }

  override addCode(): void {
    this.n++
  }

  override addNumbers(_v: Float64Array, _rows: Uint32Array | null, from: number, to: number): void {
    this.n += to - from
  }

  override addInt64s(_w: Int32Array, _rows: Uint32Array | null, from: number, to: number): void {
    this.n += to - from
  }

  override addCodes(_c: Int32Array, _d: unknown, _rows: Uint32Array | null, from: number, to: number): void {
    this.n += to - from
  }

  /** Counts `n` rows at once (a block or selection that passed whole). */
  addMany(n: number): void {
    this.n += n
  }

  merge(other: AggState<number>): void {
    this.n += sameKind(this, other, CountState).n
  }

  result(): number {
    return this.n
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.n)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): CountState {
    const s = new CountState()
    s.n = readCount(r)
    return s
  }
}

/** Reads a row count and checks it is a non-negative safe integer. */
export function readCount(r: ByteReader): number {
  const n = r.f64()
  if (!Number.isSafeInteger(n) || n < 0) throw new AggStateError('AGG_CORRUPT_STATE', `bad row count ${n}`)
  return n
}
