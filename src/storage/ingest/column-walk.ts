// storage/ingest/column-walk.ts: `flattenInto` (flatten.ts) specialized for the chunk builder:
// the same walk and value rules, with leaves appended straight to the chunk's columns instead of
// going through a LeafSink. The ingest hot path; flatten.ts stays the reference for the rules.
import { toJsonArray, toJsonObject } from './array-value.ts'
import type { ChunkRows, Slot } from './chunk-rows.ts'
import { timespanOfNumber, timespanOfText } from './declared-value.ts'
import { type FieldTarget, type FlattenWalk, flatBigint, PathNode } from './flatten.ts'
import { BINARY_VALUE, limitString, MAX_NESTING_DEPTH, STRING_SAFE_UNITS } from './limits.ts'

/**
 * Flattens the own enumerable keys of `obj` (nesting `level`: 0 for the event itself) under
 * `node` into the current row of `rows`; captures the timestamp field and the first name error in
 * `walk`. Later keys overwrite earlier ones with the same flattened name, as in flattenInto.
 */
export function walkColumns(
  obj: object,
  node: PathNode,
  level: number,
  walk: FlattenWalk,
  rows: ChunkRows,
): void {
  const src = obj as Record<string, unknown>
  const lastKeys = node.lastKeys
  const lastTargets = node.lastTargets
  walk.path.push(obj)
  let pos = 0
  // See flattenInto: the own check is needed only for objects with inherited enumerable keys.
  const proto = Object.getPrototypeOf(obj)
  const checkOwn = proto !== null && (proto !== Object.prototype || walk.protoPolluted)
  // Inlined per-value dispatch on purpose: this loop is the ingest hot path.
  for (const key in src) {
    if (checkOwn && !Object.hasOwn(src, key)) continue
    const v = src[key]
    let t: FieldTarget
    if (lastKeys[pos] === key) t = lastTargets[pos]
    else {
      t = node.target(key, walk)
      lastKeys[pos] = key
      lastTargets[pos] = t
    }
    pos++
    // `typeof v === '…'` tests, not a switch over typeof: optimized code turns each test into a
    // type check, where a switch calls the Typeof builtin for every value (~10% of ingest).
    if (typeof v === 'string') {
      if (t.special) {
        if (!keep(t, v, walk)) continue
        const ns = t.declared === 'timespan' ? timespanOfText(v) : undefined
        if (ns !== undefined) {
          rows.timespan(slotOf(t, rows), ns)
          continue
        }
      }
      rows.string(slotOf(t, rows), v.length > STRING_SAFE_UNITS ? limitString(v) : v)
    } else if (typeof v === 'number') {
      if (v - v !== 0) continue // NaN and ±Infinity are null, and nulls are not stored
      if (t.special) {
        if (!keep(t, v, walk)) continue
        const ns = t.declared === 'timespan' ? timespanOfNumber(v) : undefined
        if (ns !== undefined) {
          rows.timespan(slotOf(t, rows), ns)
          continue
        }
      }
      rows.number(slotOf(t, rows), v)
    } else if (typeof v === 'boolean') {
      if (t.special && !keep(t, v, walk)) continue
      rows.boolean(slotOf(t, rows), v)
    } else if (typeof v === 'object') {
      if (v !== null) walkObjectValue(v, t, level, walk, rows)
    } else if (typeof v === 'bigint') {
      if (t.special && !keep(t, v, walk)) continue
      const n = flatBigint(v)
      const ns = t.declared !== 'timespan' ? undefined : typeof n === 'bigint' ? n : timespanOfNumber(n)
      if (ns !== undefined) rows.timespan(slotOf(t, rows), ns)
      else if (typeof n === 'number') rows.number(slotOf(t, rows), n)
      else rows.bigint(slotOf(t, rows), n)
    }
    // undefined, functions and symbols are dropped, as JSON does
  }
  walk.path.pop()
}

/** An object-typed value (not null) of `t`: Date, binary, array, or a nested object. */
function walkObjectValue(v: object, t: FieldTarget, level: number, walk: FlattenWalk, rows: ChunkRows): void {
  if (v instanceof Date) {
    if (t.isTimestamp) walk.timestamp = v
    else if (!Number.isNaN(v.getTime()) && keep(t, v, walk)) rows.string(slotOf(t, rows), v.toISOString())
    return
  }
  if (ArrayBuffer.isView(v)) {
    if (keep(t, v, walk)) rows.string(slotOf(t, rows), BINARY_VALUE)
    return
  }
  // Cut at the depth limit or on a cycle: an object subtree vanishes.
  if (level + 1 > MAX_NESTING_DEPTH || walk.path.includes(v)) return
  if (Array.isArray(v)) {
    // Converted first even for the timestamp field: reading the array may throw (a getter).
    const arr = toJsonArray(v, level + 1, walk.path)
    if (keep(t, v, walk)) rows.array(slotOf(t, rows), arr)
    return
  }
  if (t.declared === 'map') {
    // Converted first even for the timestamp field: reading the object may throw (a getter).
    const obj = toJsonObject(v, level + 1, walk.path)
    if (keep(t, v, walk)) rows.map(slotOf(t, rows), obj)
    return
  }
  // An object is no timestamp: captured as one, it fails the event (as an array does).
  if (t.isTimestamp) {
    walk.timestamp = v
    return
  }
  t.child ??= new PathNode(`${t.name}.`)
  walkColumns(v, t.child, level + 1, walk, rows)
}

/** The slot of `t` in `rows` (cached on the target: a walk serves one builder). */
function slotOf(t: FieldTarget, rows: ChunkRows): Slot {
  let slot = t.slot as Slot | undefined
  if (slot === undefined) {
    slot = rows.slotNamed(t.stored)
    t.slot = slot
  }
  return slot
}

/** A leaf is stored unless it is the timestamp field (captured raw instead); notes a name error. */
function keep(t: FieldTarget, raw: unknown, walk: FlattenWalk): boolean {
  if (t.isTimestamp) {
    walk.timestamp = raw
    return false
  }
  if (t.nameError !== undefined && walk.error === undefined) walk.error = t.nameError
  return true
}
