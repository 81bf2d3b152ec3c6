// test/hostile/survive.ts: runs one attack against a child server and checks what every hostile test
// checks: the server stays alive, a health request answers within 10 s afterwards, and its RSS stayed
// under the configured memory plus a stated margin. Prints the attack's figures. Not a test.
import { expect } from 'vitest'
import type { Attack, Outcome, Scale } from './attacks.ts'
import { type ChildServer, whileProbing } from './child-server.ts'

const MiB = 1 << 20

/**
 * How much an attack may grow the child's RSS beyond its `--memory` budget: the parse and plan of a
 * query at the text limits (a 10,000-stage or 2,000-column plan: ~250 MiB of heap), I/O buffers,
 * and garbage V8 has not yet returned to the system.
 */
export const RSS_MARGIN = 384 * MiB
/** Node, V8 and the engine's code and data at rest, beyond the V8 heap limit and the budget. */
const PROCESS_MARGIN = 256 * MiB
/**
 * The compile worker's isolate (src/query/compile-off-thread.ts): a query text of 8 KiB or more is
 * parsed, bound and optimized in a second V8 heap, and for a while its plan exists there and, being
 * rebuilt, on the main thread too (a 10,000-stage plan: ~150–200 MiB measured in CI).
 */
const COMPILE_MARGIN = 256 * MiB

/**
 * Runs `attack` (its `prepare` first, unmeasured); asserts survival and the RSS bounds (growth within
 * budget + RSS_MARGIN; peak within heap limit + budget + PROCESS_MARGIN + COMPILE_MARGIN); returns the outcome.
 */
export async function survive(
  s: ChildServer,
  attack: Attack,
  memoryBytes: number,
  scale: Scale = 'ci',
  heapBytes = 512 * MiB,
): Promise<Outcome> {
  await attack.prepare?.(s, scale)
  s.resetPeak()
  const base = s.memory().rss
  const t0 = performance.now()
  const { result, healthMaxMs, healthFailures } = await whileProbing(s, () => attack.run(s, scale))
  const secs = (performance.now() - t0) / 1000
  const peak = s.maxRss
  console.log(
    `hostile ${attack.id}: status=${result.status} codes=${result.codes.join(',')} time=${secs.toFixed(1)}s ` +
      `peakRSS=${(peak / MiB).toFixed(0)}MiB growth=${((peak - base) / MiB).toFixed(0)}MiB healthMax=${healthMaxMs.toFixed(0)}ms healthFailed=${healthFailures}` +
      `${result.note ? ` note=${result.note}` : ''}`,
  )
  expect(s.alive(), `server died: ${s.exit()}\n${s.stderr()}`).toBe(true)
  const h = await s.health(10_000)
  expect(h.status).toBe(200)
  expect(peak - base).toBeLessThan(memoryBytes + RSS_MARGIN)
  expect(peak).toBeLessThan(heapBytes + memoryBytes + PROCESS_MARGIN + COMPILE_MARGIN)
  return result
}
