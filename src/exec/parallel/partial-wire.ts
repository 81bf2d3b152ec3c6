// exec/parallel/partial-wire.ts: a unit's output as structured-clone data and back: states as their
// `serialize()` bytes in one transferred buffer, a key column of PACK_MIN or more groups holding only
// (well-formed) strings as UTF-8 in two transferred buffers (a million strings cloned into one
// message held the main thread ~100 ms; the merge unpacks them a piece at a time), top-N rows with
// dictionaries cut to the used entries. Never transfers a buffer the worker still holds (cached
// columns are zero-copy views).

import { packUtf8IfWellFormed } from '../../storage/block/index.ts'
import { type AggState, deserializeAggState } from '../agg/index.ts'
import { UNREAD, usedEntries } from '../batch.ts'
import type { ExecStats } from '../context.ts'
import type { OperatorMetrics } from '../operator.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import type { PartialKeys } from './partial-aggregate.ts'
import type { CountPartial, Partial, TopPartial, UnitOutput } from './run-unit.ts'

/** Groups from which a key column of strings travels packed. */
export const PACK_MIN = 4096

/**
 * `cells` as UTF-8 when there are PACK_MIN or more, all strings and well-formed (a lone surrogate
 * would come back as U+FFFD: such a column stays cells, as does any other).
 */
function packKeys(cells: readonly Cell[]): PartialKeys {
  if (cells.length < PACK_MIN) return cells
  for (const c of cells) if (typeof c !== 'string') return cells
  const packed = packUtf8IfWellFormed(cells as readonly string[])
  if (packed === undefined) return cells
  const { offsets, bytes } = packed
  // A buffer of its own (a small encode may sit in Buffer's shared pool, which must not be transferred).
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
  return { offsets, bytes: own }
}

/** An aggregate partial on the wire. */
interface AggWire {
  readonly kind: 'aggregate'
  readonly size: number
  readonly keys: readonly PartialKeys[]
  /** State kind per call. */
  readonly kinds: readonly string[]
  /** Every state's bytes, call-major: state (a, g) is bytes[offsets[a * size + g] … offsets[a * size + g + 1]). */
  readonly bytes: Uint8Array
  readonly offsets: Float64Array
  /** AggPartial.counts: transferred as they are (a call with counts has no state bytes). */
  readonly counts: readonly (Float64Array | null)[]
  /** AggPartial.ordinals (arg_min/arg_max ordinal span). */
  readonly ordinals: number
}

/** A unit output on the wire. */
export interface UnitOutputWire {
  readonly partial: AggWire | TopPartial | CountPartial
  readonly stats: ExecStats
  readonly metrics: readonly OperatorMetrics[]
}

function encodeStates(
  states: readonly (readonly AggState[])[],
  size: number,
): Pick<AggWire, 'kinds' | 'bytes' | 'offsets'> {
  const parts: Uint8Array[] = []
  const offsets = new Float64Array(states.length * size + 1)
  let at = 0
  for (let a = 0; a < states.length; a++) {
    // A call shipped as counts has no states: its ranges stay empty (never read).
    const row = states[a]
    for (let g = 0; g < size; g++) {
      if (g < row.length) {
        const b = row[g].serialize()
        parts.push(b)
        at += b.length
      }
      offsets[a * size + g + 1] = at
    }
  }
  const bytes = new Uint8Array(at)
  let p = 0
  for (const b of parts) {
    bytes.set(b, p)
    p += b.length
  }
  return { kinds: states.map((s) => s[0]?.kind ?? ''), bytes, offsets }
}

/** `v` with its dictionary cut to the codes in use (other layouts as they are). */
function compactVec(v: Vec): Vec {
  return v.kind === 'str' ? usedEntries(v) : v
}

/** `out` ready for `postMessage`, with the buffers that may be transferred. */
export function encodeOutput(out: UnitOutput): { wire: UnitOutputWire; transfer: ArrayBuffer[] } {
  const p = out.partial
  const base = { stats: out.stats, metrics: out.metrics }
  if (p.kind === 'aggregate') {
    const s = encodeStates(p.states, p.size)
    const keys = p.keys.map((k) => ('bytes' in k ? k : packKeys(k)))
    const partial: AggWire = {
      kind: 'aggregate',
      size: p.size,
      keys,
      counts: p.counts,
      ordinals: p.ordinals,
      ...s,
    }
    const counted = p.counts.flatMap((c) => (c ? [c.buffer as ArrayBuffer] : []))
    const packed = keys.flatMap((k) =>
      'bytes' in k ? [k.offsets.buffer as ArrayBuffer, k.bytes.buffer as ArrayBuffer] : [],
    )
    return {
      wire: { partial, ...base },
      transfer: [s.bytes.buffer as ArrayBuffer, s.offsets.buffer as ArrayBuffer, ...counted, ...packed],
    }
  }
  if (p.kind === 'top' && p.batch) {
    const batch = { length: p.batch.length, sel: p.batch.sel, cols: p.batch.cols.map(compactVec) }
    return { wire: { partial: { ...p, batch }, ...base }, transfer: [] }
  }
  return { wire: { partial: p, ...base }, transfer: [] }
}

/** The unit output `encodeOutput` was given (states rebuilt, unread columns restored). */
export function decodeOutput(w: UnitOutputWire): UnitOutput {
  const p = w.partial
  let partial: Partial
  if (p.kind === 'aggregate') {
    const states = p.kinds.map((kind, a) => {
      if (p.counts[a]) return []
      const row: AggState[] = new Array(p.size)
      for (let g = 0; g < p.size; g++) {
        const i = a * p.size + g
        row[g] = deserializeAggState(kind, p.bytes.subarray(p.offsets[i], p.offsets[i + 1]))
      }
      return row
    })
    partial = {
      kind: 'aggregate',
      size: p.size,
      keys: p.keys,
      states,
      counts: p.counts,
      ordinals: p.ordinals,
    }
  } else if (p.kind === 'top' && p.batch) {
    // A column the scan did not read is the UNREAD sentinel, recognized by identity: restore it.
    const cols = p.batch.cols.map((c) => (c.kind === 'mixed' && c.values.length === 0 ? UNREAD : c))
    partial = { ...p, batch: { ...p.batch, cols } }
  } else partial = p
  return { partial, stats: w.stats, metrics: w.metrics }
}
