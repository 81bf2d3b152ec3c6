// storage/ingest/flatten.ts: walks one event object into flattened leaves (dotted names), applying
// the value rules, the limits and the reserved-name renames, and hands each leaf to a sink. Never
// writes user keys anywhere itself. Recursion is bounded by MAX_NESTING_DEPTH; cycles are cut.

import type { Declared, FieldDecls } from '../field-decls.ts'
import type { JsonObject, JsonValue } from '../types.ts'
import { toJsonArray, toJsonObject } from './array-value.ts'
import { timespanOfNumber, timespanOfText } from './declared-value.ts'
import {
  BINARY_VALUE,
  limitString,
  MAX_FIELD_NAME_BYTES,
  MAX_NESTING_DEPTH,
  NAME_SAFE_UNITS,
  STRING_SAFE_UNITS,
  utf8ByteLength,
} from './limits.ts'

/**
 * Where a walk's leaves go: the record of one event, or the columns of a chunk. Leaves come by
 * kind (never the timestamp field); a later leaf of the same `stored` name wins.
 */
export interface LeafSink {
  /** A string within the length limit that may hold lone surrogates: store it well-formed (U+FFFD). */
  leafString(target: FieldTarget, value: string): void
  /** A finite number, or ±Infinity from a bigint beyond float range. */
  leafNumber(target: FieldTarget, value: number): void
  /** An integer outside the safe range, within int64. */
  leafBigint(target: FieldTarget, value: bigint): void
  leafBoolean(target: FieldTarget, value: boolean): void
  /** An array made JSON-safe (see array-value.ts). */
  leafArray(target: FieldTarget, value: JsonValue[]): void
  /** A field declared `timespan`: its value in nanoseconds (within int64). */
  leafTimespan(target: FieldTarget, ns: bigint): void
  /** A declared map field's object, made JSON-safe and kept whole. */
  leafMap(target: FieldTarget, value: JsonObject): void
}

/** What the walk needs to know about one flattened name; resolved once, then reused. */
export class FieldTarget {
  /** Flattened dotted name as written (before renames). */
  readonly name: string
  /** Name the value is stored under: well-formed, reserved names renamed. */
  readonly stored: string
  /** True for the timestamp field: its raw value is captured instead of stored. */
  readonly isTimestamp: boolean
  /** The event-failing problem of this name (longer than the limit), if any. */
  readonly nameError: string | undefined
  /** How the dataset declares this name (a timespan, a map field), if it does. */
  readonly declared: Declared | undefined
  /** isTimestamp, a nameError or a declaration: a leaf here needs more than storing (one test on the hot path). */
  readonly special: boolean
  /** Names nested under this one (`name.`), made on the first object value. */
  child: PathNode | undefined = undefined
  /** Free for the sink (the column builder caches its field slot here). */
  slot: object | undefined = undefined

  constructor(name: string, walk: FlattenWalk) {
    this.name = name
    this.isTimestamp = name === walk.timestampField
    let error: string | undefined
    if (name.length > NAME_SAFE_UNITS) {
      const bytes = utf8ByteLength(name)
      if (bytes > MAX_FIELD_NAME_BYTES) {
        error = `field name "${name.slice(0, 64)}…" is ${bytes} bytes long; the limit is ${MAX_FIELD_NAME_BYTES} bytes`
      }
    }
    this.nameError = error
    const wf = name.isWellFormed() ? name : name.toWellFormed()
    // Only names starting with '_' can be reserved.
    this.stored = wf.charCodeAt(0) === 95 ? (walk.renames.get(wf) ?? wf) : wf
    this.declared = this.isTimestamp ? undefined : walk.decls?.byName.get(this.stored)
    this.special = this.isTimestamp || error !== undefined || this.declared !== undefined
  }
}

/** Targets cached per walk at most; past it, new names are resolved but not remembered. */
const MAX_CACHED_TARGETS = 100_000

/** One level of the name tree: the keys seen under `prefix`. */
export class PathNode {
  /** `''` at the top, else a dotted name ending in `.`. */
  readonly prefix: string
  readonly byKey = new Map<string, FieldTarget>()
  /** Key at each position of the last object walked here, and its target: events repeat key order. */
  readonly lastKeys: string[] = []
  readonly lastTargets: FieldTarget[] = []

  constructor(prefix: string) {
    this.prefix = prefix
  }

  /** The target of `key` under this node (made and cached on first use). */
  target(key: string, walk: FlattenWalk): FieldTarget {
    let t = this.byKey.get(key)
    if (t === undefined) {
      t = new FieldTarget(this.prefix === '' ? key : this.prefix + key, walk)
      if (walk.cachedTargets++ < MAX_CACHED_TARGETS) this.byKey.set(key, t)
    }
    return t
  }
}

/** The state of walking events: name tree, per-event captures, and the sink. Reuse it per batch. */
export class FlattenWalk {
  /** Flattened name of the timestamp field. */
  readonly timestampField: string
  /** Reserved name → stored name (`_sysTime` → `_user_sysTime`). */
  readonly renames: ReadonlyMap<string, string>
  /** The dataset's declared fields (timespans, map fields), when it declares any. */
  readonly decls: FieldDecls | undefined
  readonly sink: LeafSink
  /** Name tree of events, and a separate one for labels (their key order differs). */
  readonly root = new PathNode('')
  readonly labelsRoot = new PathNode('')
  /** Targets cached so far (bounded by MAX_CACHED_TARGETS). */
  cachedTargets = 0
  /** Raw timestamp value of the current event (undefined when absent or null). */
  timestamp: unknown = undefined
  /** First event-failing problem of the current event; the walk still completes. */
  error: string | undefined = undefined
  /** Containers being walked (the current path), to cut cycles. */
  readonly path: unknown[] = []
  /** Object.prototype has an enumerable property (checked per event): for-in then lists inherited keys. */
  protoPolluted = false

  constructor(
    timestampField: string,
    renames: ReadonlyMap<string, string>,
    sink: LeafSink,
    decls?: FieldDecls,
  ) {
    this.timestampField = timestampField
    this.renames = renames
    this.sink = sink
    this.decls = decls
  }

  /** Forget the current event's captures (call before each event). */
  reset(): void {
    this.timestamp = undefined
    this.error = undefined
    // Empty unless the last walk threw; a needless `length = 0` would drop the backing store.
    if (this.path.length !== 0) this.path.length = 0
    this.protoPolluted = hasEnumerable(Object.prototype)
  }
}

function hasEnumerable(o: object): boolean {
  for (const _ in o) return true
  return false
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_INT64 = -(2n ** 63n)
const MAX_INT64 = 2n ** 63n - 1n

/** A bigint as a flat value: a number when safe, kept when within int64, else a float number. */
export function flatBigint(v: bigint): number | bigint {
  if (v >= MIN_SAFE && v <= MAX_SAFE) return Number(v)
  return v >= MIN_INT64 && v <= MAX_INT64 ? v : Number(v)
}

/**
 * Flattens the own enumerable keys of `obj` (nesting `level`: 0 for the event itself) under
 * `node` into `walk.sink`. Later keys overwrite earlier ones with the same flattened name
 * (`{"a.b":1,"a":{"b":2}}` keeps 2): the sink sees both, in order.
 */
export function flattenInto(obj: object, node: PathNode, level: number, walk: FlattenWalk): void {
  const src = obj as Record<string, unknown>
  const lastKeys = node.lastKeys
  const lastTargets = node.lastTargets
  walk.path.push(obj)
  let pos = 0
  // for-in also lists inherited enumerable keys; a plain or null-prototype object has none unless
  // Object.prototype was given some, so the per-key own check (a third of the loop) is skipped then.
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
    const sink = walk.sink
    switch (typeof v) {
      case 'string': {
        // Well-formedness is the sink's job: the column sink checks each distinct value once.
        if (!keep(t, v, walk)) continue
        const ns = t.declared === 'timespan' ? timespanOfText(v) : undefined
        if (ns !== undefined) sink.leafTimespan(t, ns)
        else sink.leafString(t, v.length > STRING_SAFE_UNITS ? limitString(v) : v)
        continue
      }
      case 'number': {
        if (v - v !== 0) continue // NaN and ±Infinity are null, and nulls are not stored
        if (!keep(t, v, walk)) continue
        const ns = t.declared === 'timespan' ? timespanOfNumber(v) : undefined
        if (ns !== undefined) sink.leafTimespan(t, ns)
        else sink.leafNumber(t, v)
        continue
      }
      case 'boolean':
        if (keep(t, v, walk)) sink.leafBoolean(t, v)
        continue
      case 'bigint':
        if (keep(t, v, walk)) {
          const n = flatBigint(v)
          const ns = t.declared !== 'timespan' ? undefined : typeof n === 'bigint' ? n : timespanOfNumber(n)
          if (ns !== undefined) sink.leafTimespan(t, ns)
          else if (typeof n === 'number') sink.leafNumber(t, n)
          else sink.leafBigint(t, n)
        }
        continue
      case 'object': {
        if (v === null) continue
        if (v instanceof Date) {
          if (t.isTimestamp) walk.timestamp = v
          else if (!Number.isNaN(v.getTime()) && keep(t, v, walk)) sink.leafString(t, v.toISOString())
          continue
        }
        if (ArrayBuffer.isView(v)) {
          if (keep(t, v, walk)) sink.leafString(t, BINARY_VALUE)
          continue
        }
        // Cut at the depth limit or on a cycle: an object subtree vanishes.
        if (level + 1 > MAX_NESTING_DEPTH || walk.path.includes(v)) continue
        if (Array.isArray(v)) {
          // Converted first even for the timestamp field: reading the array may throw (a getter).
          const arr = toJsonArray(v, level + 1, walk.path)
          if (keep(t, v, walk)) sink.leafArray(t, arr)
          continue
        }
        if (t.declared === 'map') {
          // Converted first even for the timestamp field: reading the object may throw (a getter).
          const obj = toJsonObject(v, level + 1, walk.path)
          if (keep(t, v, walk)) sink.leafMap(t, obj)
          continue
        }
        // An object is no timestamp: captured as one, it fails the event (as an array does).
        if (t.isTimestamp) {
          walk.timestamp = v
          continue
        }
        if (t.child === undefined) t.child = new PathNode(`${t.name}.`)
        flattenInto(v, t.child, level + 1, walk)
        continue
      }
      default:
        continue // undefined, functions and symbols are dropped, as JSON does
    }
  }
  walk.path.pop()
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
