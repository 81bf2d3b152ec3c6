// exec/kernels/constants.ts: literal values as full-length vectors, remembered as constants so that
// kernels can take the once-per-call path (one dictionary entry, one parsed number) instead of rows.
import type { AplType } from '../../catalog/index.ts'
import type { LiteralData } from '../../plan/index.ts'
import { nullVec } from '../batch.ts'
import type { Cell, CellJson } from '../result.ts'
import type { Vec } from '../vector.ts'
import { vecLength } from '../vector.ts'

const CONSTANTS = new WeakMap<Vec, Cell>()

/** Exact split of epoch ns into integral ms and 0–999,999 ns. */
export function splitNs(ns: bigint): { ms: number; ns: number } {
  let ms = ns / 1_000_000n
  let rem = ns - ms * 1_000_000n
  if (rem < 0n) {
    ms -= 1n
    rem += 1_000_000n
  }
  return { ms: Number(ms), ns: Number(rem) }
}

function build(type: AplType, value: LiteralData, n: number): Vec {
  if (value === null) return nullVec(type, n)
  switch (type) {
    case 'bool':
      return { kind: 'bool', values: new Uint8Array(n).fill(value ? 1 : 0), valid: null }
    case 'long':
    case 'real':
      return { kind: 'num', type, values: new Float64Array(n).fill(Number(value)), valid: null }
    case 'datetime': {
      const t = splitNs(value as bigint)
      return {
        kind: 'time',
        ms: new Float64Array(n).fill(t.ms),
        ns: new Int32Array(n).fill(t.ns),
        valid: null,
      }
    }
    case 'timespan':
      return { kind: 'span', values: new Float64Array(n).fill(Number(value)), valid: null }
    case 'string':
      return { kind: 'str', codes: new Int32Array(n), dict: [value as string] }
    case 'dynamic':
      return { kind: 'dyn', values: new Array(n).fill(value as CellJson) }
    case 'unknown':
      return { kind: 'mixed', values: new Array(n).fill(value as Cell) }
  }
}

/** The last constant built per (type, value) key, reused while batches keep the same length. */
const RECENT = new Map<string, Vec>()
/** Most remembered constants (a query has a handful of literals; the map only bounds growth). */
const RECENT_MAX = 256

/** A constant of `type` repeated `n` times, marked as constant. Vectors are read-only, so one is shared. */
export function constantVec(type: AplType, value: LiteralData, n: number): Vec {
  // Scalar literals are reused: a full-length fill per batch was a top allocation of filter scans.
  const key = typeof value === 'object' && value !== null ? null : `${type}:${typeof value}:${String(value)}`
  if (key !== null) {
    const hit = RECENT.get(key)
    if (hit && vecLength(hit) === n) return hit
  }
  const v = build(type, value, n)
  CONSTANTS.set(v, literalCell(type, value))
  if (key !== null) {
    if (RECENT.size >= RECENT_MAX) RECENT.clear()
    RECENT.set(key, v)
  }
  return v
}

/** The canonical cell of a literal (long → number, datetime/timespan → bigint). */
export function literalCell(type: AplType, value: LiteralData): Cell {
  if (value === null) return null
  if (type === 'long' || type === 'real') return Number(value)
  return value as Cell
}

/** Whether `v` was built by `constantVec`, and its value. */
export function constantOf(v: Vec): { readonly value: Cell } | undefined {
  return CONSTANTS.has(v) ? { value: CONSTANTS.get(v) as Cell } : undefined
}
