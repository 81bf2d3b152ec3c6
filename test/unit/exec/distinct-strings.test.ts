// exec/batch.ts fromDistinctStrings: a group key's distinct values as a string vector, with or
// without a null among them; each row reads back its own cell, and the cells are not shared.
import { describe, expect, it } from 'vitest'
import { fromDistinctStrings } from '../../../src/exec/batch.ts'
import type { Cell } from '../../../src/exec/result.ts'
import { cellAt } from '../../../src/exec/vector.ts'

describe('fromDistinctStrings', () => {
  const back = (cells: Cell[]) => {
    const v = fromDistinctStrings(cells)
    return cells.map((_, i) => cellAt(v, i))
  }

  it('all strings: codes in order, a dictionary of its own', () => {
    const cells: Cell[] = ['b', 'a', '', 'c']
    const v = fromDistinctStrings(cells)
    expect(back(cells)).toEqual(cells)
    expect(v.kind === 'str' && v.dict).not.toBe(cells)
    cells.push('d')
    expect(v.kind === 'str' && v.dict.length).toBe(4)
  })

  it('with a null anywhere: the null reads back as null', () => {
    for (const cells of [[null, 'a', 'b'], ['a', null, 'b'], ['a', 'b', null], [null]] as Cell[][])
      expect(back(cells)).toEqual(cells)
  })
})
