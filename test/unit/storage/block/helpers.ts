// test/unit/storage/block/helpers.ts: small event builders shared by the block codec tests.
import type { FlatEvent, FlatValue } from '../../../../src/storage/types.ts'

/** An event at `time` ns (sysTime = time + 1) with prototype-less `fields`, as ingest makes them. */
export function ev(time: bigint | number, fields: Record<string, FlatValue> = {}): FlatEvent {
  const f = Object.assign(Object.create(null) as Record<string, FlatValue>, fields)
  const t = BigInt(time)
  return { time: t, sysTime: t + 1n, fields: f }
}

/** Events as plain comparable values (prototype-less objects become plain, key order ignored). */
export function comparable(events: readonly FlatEvent[]): unknown[] {
  return events.map((e) => ({
    time: e.time,
    sysTime: e.sysTime,
    fields: Object.fromEntries(
      Object.keys(e.fields)
        .sort()
        .map((k) => [k, e.fields[k]]),
    ),
  }))
}
