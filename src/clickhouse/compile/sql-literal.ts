// clickhouse/compile/sql-literal.ts: a bound constant as a ClickHouse SQL constant of the column type
// its APL type travels as (Int64, Float64, Bool, String, DateTime64(9), Int64 ns), and typed NULLs.
import type { AplType } from '../../catalog/index.ts'
import type { BoundLiteral } from '../../plan/index.ts'
import { str, timeNs } from '../sql-text.ts'

/** The ClickHouse type each mappable APL type travels as. */
export const SQL_TYPE: Readonly<Partial<Record<AplType, string>>> = {
  bool: 'Bool',
  long: 'Int64',
  real: 'Float64',
  string: 'String',
  datetime: "DateTime64(9, 'UTC')",
  timespan: 'Int64',
}

/** A typed NULL of `type`, or undefined when the type has no SQL form. */
export function sqlNull(type: AplType): string | undefined {
  const t = SQL_TYPE[type]
  return t === undefined ? undefined : `CAST(NULL, ${str(`Nullable(${t})`)})`
}

function real(v: number): string {
  if (Number.isNaN(v)) return 'nan'
  if (v === Number.POSITIVE_INFINITY) return 'inf'
  if (v === Number.NEGATIVE_INFINITY) return '-inf'
  return `toFloat64(${Object.is(v, -0) ? '-0.' : String(v)})`
}

/** The SQL constant of a literal, or undefined when it has none (dynamic values). */
export function sqlLiteral(lit: BoundLiteral): string | undefined {
  const v = lit.value
  if (v === null) return sqlNull(lit.type)
  switch (lit.type) {
    case 'long':
      return typeof v === 'bigint' ? `toInt64(${v})` : undefined
    case 'real':
      return typeof v === 'number' ? real(v) : typeof v === 'bigint' ? real(Number(v)) : undefined
    case 'bool':
      return typeof v === 'boolean' ? (v ? 'true' : 'false') : undefined
    case 'string':
      return typeof v === 'string' ? str(v) : undefined
    case 'datetime':
      return typeof v === 'bigint' ? timeNs(v) : undefined
    case 'timespan':
      return typeof v === 'bigint' ? `toInt64(${v})` : undefined
    default:
      return undefined
  }
}

/** The constant string of a non-null string literal expression, else undefined. */
export function stringConstant(e: { kind: string; type: AplType; value?: unknown }): string | undefined {
  return e.kind === 'Literal' && e.type === 'string' && typeof e.value === 'string' ? e.value : undefined
}
