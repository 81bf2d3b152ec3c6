// The record work stealing consults (exec/parallel/warm-blocks.ts): a worker may steal a unit only
// when every block is warm for it, or when no worker has run any of them.
import { describe, expect, it } from 'vitest'
import { WarmBlocks } from '../../../../src/exec/parallel/warm-blocks.ts'

describe('WarmBlocks', () => {
  const k = (file: string) => WarmBlocks.key(file, 'a\u0001b')

  it('cold for everyone: any worker may steal', () => {
    const w = new WarmBlocks()
    expect(w.stealable(0, [k('x'), k('y')])).toBe(true)
    expect(w.stealable(1, [k('x'), k('y')])).toBe(true)
  })

  it('warm elsewhere only: stays with its worker; warm for the thief: stealable', () => {
    const w = new WarmBlocks()
    w.mark(1, [k('x'), k('y')])
    expect(w.stealable(0, [k('x'), k('y')])).toBe(false)
    expect(w.stealable(1, [k('x'), k('y')])).toBe(true)
    // Partly warm for the thief: one block would still be decoded cold.
    w.mark(0, [k('x')])
    expect(w.stealable(0, [k('x'), k('y')])).toBe(false)
    w.mark(0, [k('y')])
    expect(w.stealable(0, [k('x'), k('y')])).toBe(true)
  })

  it('keys separate the fields read: a block warm for other fields is cold', () => {
    const w = new WarmBlocks()
    w.mark(1, [WarmBlocks.key('x', 'a')])
    expect(w.stealable(0, [WarmBlocks.key('x', 'b')])).toBe(true)
    expect(w.stealable(0, [WarmBlocks.key('x', 'a')])).toBe(false)
  })

  it('warmAt: the one worker warm for every block, else none', () => {
    const w = new WarmBlocks()
    expect(w.warmAt([k('x'), k('y')], 2)).toBeUndefined()
    w.mark(1, [k('x'), k('y')])
    expect(w.warmAt([k('x'), k('y')], 2)).toBe(1)
    w.mark(0, [k('x')])
    expect(w.warmAt([k('x'), k('y')], 2)).toBe(1)
    w.mark(0, [k('y')])
    // Warm at both: the unit keeps its home by index.
    expect(w.warmAt([k('x'), k('y')], 2)).toBeUndefined()
    expect(w.warmAt([], 2)).toBeUndefined()
  })
})
