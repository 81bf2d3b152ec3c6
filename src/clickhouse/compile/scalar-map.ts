// clickhouse/compile/scalar-map.ts: the mapping table of scalar functions (one row per kernel key
// that ClickHouse runs with the local kernel's semantics; a key without a row runs locally, so a
// function added to the catalog and the local engine works on this backend unchanged). `bin` floors
// in exact Int64 nanoseconds, aligned to the Unix epoch as the local kernel is (decision §10.3), for
// every step, 7 days and longer included.
import type { ScalarKernelKey } from '../../catalog/index.ts'
import type { KernelEnv } from '../../exec/kernels/kernel.ts'
import type { BoundExpr } from '../../plan/index.ts'
import type { SqlArg } from './expr.ts'

/** One row: SQL from the mapped arguments, or undefined when these arguments do not map. */
export type ScalarMapping = (args: readonly SqlArg[], e: BoundExpr, env: KernelEnv) => string | undefined

/** A positive integral constant (a bin step), else undefined. */
function positiveStep(a: SqlArg | undefined): bigint | undefined {
  const v = a?.expr.kind === 'Literal' ? a.expr.value : undefined
  if (typeof v === 'bigint' && v > 0n) return v
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return BigInt(v)
  return undefined
}

/** `x` floored to a multiple of `step` (Int64, floored for negatives too). */
function floorInt(x: string, step: bigint): string {
  return `(${x} - moduloOrZero(moduloOrZero(${x}, toInt64(${step})) + toInt64(${step}), toInt64(${step})))`
}

function floorTime(t: string, step: bigint): string {
  return `fromUnixTimestamp64Nano(${floorInt(`toUnixTimestamp64Nano(${t})`, step)}, 'UTC')`
}

const bin: ScalarMapping = ([v, s]) => {
  const t = v.expr.type
  if (t === 'datetime' && s.expr.type === 'timespan') {
    const step = positiveStep(s)
    return step === undefined ? undefined : floorTime(v.sql, step)
  }
  if (t === 'timespan' && s.expr.type === 'timespan') {
    const step = positiveStep(s)
    return step === undefined ? undefined : floorInt(v.sql, step)
  }
  if (t === 'long' && s.expr.type === 'long') {
    const step = positiveStep(s)
    return step === undefined ? undefined : floorInt(v.sql, step)
  }
  if (t === 'real' && s.expr.kind === 'Literal' && (s.expr.type === 'real' || s.expr.type === 'long')) {
    const n = Number(s.expr.value)
    return n > 0 && Number.isFinite(n) ? `(floor(${v.sql} / ${s.sql}) * ${s.sql})` : undefined
  }
  return undefined
}

const sameType = (a: SqlArg, b: SqlArg) => a.expr.type === b.expr.type

/** The mapping table (see module header). */
export const SCALAR_MAPPINGS: Partial<Record<ScalarKernelKey, ScalarMapping>> = {
  bin,
  bin_auto: ([v], _e, env) => (v.expr.type === 'datetime' ? floorTime(v.sql, env.binAutoStep) : undefined),
  iff: ([p, a, b], e) =>
    p.expr.type === 'bool' && sameType(a, b) && e.type === a.expr.type
      ? `if(ifNull(${p.sql}, false), ${a.sql}, ${b.sql})`
      : undefined,
  isnull: ([a]) => `isNull(${a.sql})`,
  isnotnull: ([a]) => `isNotNull(${a.sql})`,
  isempty: ([a]) => (a.expr.type === 'string' ? `(ifNull(${a.sql}, '') = '')` : `isNull(${a.sql})`),
  isnotempty: ([a]) => (a.expr.type === 'string' ? `(ifNull(${a.sql}, '') != '')` : `isNotNull(${a.sql})`),
  tolower: ([a]) => (a.expr.type === 'string' ? `lowerUTF8(${a.sql})` : undefined),
  toupper: ([a]) => (a.expr.type === 'string' ? `upperUTF8(${a.sql})` : undefined),
  strlen: ([a]) => (a.expr.type === 'string' ? `toInt64(lengthUTF8(${a.sql}))` : undefined),
}
