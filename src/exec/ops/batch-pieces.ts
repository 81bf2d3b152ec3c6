// ops/batch-pieces.ts: cutting batches into pieces when an operator's work on one batch proves
// slow. Work per batch can grow with an operator's state (a summarize maps each block's new keys
// into its group table: 65,536 new keys against a 300k-group table took 100–400 ms on one batch),
// and the operator only lets the event loop run between batches. `PiecePacer` times the pieces fed;
// once one took longer than PIECE_MS, later batches are cut into pieces of the rows that fit in
// PIECE_MS at the rate seen (at least MIN_PIECE_ROWS), selection sub-ranges in row order, and the
// operator yields between them. While the work stays fast, batches stay whole.
import { type Batch, liveIndices } from '../batch.ts'

/** Longest a piece should take, ms. */
export const PIECE_MS = 20

/** Fewest live rows in a piece (per-batch costs stay amortized). */
export const MIN_PIECE_ROWS = 4096

/** Rows per piece, learned from the time pieces took (see module header). */
export class PiecePacer {
  #rows: number
  readonly #fixed: boolean

  /** `fixed`: always this many rows per piece (tests), never learned. */
  constructor(fixed?: number) {
    this.#rows = fixed ?? Number.POSITIVE_INFINITY
    this.#fixed = fixed !== undefined
  }

  /** `b` whole, or cut into consecutive pieces of its live rows (a weighted batch stays whole). */
  pieces(b: Batch): Batch[] {
    const rows = liveIndices(b)
    if (rows.length <= this.#rows || b.weights !== undefined) return [b]
    const per = this.#rows
    const out: Batch[] = []
    for (let from = 0; from < rows.length; from += per)
      out.push({ ...b, sel: rows.subarray(from, Math.min(rows.length, from + per)) })
    return out
  }

  /** A piece of `rows` live rows took `ms`. */
  record(rows: number, ms: number): void {
    if (this.#fixed) return
    if (ms > PIECE_MS && rows > MIN_PIECE_ROWS)
      this.#rows = Math.max(MIN_PIECE_ROWS, Math.floor((rows * PIECE_MS) / ms))
    else if (ms < PIECE_MS / 4 && rows >= this.#rows) this.#rows *= 2
  }
}
