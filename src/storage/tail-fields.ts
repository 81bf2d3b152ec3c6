// storage/tail-fields.ts: the field types of a dataset's unsealed events, kept per tail array and
// extended as the tail grows. A tail array only grows until its events are sealed, when the runtime
// replaces it; so the types of its first n events never change, and a schema read scans only the
// events added since the last read. `DatasetRuntime.materializeInSteps` extends it piece by piece, so
// a query's bind does not scan a wide tail of 65,536 events in one go (30 ms at 1,024 fields).
import { type FieldType, type FlatEvent, typeOfValue } from './types.ts'

/** The types of each field seen in `events[0 … scanned)`. */
interface Seen {
  scanned: number
  readonly types: Map<string, Set<FieldType>>
}

const seen = new WeakMap<readonly FlatEvent[], Seen>()

/**
 * The types of each field in `events[0 … length)`. The returned map belongs to the cache: read it
 * before the next call (a later call may extend it).
 */
export function tailFieldTypes(
  events: readonly FlatEvent[],
  length: number,
): ReadonlyMap<string, ReadonlySet<FieldType>> {
  let s = seen.get(events)
  // An older view of a tail already scanned further: its own scan (views are rarely read late).
  if (s !== undefined && s.scanned > length) return scan(events, 0, length, new Map())
  if (s === undefined) {
    s = { scanned: 0, types: new Map() }
    seen.set(events, s)
  }
  scan(events, s.scanned, length, s.types)
  s.scanned = length
  return s.types
}

/** How many of `events` the cache has scanned (0 when none). */
export function tailFieldsScanned(events: readonly FlatEvent[]): number {
  return seen.get(events)?.scanned ?? 0
}

function scan(
  events: readonly FlatEvent[],
  from: number,
  to: number,
  types: Map<string, Set<FieldType>>,
): Map<string, Set<FieldType>> {
  for (let i = from; i < to; i++) {
    const f = events[i].fields
    for (const k in f) {
      let set = types.get(k)
      if (set === undefined) {
        set = new Set()
        types.set(k, set)
      }
      set.add(typeOfValue(f[k]))
    }
  }
  return types
}
