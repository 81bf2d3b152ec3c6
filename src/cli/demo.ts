// cli/demo.ts: loads the demo dataset of `apldb serve --demo`: seeded sample-http-logs events over the
// seven days before the first start, so `now-1h`… windows find data. Loaded once; later starts keep it.

import type { AnyApldb as Apldb } from '../query/apldb.ts'
import { httpLogs } from './demo-data.ts'

/** The demo dataset's name (Axiom's playground dataset, which the catalog examples query). */
export const DEMO_DATASET = 'sample-http-logs'
/** Events loaded by default. */
export const DEMO_EVENTS = 100_000
/** Span of the demo events, ending at load time: 7 days in ms. */
const DEMO_SPAN_MS = 7 * 86_400_000
/** Events per ingest call. */
const BATCH = 10_000

/** Creates and fills the demo dataset unless it exists; resolves to the events loaded (0 if present). */
export async function loadDemo(db: Apldb, count: number, nowMs: number): Promise<number> {
  if ((await db.datasets.list()).some((d) => d.name === DEMO_DATASET)) return 0
  await db.datasets.create({
    name: DEMO_DATASET,
    description: 'seeded sample HTTP logs (apldb serve --demo)',
  })
  const events = httpLogs(count, { seed: 42, startMs: nowMs - DEMO_SPAN_MS, spanMs: DEMO_SPAN_MS })
  let loaded = 0
  for (let i = 0; i < events.length; i += BATCH) {
    loaded += (await db.ingest(DEMO_DATASET, events.slice(i, i + BATCH))).ingested
  }
  await db.flush(DEMO_DATASET)
  return loaded
}
