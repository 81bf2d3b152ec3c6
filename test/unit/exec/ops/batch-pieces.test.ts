// ops/batch-pieces.ts: pieces cover a batch's live rows in order, once each; the pacer cuts only
// after a slow piece, to the rows that fit its target at the rate seen, and grows back when fast.
import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../../src/exec/batch.ts'
import { MIN_PIECE_ROWS, PIECE_MS, PiecePacer } from '../../../../src/exec/ops/batch-pieces.ts'

const batch = (length: number, sel: Uint32Array | null = null): Batch => ({ length, sel, cols: [] })
const rowsOf = (pieces: Batch[]) => pieces.flatMap((p) => [...(p.sel ?? [])])

describe('PiecePacer', () => {
  it('keeps batches whole until a piece is slow', () => {
    const p = new PiecePacer()
    expect(p.pieces(batch(65_536))).toHaveLength(1)
    p.record(65_536, PIECE_MS / 2)
    expect(p.pieces(batch(65_536))).toHaveLength(1)
  })

  it('cuts to the rows that fit the target at the rate seen, covering every live row once, in order', () => {
    const p = new PiecePacer()
    p.record(65_536, PIECE_MS * 4)
    const whole = p.pieces(batch(65_536))
    expect(whole).toHaveLength(4)
    expect(rowsOf(whole)).toEqual([...Array(65_536).keys()])
    const sel = Uint32Array.from({ length: 40_000 }, (_, i) => i * 3 + 1)
    const cut = p.pieces(batch(120_001, sel))
    expect(cut.map((x) => x.sel?.length)).toEqual([16_384, 16_384, 7_232])
    expect(rowsOf(cut)).toEqual([...sel])
  })

  it('never cuts below MIN_PIECE_ROWS, and grows back when pieces are fast', () => {
    const p = new PiecePacer()
    p.record(65_536, 100_000)
    expect(p.pieces(batch(65_536))).toHaveLength(65_536 / MIN_PIECE_ROWS)
    p.record(MIN_PIECE_ROWS, 0)
    expect(p.pieces(batch(65_536))).toHaveLength(65_536 / MIN_PIECE_ROWS / 2)
  })

  it('a fixed size never changes, and a weighted batch stays whole', () => {
    const p = new PiecePacer(3)
    p.record(3, 1_000)
    expect(p.pieces(batch(10)).map((x) => x.sel?.length)).toEqual([3, 3, 3, 1])
    expect(p.pieces({ ...batch(10), weights: new Float64Array(10) })).toHaveLength(1)
  })
})
