// test/reference/scalar.ts: one row-wise implementation per T1/T2 scalar function of the catalog,
// keyed by its kernel key (the compiler checks every required key is here). Null in gives null
// unless a rule below says otherwise; string parameters take the `tostring` text of other kinds.

import type { RequiredScalarKernelKey, ScalarKernelKey } from '../../src/catalog/index.ts'
import type { KernelTable } from '../../src/catalog/kernel-table.ts'
import { toDateTime, toLong, toReal, toText, toTimespan } from './convert.ts'
import { not3 } from './operators.ts'
import { compileRegex, lower, upper } from './strings.ts'
import { DateTime, fromJson, isNumber, type Json, Timespan, toJson, type Value, wrapLong } from './values.ts'

/** What a scalar function may need beyond its arguments. */
export interface ScalarContext {
  /** The query clock, epoch ns. */
  readonly now: bigint
  /** The `bin_auto` step, ns. */
  readonly autoStep: bigint
}

/** A scalar function over its evaluated arguments (optional ones absent when not written). */
export type ScalarImpl = (args: readonly Value[], ctx: ScalarContext) => Value

const DAY = 86_400_000_000_000n

/** Floor division of bigints (rounds toward negative infinity). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

/** Wraps `fn` so that any null argument gives null. */
function strict(fn: ScalarImpl): ScalarImpl {
  return (args, ctx) => (args.some((a) => a === null) ? null : fn(args, ctx))
}

/** A string argument: strings as is, other kinds as their `tostring` text. */
const text = (v: Value) => (typeof v === 'string' ? v : toText(v))

/** An integral argument as a JS number (longs and reals truncated). */
const int = (v: Value) => Number(typeof v === 'bigint' ? v : Math.trunc(Number(v)))

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

/** Boundary index of a datetime for each `datetime_diff` part (weeks start on Sunday). */
const PART_INDEX: Readonly<Record<string, (ns: bigint) => bigint>> = {
  year: (ns) => BigInt(civil(ns).year),
  quarter: (ns) => BigInt(civil(ns).year * 4 + Math.floor(civil(ns).month / 3)),
  month: (ns) => BigInt(civil(ns).year * 12 + civil(ns).month),
  // 1970-01-01 was a Thursday: shifting by 4 days puts week boundaries on Sundays.
  week: (ns) => floorDiv(ns + 4n * DAY, 7n * DAY),
  day: (ns) => floorDiv(ns, DAY),
  hour: (ns) => floorDiv(ns, 3_600_000_000_000n),
  minute: (ns) => floorDiv(ns, 60_000_000_000n),
  second: (ns) => floorDiv(ns, 1_000_000_000n),
  millisecond: (ns) => floorDiv(ns, 1_000_000n),
  microsecond: (ns) => floorDiv(ns, 1_000n),
  nanosecond: (ns) => ns,
}

/** UTC calendar year and 0-based month of epoch ns. */
function civil(ns: bigint): { year: number; month: number } {
  const d = new Date(Number(floorDiv(ns, 1_000_000n)))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() }
}

/** `round(x, p)`: half away from zero at 10^-p, computed in doubles: sign * floor(|x| * 10^p + 0.5) / 10^p. */
function round(x: number, p: number): number {
  if (!Number.isFinite(x)) return x
  const a = Math.abs(x)
  // A negative precision scales by dividing, so 10^-p stays an exact integer power of ten.
  const r = p >= 0 ? Math.floor(a * 10 ** p + 0.5) / 10 ** p : Math.floor(a / 10 ** -p + 0.5) * 10 ** -p
  return r === 0 ? 0 : Math.sign(x) * r
}

/**
 * `indexof(source, lookup[, start[, length[, occurrence]]])` over code points: the start of the
 * n-th (overlapping) occurrence lying wholly inside `[start, start + length)` (length -1 = to the
 * end), else -1; start < 0, length < -1 or occurrence < 1 give null.
 */
function indexOf(args: readonly Value[]): Value {
  const source = [...text(args[0])]
  const lookup = [...text(args[1])]
  const start = args.length > 2 ? int(args[2]) : 0
  const length = args.length > 3 ? int(args[3]) : -1
  const occurrence = args.length > 4 ? int(args[4]) : 1
  if (start < 0 || length < -1 || occurrence < 1) return null
  const end = length === -1 ? source.length : Math.min(source.length, start + length)
  let seen = 0
  for (let i = start; i + lookup.length <= end; i++) {
    let same = true
    for (let k = 0; k < lookup.length && same; k++) same = source[i + k] === lookup[k]
    if (same && ++seen === occurrence) return BigInt(i)
  }
  return -1n
}

/** `substring(s, start[, length])` over code points; start clamped to [0, len], a negative length is 0. */
function substring(args: readonly Value[]): Value {
  const cps = [...text(args[0])]
  const start = Math.min(Math.max(int(args[1]), 0), cps.length)
  const length = args.length > 2 ? Math.max(int(args[2]), 0) : cps.length
  return cps.slice(start, start + length).join('')
}

/** `parse_json`: JSON text to a dynamic value; invalid JSON gives the input string (decision §10.7). */
function parseJson(v: Value): Value {
  if (typeof v !== 'string') return v
  try {
    return fromJson(JSON.parse(v) as Json)
  } catch {
    return v
  }
}

/** `coalesce`: the first argument neither null nor ""; else "" if some argument was "", else null. */
function coalesce(args: readonly Value[]): Value {
  const hit = args.find((a) => a !== null && a !== '')
  if (hit !== undefined) return hit
  return args.includes('') ? '' : null
}

/** `bag_pack(k1, v1, …)`: keys by their `tostring` text (later duplicates win); null keys are skipped. */
function bagPack(args: readonly Value[]): Value {
  const entries: [string, Json][] = []
  for (let i = 0; i + 1 < args.length; i += 2) {
    if (args[i] !== null) entries.push([text(args[i]), toJson(args[i + 1])])
  }
  return Object.fromEntries(entries)
}

/** Every T1/T2 scalar function (T3 keys may be added; the binder refuses T3 by default). */
export const SCALARS: KernelTable<ScalarKernelKey, RequiredScalarKernelKey, ScalarImpl> = {
  bin: ([v, size]) => binValue(v, size),
  bin_auto: ([v], ctx) => binValue(v, new Timespan(ctx.autoStep)),
  floor: strict(([x]) => (typeof x === 'number' ? Math.floor(x) : typeof x === 'bigint' ? x : null)),
  ceiling: strict(([x]) => (typeof x === 'number' ? Math.ceil(x) : typeof x === 'bigint' ? x : null)),
  todouble: ([v]) => toReal(v),
  toint: ([v]) => toLong(v),
  tostring: ([v]) => toText(v),
  todatetime: ([v]) => toDateTime(v),
  totimespan: ([v]) => toTimespan(v),
  strlen: strict(([s]) => BigInt([...text(s)].length)),
  substring: strict(substring),
  tolower: strict(([s]) => lower(text(s))),
  toupper: strict(([s]) => upper(text(s))),
  strcat: (args) => args.map(toText).join(''),
  strcat_delim: ([delimiter, ...rest]) => rest.map(toText).join(toText(delimiter)),
  split: strict(([s, d]) => (text(d) === '' ? [...text(s)] : text(s).split(text(d)))),
  indexof: strict(indexOf),
  extract: ([regex, group, source]) => {
    if (regex === null || group === null || source === null) return null
    const m = compileRegex(text(regex)).exec(text(source))
    const g = int(group)
    return m === null || g < 0 || g >= m.length ? null : (m[g] ?? null)
  },
  abs: strict(([x]) => {
    if (typeof x === 'bigint') return wrapLong(x < 0n ? -x : x)
    if (x instanceof Timespan) return new Timespan(x.ns < 0n ? -x.ns : x.ns)
    return typeof x === 'number' ? Math.abs(x) : null
  }),
  log: strict(([x]) => (!isNumber(x) || Number(x) <= 0 ? null : Math.log(Number(x)))),
  round: strict(([x, p]) => (isNumber(x) ? round(Number(x), p === undefined ? 0 : int(p)) : null)),
  now: ([offset], ctx) => new DateTime(ctx.now + (offset instanceof Timespan ? offset.ns : 0n)),
  ago: ([span], ctx) => (span instanceof Timespan ? new DateTime(ctx.now - span.ns) : null),
  datetime_diff: strict(([part, a, b]) => {
    const index = PART_INDEX[text(part).toLowerCase()]
    if (index === undefined || !(a instanceof DateTime) || !(b instanceof DateTime)) return null
    return index(a.ns) - index(b.ns)
  }),
  iff: ([p, a, b]) => (p === true ? a : b),
  case: (args) => {
    for (let i = 0; i + 1 < args.length; i += 2) if (args[i] === true) return args[i + 1]
    return args[args.length - 1]
  },
  coalesce,
  not: ([x]) => not3(x),
  isnull: ([v]) => v === null,
  isnotnull: ([v]) => v !== null,
  isempty: ([v]) => v === null || v === '',
  isnotempty: ([v]) => v !== null && v !== '',
  parse_json: ([v]) => parseJson(v),
  array_length: ([v]) => (Array.isArray(v) ? BigInt(v.length) : null),
  bag_pack: bagPack,
  pack_array: (args) => args.map(toJson),
}
