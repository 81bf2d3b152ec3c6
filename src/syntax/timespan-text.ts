// syntax/timespan-text.ts: timespan literal text ⇄ nanoseconds (apl-reference §2.4; Kusto units).
// Values are exact bigint nanoseconds; fractional amounts truncate toward zero below 1 ns.
import { parseClockDuration } from '../util/time/index.ts'

const NS_PER: Readonly<Record<string, bigint>> = (() => {
  const table: Record<string, bigint> = {}
  const add = (ns: bigint, ...names: string[]) => {
    for (const n of names) table[n] = ns
  }
  add(86_400_000_000_000n, 'd', 'day', 'days')
  add(3_600_000_000_000n, 'h', 'hr', 'hrs', 'hour', 'hours')
  add(60_000_000_000n, 'm', 'min', 'minute', 'minutes')
  add(1_000_000_000n, 's', 'sec', 'secs', 'second', 'seconds')
  add(1_000_000n, 'ms', 'milli', 'millis', 'millisec', 'millisecs', 'millisecond', 'milliseconds')
  add(1_000n, 'micro', 'micros', 'microsec', 'microsecs', 'microsecond', 'microseconds')
  add(1n, 'nano', 'nanos', 'nanosec', 'nanosecs', 'nanosecond', 'nanoseconds')
  add(100n, 'tick', 'ticks')
  return table
})()

/** Largest magnitude a timespan may have (64-bit signed nanoseconds). */
export const MAX_TIMESPAN_NS = 2n ** 63n - 1n

/** Nanoseconds per unit spelling, or undefined for an unknown unit. */
export function unitNanoseconds(unit: string): bigint | undefined {
  return Object.hasOwn(NS_PER, unit) ? NS_PER[unit] : undefined
}

/** All unit spellings (for "did you mean" on a bad unit). */
export const TIMESPAN_UNIT_NAMES: readonly string[] = Object.keys(NS_PER)

const AMOUNT_UNIT = /^(\d+)(?:\.(\d+))?([A-Za-z]+)$/

/** `1.5h` → 5_400_000_000_000n; undefined when the text is not `number unit` or overflows. */
export function parseTimespanAmount(text: string): bigint | undefined {
  const m = AMOUNT_UNIT.exec(text)
  if (m === null) return undefined
  const unit = unitNanoseconds(m[3])
  if (unit === undefined) return undefined
  const frac = m[2] ?? ''
  const scale = 10n ** BigInt(frac.length)
  const ns = ((BigInt(m[1]) * scale + BigInt(frac || '0')) * unit) / scale
  return ns > MAX_TIMESPAN_NS ? undefined : ns
}

/**
 * Content of `timespan(…)` / `time(…)`: `2d`, `-1.5h`, `[d.]hh:mm[:ss[.fffffffff]]`. Returns ns, or a
 * reason when invalid (`null` content is handled by the caller).
 */
export function parseTimespanContent(content: string): bigint | { readonly reason: string } {
  const negative = content.startsWith('-')
  const body = content.replace(/^[+-]/, '')
  const ns = parseTimespanAmount(body) ?? parseClockDuration(body)
  if (typeof ns !== 'bigint') return ns
  return negative ? -ns : ns
}

const FORMAT_UNITS: readonly (readonly [bigint, string])[] = [
  [86_400_000_000_000n, 'd'],
  [3_600_000_000_000n, 'h'],
  [60_000_000_000n, 'm'],
  [1_000_000_000n, 's'],
  [1_000_000n, 'ms'],
  [1_000n, 'microseconds'],
  [100n, 'ticks'],
  [1n, 'nanoseconds'],
]

/** Shortest `amount unit` text for a non-negative ns value (`5400000000000n` → `90m`). */
export function formatTimespanAmount(ns: bigint): string {
  for (const [unit, name] of FORMAT_UNITS) {
    if (ns % unit === 0n) return `${ns / unit}${name}`
  }
  return `${ns}nanoseconds`
}
