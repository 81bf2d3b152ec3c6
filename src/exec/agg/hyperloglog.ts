// exec/agg/hyperloglog.ts: HyperLogLog over 64-bit hashes (2^p one-byte registers), estimated with
// Ertl's improved raw estimator ("New cardinality estimation algorithms for HyperLogLog sketches",
// 2017): no bias tables, no switch to linear counting, accurate from tiny to huge cardinalities.
// Relative standard error ≈ 1.04 / √(2^p): 0.81 % at p = 14, 0.41 % at p = 16.

import { leafCall } from '../leaf-call.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'

/** The rank of hash (hi, lo) at precision p: 1 + leading zeros of the 64 − p bits after the index. */
export function hllRank(p: number, hi: number, lo: number): number {
  const rest = hi << p
  // rest holds the 32 − p remaining bits of hi at its top; below them come the 32 bits of lo.
  return rest !== 0 ? Math.clz32(rest) + 1 : 32 - p + (lo !== 0 ? Math.clz32(lo) : 32) + 1
}

/** Bits of a packed cell holding the rank (at most 65 − p ≤ 61); the register index sits above them. */
const RANK_BITS = 6
const RANK_MASK = (1 << RANK_BITS) - 1

/** Register `slot` and rank `rank` (≥ 1) in one cell, never 0 (0 marks a code not derived yet). */
export function packCell(slot: number, rank: number): number {
  return ((slot << RANK_BITS) | rank) >>> 0
}

// Leaf loops: register-wise max of each row's packed (slot, rank) cell, by code, up to a code with none.
function maxInto(
  regs: Uint8Array,
  cells: Uint32Array,
  codes: Int32Array,
  rows: Uint32Array,
  from: number,
  to: number,
): number {
  for (let i = from; i < to; i++) {
    const v = cells[codes[rows[i]]]
    if (v === 0) return i
    const j = v >>> RANK_BITS
    const r = v & RANK_MASK
    if (r > regs[j]) regs[j] = r
  }
  return to
}

function maxIntoDense(
  regs: Uint8Array,
  cells: Uint32Array,
  codes: Int32Array,
  from: number,
  to: number,
): number {
  for (let i = from; i < to; i++) {
    const v = cells[codes[i]]
    if (v === 0) return i
    const j = v >>> RANK_BITS
    const r = v & RANK_MASK
    if (r > regs[j]) regs[j] = r
  }
  return to
}

/** A HyperLogLog sketch with precision p (4 ≤ p ≤ 18). */
export class HyperLogLog {
  readonly p: number
  /** Register j = 1 + leading zeros of the 64 − p hash bits after the index, at most 65 − p. */
  readonly registers: Uint8Array

  constructor(p: number, registers?: Uint8Array) {
    this.p = p
    this.registers = registers ?? new Uint8Array(1 << p)
  }

  /** Adds the hash (hi, lo): the top p bits of hi pick the register, the other 64 − p bits its rank. */
  add(hi: number, lo: number): void {
    const j = hi >>> (32 - this.p)
    const rank = hllRank(this.p, hi, lo)
    if (rank > this.registers[j]) this.registers[j] = rank
  }

  /**
   * Adds the values of `rows[from, to)` by their codes: `cells[code]` is the value's register and
   * rank packed (`packCell`, as `add` derives them from the hash; CodeDictionary.hllCells), one
   * typed-array step per row instead of a hash. Stops at the first row whose code has no cell yet
   * (0) and returns its index (the caller derives it and goes on from there), else `to`.
   */
  addSlots(
    cells: Uint32Array,
    codes: Int32Array,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): number {
    return rows === null
      ? maxIntoDense(this.registers, cells, codes, from, to)
      : maxInto(this.registers, cells, codes, rows, from, to)
  }

  /**
   * As `addSlots`, with the loop called where V8's mid tier cannot inline it (exec/leaf-call.ts): for
   * a segment's first call (later calls, one per newly derived code, go through `addSlots`).
   */
  addSlotsLeaf(
    cells: Uint32Array,
    codes: Int32Array,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): number {
    return rows === null
      ? leafCall(maxIntoDense, this.registers, cells, codes, from, to)
      : leafCall(maxInto, this.registers, cells, codes, rows, from, to)
  }

  /** Register-wise max: the sketch of the union. */
  merge(other: HyperLogLog): void {
    const a = this.registers
    const b = other.registers
    for (let i = 0; i < a.length; i++) if (b[i] > a[i]) a[i] = b[i]
  }

  /** Estimated number of distinct hashes added. */
  estimate(): number {
    const m = this.registers.length
    const q = 64 - this.p
    const c = new Float64Array(q + 2)
    for (let i = 0; i < m; i++) c[this.registers[i]]++
    let z = m * tau(1 - c[q + 1] / m)
    for (let k = q; k >= 1; k--) z = 0.5 * (z + c[k])
    z += m * sigma(c[0] / m)
    return (m * m) / (2 * Math.LN2 * z)
  }

  /** Writes p and the registers. */
  write(w: ByteWriter): void {
    w.u8(this.p)
    w.bytes(this.registers)
  }

  /** Reads what `write` wrote. */
  static read(r: ByteReader): HyperLogLog {
    const p = r.u8()
    const regs = r.bytes()
    if (p < 4 || p > 18 || regs.length !== 1 << p)
      throw new AggStateError('AGG_CORRUPT_STATE', 'bad HyperLogLog registers')
    for (let i = 0; i < regs.length; i++) {
      if (regs[i] > 65 - p) throw new AggStateError('AGG_CORRUPT_STATE', 'HyperLogLog register out of range')
    }
    return new HyperLogLog(p, regs)
  }
}

/** Ertl's σ(x) = x + Σ_{k≥1} x^(2^k) · 2^(k−1), for the share of empty registers. */
function sigma(x: number): number {
  if (x === 1) return Number.POSITIVE_INFINITY
  let y = 1
  let z = x
  for (;;) {
    x *= x
    const prev = z
    z += x * y
    y += y
    if (z === prev) return z
  }
}

/** Ertl's τ(x), for the share of saturated registers. */
function tau(x: number): number {
  if (x === 0 || x === 1) return 0
  let y = 1
  let z = 1 - x
  for (;;) {
    x = Math.sqrt(x)
    const prev = z
    y *= 0.5
    z -= (1 - x) ** 2 * y
    if (z === prev) return z / 3
  }
}
