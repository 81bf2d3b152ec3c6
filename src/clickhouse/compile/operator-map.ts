// clickhouse/compile/operator-map.ts: the mapping table of scalar operators (one row per operator
// kernel key that ClickHouse runs with the local engine's semantics; an absent key runs locally).
// Nulls follow apl-reference §3 / §5.2 as the local kernels do: `null == x` is false and `null != x`
// true (null when both are null); ordering with a null is null; string predicates on a null are false
// and their negations true. Case-insensitive forms fold with lowerUTF8 (the needle folded here).
import type { AplType, ScalarOperatorKernelKey } from '../../catalog/index.ts'
import type { BoundExpr } from '../../plan/index.ts'
import { str } from '../sql-text.ts'
import type { SqlArg } from './expr.ts'
import { stringConstant } from './sql-literal.ts'

/** One row: SQL from the operands, or undefined when these operands do not map. */
export type OperatorMapping = (args: readonly SqlArg[], e: BoundExpr) => string | undefined

const NUMERIC: ReadonlySet<AplType> = new Set(['long', 'real'])
const ORDERED: ReadonlySet<AplType> = new Set(['long', 'real', 'string', 'datetime', 'timespan', 'bool'])

const isLiteral = (a: SqlArg) => a.expr.kind === 'Literal' && a.expr.value !== null
/** Both operands of one comparable family (numbers with numbers, else the same type). */
function comparable(a: SqlArg, b: SqlArg): boolean {
  const [x, y] = [a.expr.type, b.expr.type]
  if (!ORDERED.has(x) || !ORDERED.has(y)) return false
  return x === y || (NUMERIC.has(x) && NUMERIC.has(y))
}

/** Equality with local nulls: false against a null, null when both are null (negated: true / null). */
function equality(op: '=' | '!=', fold: boolean): OperatorMapping {
  const onNull = op === '=' ? 'false' : 'true'
  return ([a, b]) => {
    if (!comparable(a, b) || (fold && a.expr.type !== 'string')) return undefined
    const [x, y] = fold ? [`lowerUTF8(${a.sql})`, `lowerUTF8(${b.sql})`] : [a.sql, b.sql]
    if (isLiteral(b)) return `ifNull(${x} ${op} ${y}, ${onNull})`
    if (isLiteral(a)) return `ifNull(${x} ${op} ${y}, ${onNull})`
    return `multiIf(isNull(${a.sql}) AND isNull(${b.sql}), NULL, isNull(${a.sql}) OR isNull(${b.sql}), ${onNull}, ${x} ${op} ${y})`
  }
}

function ordering(op: string): OperatorMapping {
  return ([a, b]) => (comparable(a, b) ? `(${a.sql} ${op} ${b.sql})` : undefined)
}

/** A string predicate against a constant needle: false on a null left side, negation true. */
function needle(
  test: (hay: string, needle: string) => string,
  fold: boolean,
  negate: boolean,
): OperatorMapping {
  return ([a, b]) => {
    const n = stringConstant(b.expr)
    if (a.expr.type !== 'string' || n === undefined) return undefined
    const hay = fold ? `lowerUTF8(${a.sql})` : a.sql
    const t = test(hay, str(fold ? n.toLowerCase() : n))
    return negate ? `ifNull(NOT ${t}, true)` : `ifNull(${t}, false)`
  }
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g
const ALNUM = /[\p{L}\p{N}]/u
/** `has`: the needle on term boundaries (a term: a run of letters/digits), as the local kernel tests it. */
function hasPattern(n: string): string {
  if (n.length === 0) return ''
  const before = ALNUM.test(n[0]) ? '(?:^|[^\\p{L}\\p{N}])' : ''
  const after = ALNUM.test(n[n.length - 1]) ? '(?:$|[^\\p{L}\\p{N}])' : ''
  return `${before}${n.replace(REGEX_SPECIAL, '\\$&')}${after}`
}

function has(fold: boolean, negate: boolean): OperatorMapping {
  return ([a, b]) => {
    const n = stringConstant(b.expr)
    if (a.expr.type !== 'string' || n === undefined) return undefined
    // An empty needle never matches (reference rule 23).
    if (n.length === 0) return negate ? 'true' : 'false'
    const hay = fold ? `lowerUTF8(${a.sql})` : a.sql
    const t = `match(${hay}, ${str(hasPattern(fold ? n.toLowerCase() : n))})`
    return negate ? `ifNull(NOT ${t}, true)` : `ifNull(${t}, false)`
  }
}

/** `in` over constant strings or numbers: false on a null left side, negation true. */
function inList(fold: boolean, negate: boolean): OperatorMapping {
  return ([a, ...values]) => {
    if (values.length === 0 || !values.every((v) => isLiteral(v) && comparable(a, v))) return undefined
    if (fold && a.expr.type !== 'string') return undefined
    const list = values.map((v) => (fold ? str((stringConstant(v.expr) ?? '').toLowerCase()) : v.sql))
    const t = `${fold ? `lowerUTF8(${a.sql})` : a.sql} IN (${list.join(', ')})`
    return negate ? `ifNull(NOT (${t}), true)` : `ifNull(${t}, false)`
  }
}

/** Long arithmetic is on doubles locally (exact within ±2^53): the same integral results here. */
function arith(op: '+' | '-' | '*'): OperatorMapping {
  return ([a, b], e) => {
    const [x, y] = [a.expr.type, b.expr.type]
    if (NUMERIC.has(x) && NUMERIC.has(y)) return `(${a.sql} ${op} ${b.sql})`
    if (x === 'timespan' && y === 'timespan' && op !== '*') return `(${a.sql} ${op} ${b.sql})`
    if (x === 'datetime' && y === 'timespan' && op !== '*' && e.type === 'datetime')
      return `fromUnixTimestamp64Nano(toUnixTimestamp64Nano(${a.sql}) ${op} ${b.sql}, 'UTC')`
    if (x === 'datetime' && y === 'datetime' && op === '-' && e.type === 'timespan')
      return `(toUnixTimestamp64Nano(${a.sql}) - toUnixTimestamp64Nano(${b.sql}))`
    return undefined
  }
}

/** The mapping table (see module header). */
export const OPERATOR_MAPPINGS: Partial<Record<ScalarOperatorKernelKey, OperatorMapping>> = {
  eq: equality('=', false),
  ne: equality('!=', false),
  eq_ci: equality('=', true),
  ne_ci: equality('!=', true),
  lt: ordering('<'),
  le: ordering('<='),
  gt: ordering('>'),
  ge: ordering('>='),
  and: ([a, b]) => (a.expr.type === 'bool' && b.expr.type === 'bool' ? `(${a.sql} AND ${b.sql})` : undefined),
  or: ([a, b]) => (a.expr.type === 'bool' && b.expr.type === 'bool' ? `(${a.sql} OR ${b.sql})` : undefined),
  not: ([a]) => (a.expr.type === 'bool' ? `(NOT ${a.sql})` : undefined),
  add: arith('+'),
  sub: arith('-'),
  mul: ([a, b]) =>
    NUMERIC.has(a.expr.type) && NUMERIC.has(b.expr.type) ? `(${a.sql} * ${b.sql})` : undefined,
  // Integer division truncates; a zero divisor gives null (local: NaN marks the row null).
  div: ([a, b], e) => {
    if (!NUMERIC.has(a.expr.type) || !NUMERIC.has(b.expr.type)) return undefined
    if (e.type === 'long') return `if(${b.sql} = 0, NULL, intDivOrZero(${a.sql}, ${b.sql}))`
    return `(toFloat64(${a.sql}) / ${b.sql})`
  },
  // Floored modulo (the divisor's sign) on longs; a zero divisor gives null.
  mod: ([a, b], e) => {
    if (e.type !== 'long' || a.expr.type !== 'long' || b.expr.type !== 'long') return undefined
    return `if(${b.sql} = 0, NULL, moduloOrZero(moduloOrZero(${a.sql}, ${b.sql}) + ${b.sql}, ${b.sql}))`
  },
  negate: ([a]) => (NUMERIC.has(a.expr.type) || a.expr.type === 'timespan' ? `(-${a.sql})` : undefined),
  contains: needle((h, n) => `(position(${h}, ${n}) > 0)`, true, false),
  not_contains: needle((h, n) => `(position(${h}, ${n}) > 0)`, true, true),
  contains_cs: needle((h, n) => `(position(${h}, ${n}) > 0)`, false, false),
  not_contains_cs: needle((h, n) => `(position(${h}, ${n}) > 0)`, false, true),
  startswith: needle((h, n) => `startsWith(${h}, ${n})`, true, false),
  not_startswith: needle((h, n) => `startsWith(${h}, ${n})`, true, true),
  startswith_cs: needle((h, n) => `startsWith(${h}, ${n})`, false, false),
  not_startswith_cs: needle((h, n) => `startsWith(${h}, ${n})`, false, true),
  endswith: needle((h, n) => `endsWith(${h}, ${n})`, true, false),
  not_endswith: needle((h, n) => `endsWith(${h}, ${n})`, true, true),
  endswith_cs: needle((h, n) => `endsWith(${h}, ${n})`, false, false),
  not_endswith_cs: needle((h, n) => `endsWith(${h}, ${n})`, false, true),
  has: has(true, false),
  not_has: has(true, true),
  has_cs: has(false, false),
  not_has_cs: has(false, true),
  in: inList(false, false),
  not_in: inList(false, true),
  in_ci: inList(true, false),
  not_in_ci: inList(true, true),
}
