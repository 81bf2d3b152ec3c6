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
      // A long beyond ±2^53 keeps its exact value as a bigint cell (the slow, exact path).
      if (typeof value === 'bigint' && !Number.isSafeInteger(Number(value)))
        return { kind: 'mixed', values: new Array(n).fill(value) }
      return { kind: 'num', type, values: new Float64Array(n).fill(Number(value)), valid: null }
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

/**
 * The longest constant built per (type, value) key. A shorter batch gets a view of its first rows:
 * batches alternate between lengths (a block's last slice), and a fresh full-length array per
 * switch was a visible cost of filter scans.
 */
const RECENT = new Map<string, Vec>()
/** Most remembered constants (a query has a handful of literals; the map only bounds growth). */
const RECENT_MAX = 256

/** A constant of `type` repeated `n` times, marked as constant. Vectors are read-only, so one is shared. */
export function constantVec(type: AplType, value: LiteralData, n: number): Vec {
  // Scalar literals are reused: a full-length fill per batch was a top allocation of filter scans.
  // Long strings are not remembered: the key would cost as much as the value.
  const key =
    (typeof value === 'object' && value !== null) || (typeof value === 'string' && value.length > 1024)
      ? null
      : `${type}:${typeof value}:${String(value)}`
  if (key === null) return marked(build(type, value, n), type, value)
  const hit = RECENT.get(key)
  if (hit) {
    const len = vecLength(hit)
    if (len === n) return hit
    const view = len > n ? prefix(hit, n) : undefined
    if (view) return marked(view, type, value)
  }
  if (RECENT.size >= RECENT_MAX) RECENT.clear()
  const v = marked(build(type, value, n), type, value)
  RECENT.set(key, v)
  return v
}

function marked(v: Vec, type: AplType, value: LiteralData): Vec {
  CONSTANTS.set(v, literalCell(type, value))
  return v
}

/** The first `n` rows of a typed-array constant as views (no copy); undefined for array-backed kinds. */
function prefix(v: Vec, n: number): Vec | undefined {
  switch (v.kind) {
    case 'bool':
      return { kind: 'bool', values: v.values.subarray(0, n), valid: v.valid?.subarray(0, n) ?? null }
    case 'num':
      return {
        kind: 'num',
        type: v.type,
        values: v.values.subarray(0, n),
        valid: v.valid?.subarray(0, n) ?? null,
      }
    case 'time':
      return {
        kind: 'time',
        ms: v.ms.subarray(0, n),
        ns: v.ns.subarray(0, n),
        valid: v.valid?.subarray(0, n) ?? null,
      }
    case 'span':
      return { kind: 'span', values: v.values.subarray(0, n), valid: v.valid?.subarray(0, n) ?? null }
    case 'str':
      return { kind: 'str', codes: v.codes.subarray(0, n), dict: v.dict }
    case 'dyn':
    case 'mixed':
      return undefined
  }
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
