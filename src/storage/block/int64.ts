// storage/block/int64.ts: int64 cells read and written through an Int32 (lo, hi) view, so the
// hot loops of build, zone maps and row readers never allocate a BigInt for safe integers.
import { endianness } from 'node:os'

// Arrow buffers are little-endian and we alias them with Int32Array views: refuse to run otherwise.
if (endianness() !== 'LE') throw new Error('apldb block codec requires a little-endian platform')

const TWO_32 = 4294967296
const SAFE_HI = 2097152 // 2^21: |hi| below this keeps hi * 2^32 + lo within ±(2^53 - 1)

/** An Int32 view over a BigInt64Array's bytes: element 2i is the low word, 2i+1 the high word. */
export function int32View(values: BigInt64Array): Int32Array {
  return new Int32Array(values.buffer, values.byteOffset, values.length * 2)
}

/** Writes a safe integer `v` into cell `row` of an Int32 pair view. */
export function writeSafeInt(view: Int32Array, row: number, v: number): void {
  const hi = Math.floor(v / TWO_32)
  view[2 * row] = (v - hi * TWO_32) | 0
  view[2 * row + 1] = hi
}

/** Reads cell `row` as a `number` when it is a safe integer, else as a `bigint`. */
export function readInt(view: Int32Array, big: BigInt64Array, row: number): number | bigint {
  const hi = view[2 * row + 1]
  const lo = view[2 * row] >>> 0
  if ((hi > -SAFE_HI && hi < SAFE_HI) || (hi === -SAFE_HI && lo !== 0)) return hi * TWO_32 + lo
  return big[row]
}

/** Compares cells `a` and `b` of an Int32 pair view as signed int64 (negative, 0, positive). */
export function compareInt64(view: Int32Array, a: number, b: number): number {
  const ha = view[2 * a + 1]
  const hb = view[2 * b + 1]
  if (ha !== hb) return ha < hb ? -1 : 1
  const la = view[2 * a] >>> 0
  const lb = view[2 * b] >>> 0
  return la === lb ? 0 : la < lb ? -1 : 1
}
