// isempty / isnotempty over dictionary-coded strings: a dictionary's entries may repeat (a function
// that maps each entry, such as translate, can map two entries to ""), so every code whose entry is
// "" is empty, not only the first one; a null code is empty too, and isnull reads only nulls.
import { describe, expect, it } from 'vitest'
import type { KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import { NULL_CHECK_KERNELS } from '../../../../src/exec/kernels/type-check/null-checks.ts'
import type { Vec } from '../../../../src/exec/vector.ts'

const strings: Vec = { kind: 'str', codes: Int32Array.of(0, 1, 2, 3, -1), dict: ['', 'a', '', 'b'] }
const run = (k: keyof typeof NULL_CHECK_KERNELS) =>
  // The null checks read no call site.
  Array.from((NULL_CHECK_KERNELS[k]([strings], 5, {} as KernelSite) as { values: Uint8Array }).values)

describe('null checks over dictionary-coded strings', () => {
  it('treats every "" entry as empty, and nulls as empty and null', () => {
    expect(run('isempty')).toEqual([1, 0, 1, 0, 1])
    expect(run('isnotempty')).toEqual([0, 1, 0, 1, 0])
    expect(run('isnull')).toEqual([0, 0, 0, 0, 1])
    expect(run('isnotnull')).toEqual([1, 1, 1, 1, 0])
  })
})
