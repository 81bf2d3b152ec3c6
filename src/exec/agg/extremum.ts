// exec/agg/extremum.ts: the best-so-far value of min/max/arg_min/arg_max, kept unboxed per value
// domain (double, unsafe int64 as words, string, bool) so the add paths never allocate.
// Cross-type order (a mixed dynamic column): bool < numbers < strings; NaN and dynamic values are skipped.

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { compareWords, integerToWords, wordsOut, wordsToNumber, wordsToValue } from './int64-words.ts'

const NONE = 0
const BOOL = 1
const NUM = 2
/** An int64 outside ±2^53 (safe ones are kept as NUM, so each value has one representation). */
const I64 = 3
const STR = 4

const TWO_63 = 2 ** 63

/** Compares a double (not NaN) with an unsafe int64 exactly: negative, 0 or positive. */
function compareNumberWords(x: number, hi: number, lo: number): number {
  const d = wordsToNumber(hi, lo)
  // Rounding is monotonic, so a strict inequality against the rounded int64 is the true order.
  if (x < d) return -1
  if (x > d) return 1
  // x equals the rounded int64, so |x| ≥ 2^53 and x is an integer; 2^63 is past every int64.
  if (x >= TWO_63) return 1
  integerToWords(x)
  return compareWords(wordsOut[0], wordsOut[1], hi, lo)
}

/** The current best value; `cmp*` return candidate-vs-best order (positive: candidate is greater). */
export class Extremum {
  /** Which field holds the best: NONE until the first value. */
  dom = NONE
  num = 0
  hi = 0
  lo = 0
  str = ''

  /** True before the first value. */
  get empty(): boolean {
    return this.dom === NONE
  }

  /** Order of double `x` (not NaN) against the best. */
  cmpNumber(x: number): number {
    switch (this.dom) {
      case NUM:
        return x < this.num ? -1 : x > this.num ? 1 : 0
      case I64:
        return compareNumberWords(x, this.hi, this.lo)
      case BOOL:
        return 1
    }
    return -1
  }

  /** Order of the unsafe int64 (hi, lo) against the best. */
  cmpWords(hi: number, lo: number): number {
    switch (this.dom) {
      case NUM:
        return -compareNumberWords(this.num, hi, lo)
      case I64:
        return compareWords(hi, lo, this.hi, this.lo)
      case BOOL:
        return 1
    }
    return -1
  }

  /** Order of string `s` against the best (UTF-16 code unit order). */
  cmpString(s: string): number {
    if (this.dom !== STR) return 1
    return s < this.str ? -1 : s > this.str ? 1 : 0
  }

  /** Order of boolean `b` against the best. */
  cmpBool(b: boolean): number {
    if (this.dom !== BOOL) return -1
    return (b ? 1 : 0) - this.num
  }

  setNumber(x: number): void {
    this.dom = NUM
    this.num = x
  }

  setWords(hi: number, lo: number): void {
    this.dom = I64
    this.hi = hi
    this.lo = lo
  }

  setString(s: string): void {
    this.dom = STR
    this.str = s
  }

  setBool(b: boolean): void {
    this.dom = BOOL
    this.num = b ? 1 : 0
  }

  /** Order of `other`'s best against this best (both non-empty). */
  cmpOther(other: Extremum): number {
    switch (other.dom) {
      case NUM:
        return this.cmpNumber(other.num)
      case I64:
        return this.cmpWords(other.hi, other.lo)
      case STR:
        return this.cmpString(other.str)
    }
    return this.cmpBool(other.num === 1)
  }

  /** Makes this best equal to `other`'s. */
  copy(other: Extremum): void {
    this.dom = other.dom
    this.num = other.num
    this.hi = other.hi
    this.lo = other.lo
    this.str = other.str
  }

  /** The best as a value: number, bigint (int64 past ±2^53), string, boolean, or null when empty. */
  value(): number | bigint | string | boolean | null {
    switch (this.dom) {
      case NUM:
        return this.num
      case I64:
        return wordsToValue(this.hi, this.lo)
      case STR:
        return this.str
      case BOOL:
        return this.num === 1
    }
    return null
  }

  /** Writes the domain and its field. */
  write(w: ByteWriter): void {
    w.u8(this.dom)
    if (this.dom === NUM || this.dom === BOOL) w.f64(this.num)
    else if (this.dom === I64) {
      w.i32(this.hi)
      w.i32(this.lo)
    } else if (this.dom === STR) w.str(this.str)
  }

  /** Reads what `write` wrote into this (empty) extremum. */
  read(r: ByteReader): void {
    const dom = r.u8()
    if (dom > STR) throw new AggStateError('AGG_CORRUPT_STATE', `bad extremum domain ${dom}`)
    this.dom = dom
    if (dom === NUM || dom === BOOL) this.num = r.f64()
    else if (dom === I64) {
      this.hi = r.i32()
      this.lo = r.i32()
    } else if (dom === STR) this.str = r.str()
  }
}
