// bench/mem-probe.ts: memory and disk figures for the suite: a forced full GC (so deltas are not
// garbage), the process RSS and live JS memory, and the bytes under a directory. Reads only.
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// `npm run bench` starts node without --expose-gc; this is the documented way to get `gc` anyway.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as (() => void) | undefined

/** Process memory after a forced GC. */
export interface SettledMemory {
  /** Resident set size, bytes (V8 keeps freed heap pages, so it only ever overstates). */
  readonly rss: number
  /** Live JS heap plus external memory (Buffers, ArrayBuffers) of the main thread, bytes. */
  readonly live: number
}

/** Runs a full garbage collection twice (weak refs and finalizers settle after the first), then measures. */
export function settledMemory(): SettledMemory {
  gc?.()
  gc?.()
  const m = process.memoryUsage()
  return { rss: m.rss, live: m.heapUsed + m.external }
}

/** Sum of the sizes of the regular files under `dir`, bytes. */
export async function dirBytes(dir: string): Promise<number> {
  let n = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) n += await dirBytes(p)
    else if (e.isFile()) n += (await stat(p)).size
  }
  return n
}
