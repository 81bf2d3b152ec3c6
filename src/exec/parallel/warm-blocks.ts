// exec/parallel/warm-blocks.ts: which workers have run which blocks for which fields: a record, kept
// with the pool across queries, of whose decoded-column cache likely holds a block's columns. Work
// stealing consults it: a unit cold for the thief but warm at its home worker costs the thief a
// decode of every block (tens of ms) where its home worker would take a few; such a unit stays home.

/** Keys kept before the record starts over (a bounded approximation of the workers' caches). */
const MAX_KEYS = 200_000

/** Per (block file, fields): a bit per worker that ran it (see module header). */
export class WarmBlocks {
  #bits = new Map<string, number>()

  /** The record's key of `file` read for `fields` (a fragment's scan fields, joined). */
  static key(file: string, fields: string): string {
    return `${fields}\u0000${file}`
  }

  /** Notes that `worker` ran every block of `keys`. */
  mark(worker: number, keys: readonly string[]): void {
    if (this.#bits.size + keys.length > MAX_KEYS) this.#bits = new Map()
    for (const k of keys) this.#bits.set(k, (this.#bits.get(k) ?? 0) | (1 << worker))
  }

  /** The one worker (below `workers`) that has run every block of `keys`, if exactly one has. */
  warmAt(keys: readonly string[], workers: number): number | undefined {
    let all = (1 << workers) - 1
    for (const k of keys) all &= this.#bits.get(k) ?? 0
    if (all === 0 || (all & (all - 1)) !== 0) return undefined
    return 31 - Math.clz32(all)
  }

  /**
   * Whether `worker` may take a unit of `keys` from another worker's queue: every block is warm for
   * it, or no worker has run any of them (cold for everyone: stealing costs nothing extra).
   */
  stealable(worker: number, keys: readonly string[]): boolean {
    let anyone = 0
    let mine = true
    for (const k of keys) {
      const bits = this.#bits.get(k) ?? 0
      anyone |= bits
      if ((bits & (1 << worker)) === 0) mine = false
    }
    return mine || anyone === 0
  }
}
