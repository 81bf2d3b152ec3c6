// storage/block-pins.ts: which block files open snapshots still read. A snapshot pins every block
// file of its version and unpins them on release; a block removed while pinned ("doomed") keeps its
// file until the last snapshot reading it lets go, then the file is unlinked.
import type { Version } from './snapshot.ts'

/** Pin counts per block file, and the removed files waiting for their last reader. */
export class BlockPins {
  readonly #pins = new Map<string, number>()
  readonly #doomed = new Set<string>()
  readonly #unlink: (file: string) => Promise<void>
  readonly #freed: () => void

  /** `unlink` removes a file (errors ignored by the caller's choice); `freed` runs when files became unpinned. */
  constructor(unlink: (file: string) => Promise<void>, freed: () => void) {
    this.#unlink = unlink
    this.#freed = freed
  }

  /** Whether an open snapshot reads `file`. */
  isPinned(file: string): boolean {
    return (this.#pins.get(file) ?? 0) > 0
  }

  /** Pins every block file of `v` (one snapshot). */
  pin(v: Version): void {
    for (const ds of v.datasets.values())
      for (const b of ds.blocks) this.#pins.set(b.file, (this.#pins.get(b.file) ?? 0) + 1)
  }

  /** Releases one snapshot's pins of `v`; unlinks doomed files no snapshot reads any more. */
  unpin(v: Version): void {
    let freed = false
    for (const ds of v.datasets.values()) {
      for (const b of ds.blocks) {
        const n = (this.#pins.get(b.file) ?? 1) - 1
        if (n > 0) this.#pins.set(b.file, n)
        else {
          this.#pins.delete(b.file)
          freed = true
          if (this.#doomed.delete(b.file)) void this.#unlink(b.file)
        }
      }
    }
    if (freed) this.#freed()
  }

  /** Removes a block's file now, or once the last snapshot reading it is released. */
  async doom(file: string): Promise<void> {
    if (this.isPinned(file)) this.#doomed.add(file)
    else await this.#unlink(file)
  }
}
