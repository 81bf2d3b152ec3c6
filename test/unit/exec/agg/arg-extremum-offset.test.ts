// test/unit/exec/agg/arg-extremum-offset.test.ts: ArgExtremumState.offsetOrdinals — partial states
// whose ordinals each count from 0 (one per parallel unit) merge like one state once each is moved
// past the rows before it: ties keep the earlier unit's row, across a serialize round trip too.
import { describe, expect, it } from 'vitest'
import type { ArgExtremumState } from '../../../../src/exec/agg/arg-extremum.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'

const payload = (tag: string) => ({ capture: (ordinal: number) => ({ tag, ordinal }) })

/** A state over `values` at ordinals 0, 1, …, as a unit with local ordinals would build it. */
function unit(kind: 'arg_max' | 'arg_min', tag: string, values: readonly number[]): ArgExtremumState {
  const s = createAggState(kind)
  values.forEach((v, i) => {
    s.addNumberAt(v, i, payload(tag))
  })
  return s
}

describe('ArgExtremumState.offsetOrdinals', () => {
  it('a later unit moved past the earlier rows loses ties to them', () => {
    const first = unit('arg_max', 'a', [1, 5, 5])
    const later = unit('arg_max', 'b', [5, 2])
    later.offsetOrdinals(3)
    first.merge(later)
    expect(first.result()).toEqual({ value: 5, payload: { tag: 'a', ordinal: 1 } })
  })

  it('without the offset, local ordinals would let the later unit win the tie', () => {
    const first = unit('arg_min', 'a', [7, 0])
    const later = unit('arg_min', 'b', [0])
    first.merge(later)
    expect(first.result()).toEqual({ value: 0, payload: { tag: 'b', ordinal: 0 } })
  })

  it('the moved ordinal survives serialization (worker → main thread)', () => {
    const later = deserializeAggState('arg_min', unit('arg_min', 'b', [3, 3]).serialize()) as ArgExtremumState
    later.offsetOrdinals(10)
    const first = unit('arg_min', 'a', [4, 3])
    first.merge(later)
    expect(first.result()).toEqual({ value: 3, payload: { tag: 'a', ordinal: 1 } })
    // The other way round (the earlier unit merged into the later one) keeps the earlier row as well.
    const back = unit('arg_min', 'b', [3])
    back.offsetOrdinals(2)
    const front = unit('arg_min', 'a', [3, 3])
    back.merge(front)
    expect(back.result()).toEqual({ value: 3, payload: { tag: 'a', ordinal: 0 } })
  })
})
