// plan/format-value.ts: APL-like text of constant values (numbers, timespans, datetimes, strings,
// dynamic JSON) for explain output and generated column names. Deterministic; no locale.

import type { AplType } from '../catalog/index.ts'
import type { DynamicValue } from '../syntax/ast.ts'
import { formatRfc3339Nano } from '../util/time/format.ts'
import type { LiteralData } from './bound-expr.ts'

/** A number as APL writes it: `95`, `99.5`, `1e-7`. */
export function formatNumber(v: number | bigint): string {
  return typeof v === 'bigint' ? v.toString() : String(v)
}

const UNITS: readonly (readonly [bigint, string])[] = [
  [86_400_000_000_000n, 'd'],
  [3_600_000_000_000n, 'h'],
  [60_000_000_000n, 'm'],
  [1_000_000_000n, 's'],
  [1_000_000n, 'ms'],
  [1_000n, 'microsecond'],
  [100n, 'tick'],
]

/** A timespan literal in the largest unit that divides it: `1h`, `90s`, `1500ms`; else `timespan(<ns>ns)`. */
export function formatTimespan(ns: bigint): string {
  if (ns === 0n) return '0s'
  const abs = ns < 0n ? -ns : ns
  for (const [size, unit] of UNITS) if (abs % size === 0n) return `${ns / size}${unit}`
  return `timespan(${ns}ns)`
}

function formatDynamic(v: DynamicValue): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x))
}

const FORMAT: { readonly [T in AplType]: (value: NonNullable<LiteralData>) => string } = {
  string: (v) => JSON.stringify(v),
  long: (v) => formatNumber(v as bigint),
  real: (v) => {
    const text = formatNumber(v as number)
    return /^-?\d+$/.test(text) ? `${text}.0` : text
  },
  bool: (v) => String(v),
  timespan: (v) => formatTimespan(v as bigint),
  datetime: (v) => `datetime(${formatRfc3339Nano(v as bigint)})`,
  dynamic: (v) => `dynamic(${formatDynamic(v as DynamicValue)})`,
  unknown: (v) => String(v),
}

/** A literal of `type` as APL-like text: `"GET"`, `42`, `1.5`, `true`, `1h`, `datetime(…)`, `long(null)`. */
export function formatLiteral(type: AplType, value: LiteralData): string {
  if (value === null) return type === 'unknown' ? 'null' : `${type}(null)`
  return FORMAT[type](value)
}
