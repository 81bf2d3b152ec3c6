// test/cli/json-big.test.ts: results read from a server keep integers beyond 2^53 exact.

import { describe, expect, it } from 'vitest'
import { ndjsonText } from '../../src/cli/result-output.ts'
import { parseJsonExact } from '../../src/util/json-exact.ts'
import type { WireTable } from '../../src/wire/index.ts'

describe('parseJsonExact', () => {
  it('turns only unsafe integer literals into bigints', () => {
    const v = parseJsonExact(
      '{"big":12345678901234567891,"neg":-9007199254740993,"safe":42,"f":1.5,"e":1e300}',
    )
    expect(v).toEqual({ big: 12345678901234567891n, neg: -9007199254740993n, safe: 42, f: 1.5, e: 1e300 })
  })

  it('round-trips through the NDJSON output digit for digit', () => {
    const t = parseJsonExact(
      '{"name":"0","sources":[],"fields":[{"name":"n","type":"integer"}],"order":[],"groups":[],"columns":[[12345678901234567891]]}',
    ) as WireTable
    expect(ndjsonText(t)).toBe('{"n":12345678901234567891}\n')
  })
})
