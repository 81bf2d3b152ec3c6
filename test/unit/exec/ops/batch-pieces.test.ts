// ops/batch-pieces.ts: pieces cover a batch's live rows in order, once each; the pacer starts small,
// grows while pieces are fast, cuts after a slow one to the rows that fit its target at the rate
// seen, and sizes each piece when it is cut.
import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../../src/exec/batch.ts'
import {
  FIRST_PIECE_ROWS,
  MIN_PIECE_ROWS,
  PIECE_MS,
  PiecePacer,
} from '../../../../src/exec/ops/batch-pieces.ts'

const batch = (length: number, sel: Uint32Array | null = null): Batch => ({ length, sel, cols: [] })
const rowsOf = (pieces: Batch[]) =>
  pieces.flatMap((p) => [...(p.sel ?? Array.from({ length: p.length }, (_, i) => i))])

/** The pieces of `b`, each recorded as taking `ms(rows)` before the next is cut. */
function feed(p: PiecePacer, b: Batch, ms: (rows: number) => number): Batch[] {
  const out: Batch[] = []
  for (const piece of p.pieces(b)) {
    out.push(piece)
    const rows = piece.sel ? piece.sel.length : piece.length
    p.record(rows, ms(rows))
  }
  return out
}

describe('PiecePacer', () => {
  it('starts at FIRST_PIECE_ROWS and doubles within a batch while pieces are fast', () => {
    const p = new PiecePacer()
    const first = feed(p, batch(65_536), () => 0)
    expect(first.map((x) => x.sel?.length)).toEqual([8_192, 16_384, 32_768, 8_192])
    expect(rowsOf(first)).toEqual([...Array(65_536).keys()])
    // Fast all along: the next batch goes whole.
    expect(feed(p, batch(65_536), () => 0)).toHaveLength(1)
    expect(FIRST_PIECE_ROWS).toBe(8_192)
  })

  it('cuts to the rows that fit the target at the rate seen, covering every live row once, in order', () => {
    const p = new PiecePacer()
    p.record(65_536, PIECE_MS * 4)
    const whole = feed(p, batch(65_536), (rows) => (rows * PIECE_MS) / 16_384)
    expect(whole).toHaveLength(4)
    expect(rowsOf(whole)).toEqual([...Array(65_536).keys()])
    const sel = Uint32Array.from({ length: 40_000 }, (_, i) => i * 3 + 1)
    const cut = feed(p, batch(120_001, sel), (rows) => (rows * PIECE_MS) / 16_384)
    expect(cut.map((x) => x.sel?.length)).toEqual([16_384, 16_384, 7_232])
    expect(rowsOf(cut)).toEqual([...sel])
  })

  it('re-sizes the rest of a batch after a slow piece', () => {
    const p = new PiecePacer()
    // 8,192 rows took four times the target: the rest goes in pieces of the floor.
    const cut = feed(p, batch(20_000), () => PIECE_MS * 4)
    expect(cut.map((x) => x.sel?.length)).toEqual([8_192, 4_096, 4_096, 3_616])
    expect(rowsOf(cut)).toEqual([...Array(20_000).keys()])
  })

  it('never cuts below MIN_PIECE_ROWS, and grows back when pieces are fast', () => {
    const p = new PiecePacer()
    p.record(65_536, 100_000)
    expect([...p.pieces(batch(65_536))]).toHaveLength(65_536 / MIN_PIECE_ROWS)
    p.record(MIN_PIECE_ROWS, 0)
    expect([...p.pieces(batch(65_536))]).toHaveLength(65_536 / MIN_PIECE_ROWS / 2)
  })

  it('a fixed size never changes, and a weighted batch stays whole', () => {
    const p = new PiecePacer(3)
    p.record(3, 1_000)
    expect([...p.pieces(batch(10))].map((x) => x.sel?.length)).toEqual([3, 3, 3, 1])
    expect([...p.pieces({ ...batch(10), weights: new Float64Array(10) })]).toHaveLength(1)
  })
})
