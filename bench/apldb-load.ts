// bench/apldb-load.ts: the apldb side of the suite's load: events from objects, batches of 10,000
// with 4 ingest calls in flight (group commit), as bench/ingest.bench.ts does. Times only engine
// work: ingest plus waiting for the background seals it started, then the final flush.
import type { Apldb } from '../src/index.ts'

/** Events per ingest call. */
export const INGEST_BATCH = 10_000
/** Ingest calls in flight at once. */
export const INGEST_IN_FLIGHT = 4
/** Events generated ahead and ingested as one timed stretch (amortizes the wait for seals). */
export const LOAD_STRETCH = 500_000

/** Ingests a stretch of chunks, 10,000 events a call; throws on the first failed event. */
async function ingestStretch(
  store: Apldb,
  dataset: string,
  chunks: readonly (readonly unknown[])[],
): Promise<void> {
  const batches: (readonly unknown[])[] = []
  for (const events of chunks) {
    for (let i = 0; i < events.length; i += INGEST_BATCH) batches.push(events.slice(i, i + INGEST_BATCH))
  }
  let next = 0
  const lane = async () => {
    while (next < batches.length) {
      const st = await store.ingest(dataset, batches[next++])
      if (st.failed) throw new Error(`apldb ingest failed: ${JSON.stringify(st.failures[0])}`)
    }
  }
  await Promise.all(Array.from({ length: INGEST_IN_FLIGHT }, lane))
}

/**
 * Loads every chunk into `dataset`, then flushes; returns the engine time, ms. Chunks are generated
 * LOAD_STRETCH events at a time, untimed; each timed stretch ends by waiting for its seals so that
 * background sealing never hides in the generation of the next stretch.
 */
export async function loadApldb(
  store: Apldb,
  dataset: string,
  chunks: Iterable<readonly unknown[]>,
): Promise<number> {
  let ms = 0
  const timed = async (work: () => Promise<void>) => {
    const t = performance.now()
    await work()
    ms += performance.now() - t
  }
  let stretch: (readonly unknown[])[] = []
  let events = 0
  for (const chunk of chunks) {
    stretch.push(chunk)
    events += chunk.length
    if (events < LOAD_STRETCH) continue
    const ready = stretch
    await timed(async () => {
      await ingestStretch(store, dataset, ready)
      await store.settle()
    })
    stretch = []
    events = 0
  }
  await timed(async () => {
    await ingestStretch(store, dataset, stretch)
    await store.flush()
    await store.settle()
  })
  return ms
}
