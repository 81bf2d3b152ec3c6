// bench/event-chunks.ts: seeded sample-http-logs events produced chunk by chunk (never a whole data
// set in memory), in time order, with the `_time` layout a benchmark asks for. Generation only.
import { httpLogs } from './data-gen.ts'

/** Events generated per chunk (the same chunking and seeds as bench/queries.bench.ts). */
export const CHUNK_EVENTS = 100_000
/** Start of every generated data set: 2026-01-01T00:00:00Z, epoch ms. */
export const DATA_START_MS = Date.UTC(2026, 0, 1)
const DAY_MS = 86_400_000
/** Days covered by the main comparison's data at any size. */
export const SPAN_DAYS = 30

/** Where event number i lands in time: `startMs + i * msPerEvent`. */
export interface TimeLayout {
  /** Epoch ms of event 0. */
  readonly startMs: number
  /** Time between consecutive events, ms (fractional). */
  readonly msPerEvent: number
}

/** `n` events spread over the 30 days from DATA_START_MS (a larger set is denser). */
export function fixedSpan(n: number): TimeLayout {
  return { startMs: DATA_START_MS, msPerEvent: (SPAN_DAYS * DAY_MS) / n }
}

/** `eventsPerDay` events a day from DATA_START_MS (a larger set covers more days). */
export function constantRate(eventsPerDay: number): TimeLayout {
  return { startMs: DATA_START_MS, msPerEvent: DAY_MS / eventsPerDay }
}

/**
 * Events number `from` (inclusive) to `to` (exclusive) of a data set laid out by `layout`, as
 * chunks of at most CHUNK_EVENTS that never cross a multiple of CHUNK_EVENTS; the same range and
 * layout always give the same events.
 */
export function* eventChunks(
  from: number,
  to: number,
  layout: TimeLayout,
): Generator<Record<string, unknown>[]> {
  for (let start = from; start < to; ) {
    const offset = start % CHUNK_EVENTS
    const count = Math.min(CHUNK_EVENTS - offset, to - start)
    // Aligned chunk k gets seed 1000 + k (as queries.bench.ts); a piece starting inside a chunk
    // (an incremental load) gets its own seed so it does not repeat the chunk's random stream.
    const seed = 1000 + Math.floor(start / CHUNK_EVENTS) + offset * 7919
    yield httpLogs(count, {
      seed,
      startMs: Math.floor(layout.startMs + start * layout.msPerEvent),
      spanMs: Math.floor(count * layout.msPerEvent),
    })
    start += count
  }
}
