// ops/batch-pieces.ts: cutting batches into pieces so that an operator's work on one piece stays
// within PIECE_MS. Work per batch can grow with an operator's state (a summarize maps each block's
// new keys into its group table: 65,536 new keys against a 300k-group table took 100–400 ms on one
// batch), and the operator only lets the event loop run between pieces. `PiecePacer` times the
// pieces fed: it starts at FIRST_PIECE_ROWS rows (nothing is known of the rate yet), doubles while
// pieces are fast, and after a slow one cuts to the rows that fit in PIECE_MS at the rate seen (at
// least MIN_PIECE_ROWS). Each piece's size is chosen when it is cut, so one batch adapts midway.
// Pieces are selection sub-ranges in row order.
import { TURN_MS } from '../../util/loop-turn.ts'
import { type Batch, liveIndices } from '../batch.ts'

/** Longest a piece should take, ms: the process-wide TURN_MS. */
export const PIECE_MS = TURN_MS

/** Fewest live rows in a piece (per-batch costs stay amortized). */
export const MIN_PIECE_ROWS = 4096

/** Live rows in the first piece, before any piece was timed. */
export const FIRST_PIECE_ROWS = 8192

/** Rows per piece, learned from the time pieces took (see module header). */
export class PiecePacer {
  #rows: number
  readonly #fixed: boolean

  /** `fixed`: always this many rows per piece (tests), never learned. */
  constructor(fixed?: number) {
    this.#rows = fixed ?? FIRST_PIECE_ROWS
    this.#fixed = fixed !== undefined
  }

  /**
   * `b` whole, or cut into consecutive pieces of its live rows, each as long as the pacer says when
   * it is cut (record each piece before asking for the next). A weighted batch stays whole.
   */
  *pieces(b: Batch): Generator<Batch> {
    const n = b.sel ? b.sel.length : b.length
    if (n <= this.#rows || b.weights !== undefined) {
      yield b
      return
    }
    const rows = liveIndices(b)
    for (let from = 0; from < rows.length; ) {
      const to = Math.min(rows.length, from + this.#rows)
      yield { ...b, sel: rows.subarray(from, to) }
      from = to
    }
  }

  /** A piece of `rows` live rows took `ms`. */
  record(rows: number, ms: number): void {
    if (this.#fixed) return
    if (ms > PIECE_MS && rows > MIN_PIECE_ROWS)
      this.#rows = Math.max(MIN_PIECE_ROWS, Math.floor((rows * PIECE_MS) / ms))
    else if (ms < PIECE_MS / 4 && rows >= this.#rows) this.#rows *= 2
  }
}
