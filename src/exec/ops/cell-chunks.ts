// ops/cell-chunks.ts: a growing list of cells (a group key's distinct values, by id) kept in chunks
// of CHUNK cells. One JS array of 2M cells grows by copying all of it into a new large object: a
// single push held the event loop 15–20 ms at 2M alone, longer beside other summarizes; a chunk is
// never copied once full. `flat()` gives one array to a reader that needs one (a summarize's
// output, once).
import type { Cell } from '../result.ts'

/** log2 of the cells per chunk. */
export const CHUNK_BITS = 14
const CHUNK_MASK = (1 << CHUNK_BITS) - 1

/** Cells by index in chunks (see module header). */
export class CellChunks {
  /** Chunk `i >>> CHUNK_BITS` holds cell `i` at `i & (2^CHUNK_BITS − 1)`; read-only outside. */
  readonly chunks: Cell[][] = []
  #size = 0
  #flat: Cell[] | undefined

  get size(): number {
    return this.#size
  }

  push(c: Cell): void {
    if ((this.#size & CHUNK_MASK) === 0) this.chunks.push([])
    this.chunks[this.chunks.length - 1].push(c)
    this.#size++
    this.#flat = undefined
  }

  at(i: number): Cell {
    return this.chunks[i >>> CHUNK_BITS][i & CHUNK_MASK]
  }

  /** Every cell in one array (made once per size: a reader must not change it). */
  flat(): readonly Cell[] {
    this.#flat ??= this.chunks.length === 1 ? this.chunks[0] : this.chunks.flat()
    return this.#flat
  }
}
