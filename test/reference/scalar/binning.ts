// test/reference/scalar/binning.ts: the reference's binning functions, row at a time: bin, bin_auto
// (aligned to 0 / the Unix epoch), floor, ceiling. Written from the functions' documentation, never from
// engine code.

import { toLong } from '../convert.ts'
import { DateTime, isNumber, Timespan, type Value } from '../values.ts'
import { type FamilyImpls, floorDiv, strict } from './define.ts'

/**
 * `bin(value, size)`: floor(value / size) * size, aligned to 0 (the Unix epoch for datetimes),
 * in the type of `value`; a size <= 0 (or not a number/timespan fitting the value) gives null.
 */
export function binValue(v: Value, size: Value): Value {
  if ((v instanceof DateTime || v instanceof Timespan) && size instanceof Timespan) {
    if (size.ns <= 0n) return null
    const ns = floorDiv(v.ns, size.ns) * size.ns
    return v instanceof DateTime ? new DateTime(ns) : new Timespan(ns)
  }
  if (typeof v === 'bigint' && typeof size === 'bigint') return size <= 0n ? null : floorDiv(v, size) * size
  if (!isNumber(v) || !isNumber(size) || Number(size) <= 0) return null
  const r = Math.floor(Number(v) / Number(size)) * Number(size)
  return typeof v === 'bigint' ? toLong(r) : r
}

/** The binning family. */
export const BINNING: FamilyImpls<'binning'> = {
  bin: ([v, size]) => binValue(v, size),
  bin_auto: ([v], ctx) => binValue(v, new Timespan(ctx.autoStep)),
  floor: strict(([x]) => (typeof x === 'number' ? Math.floor(x) : typeof x === 'bigint' ? x : null)),
  ceiling: strict(([x]) => (typeof x === 'number' ? Math.ceil(x) : typeof x === 'bigint' ? x : null)),
}
