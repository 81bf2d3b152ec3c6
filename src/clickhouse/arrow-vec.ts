// clickhouse/arrow-vec.ts: one Arrow column of a ClickHouse result (ArrowStream) → an executor vector,
// through the same conversion stored blocks take (exec/scan/arrow-to-vec.ts): Int64, Float64, Bool,
// Timestamp(ns), Dictionary<Int32, Utf8> are exactly the block layouts; timespans arrive as Int64 ns.
import type * as arrow from 'apache-arrow'
import type { AplType } from '../catalog/index.ts'
import { nullVec } from '../exec/batch.ts'
import { columnToVec } from '../exec/scan/arrow-to-vec.ts'
import { combineParts } from '../exec/scan/field-vec.ts'
import type { Vec } from '../exec/vector.ts'
import type { FieldType } from '../storage/types.ts'
import type { WireKind } from './compile/relation.ts'

const STORAGE: Readonly<Record<Exclude<WireKind, 'timespan'>, FieldType>> = {
  long: 'integer',
  real: 'float',
  bool: 'boolean',
  string: 'string',
  datetime: 'datetime',
  json: 'array',
}

/** The vector of one part. */
export function partVec(vector: arrow.Vector, wire: WireKind): Vec {
  if (wire === 'timespan') {
    const v = columnToVec({ field: '', type: 'integer', vector })
    if (v.kind !== 'num') throw new Error('timespan part is not numeric')
    return { kind: 'span', values: v.values, valid: v.valid }
  }
  return columnToVec({ field: '', type: STORAGE[wire], vector })
}

/** A plan column's vector from its parts (none: all null; several: a mixed field, as a scan makes it). */
export function columnVec(parts: readonly Vec[], type: AplType, n: number): Vec {
  if (parts.length === 0) return nullVec(type, n)
  return combineParts(parts, type, n)
}
