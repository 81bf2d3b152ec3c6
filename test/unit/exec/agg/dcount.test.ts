// Unit tests: dcount — exact mode, the switch to HyperLogLog at the exact limit, every merge mode, the
// dictionary-code path, and the measured HLL error at 1M distinct values (must be ≤ 2 %).
import { describe, expect, it } from 'vitest'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import type { DcountState } from '../../../../src/exec/agg/dcount.ts'
import { HyperLogLog } from '../../../../src/exec/agg/hyperloglog.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'
import { openStore } from '../../../../src/index.ts'

const ship = <S extends { kind: string; serialize(): Uint8Array }>(s: S): S =>
  deserializeAggState(s.kind, s.serialize()) as unknown as S

describe('dcount', () => {
  it('is exact over small inputs and treats equal values alike across types and paths', () => {
    const s = createAggState('dcount')
    for (const v of [
      1,
      1,
      1.0,
      2n,
      2,
      'a',
      'a',
      '1',
      null,
      undefined,
      true,
      true,
      false,
      [1, 2],
      [1, 2],
      { a: 1 },
    ])
      s.add(v)
    s.addInt64(0, 2)
    s.addNumber(-0)
    s.addNumber(0)
    const dict = new CodeDictionary(['a', 'b'])
    s.addCode(0, dict)
    s.addCode(1, dict)
    // 1, 2, 'a', '1', true, false, [1,2], {a:1}, 0, 'b'
    expect(s.result()).toBe(10)
    expect(s.isEstimate).toBe(false)
    expect((s as DcountState).precision).toBe(16)
    expect(ship(s).result()).toBe(10)
  })

  it('switches to HyperLogLog one past the exact limit', () => {
    const s = createAggState('dcount', { exactLimit: 100 })
    for (let i = 0; i < 100; i++) s.addNumber(i)
    expect([s.result(), s.isEstimate]).toEqual([100, false])
    s.addNumber(100)
    expect(s.isEstimate).toBe(true)
    expect(Math.abs(s.result() - 101)).toBeLessThanOrEqual(5)
    expect(ship(s).isEstimate).toBe(true)
  })

  it('merges exact+exact (staying exact or overflowing), exact+HLL and HLL+HLL like one state', () => {
    const make = () => createAggState('dcount', { exactLimit: 1000 })
    const fill = (s: DcountState, from: number, to: number) => {
      for (let i = from; i < to; i++) s.addString(`u${i}`)
    }
    const cases: [number, number][][] = [
      [
        [0, 400],
        [300, 900],
      ],
      [
        [0, 700],
        [500, 1200],
      ],
      [
        [0, 500],
        [0, 3000],
      ],
      [
        [0, 3000],
        [2000, 6000],
      ],
    ]
    for (const [[a0, a1], [b0, b1]] of cases) {
      const one = make()
      fill(one, a0, a1)
      fill(one, b0, b1)
      const a = make()
      fill(a, a0, a1)
      const b = make()
      fill(b, b0, b1)
      const ab = ship(a)
      ab.merge(ship(b))
      const ba = ship(b)
      ba.merge(ship(a))
      expect([ab.result(), ab.isEstimate]).toEqual([one.result(), one.isEstimate])
      expect([ba.result(), ba.isEstimate]).toEqual([one.result(), one.isEstimate])
      if (!one.isEstimate) expect(one.result()).toBe(Math.max(a1, b1) - Math.min(a0, b0))
    }
  })

  it('hashes a dictionary code like its string, computing each code once per dictionary', () => {
    const values = Array.from({ length: 50 }, (_, i) => `v${i % 20}`)
    const dict = new CodeDictionary(values)
    const a = createAggState('dcount')
    const b = createAggState('dcount')
    for (let i = 0; i < values.length; i++) {
      a.addCode(i, dict)
      a.addCode(i, dict)
      b.addString(values[i])
    }
    expect(a.result()).toBe(20)
    expect(b.result()).toBe(20)
  })

  it(`HyperLogLog relative error at 1M distinct values is ≤ 2 %`, () => {
    const N = 1_000_000
    const inputs: [string, (s: DcountState) => void][] = [
      [
        'integers',
        (s) => {
          for (let i = 0; i < N; i++) s.addNumber(i * 7919 + 13)
        },
      ],
      [
        'strings',
        (s) => {
          for (let i = 0; i < N; i++) s.addString(`user-${i}`)
        },
      ],
      [
        'doubles',
        (s) => {
          for (let i = 0; i < N; i++) s.addNumber(i / 3)
        },
      ],
      [
        'codes',
        (s) => {
          const dict = new CodeDictionary(Array.from({ length: N }, (_, i) => `id:${i.toString(36)}`))
          for (let i = 0; i < N; i++) s.addCode(i, dict)
        },
      ],
    ]
    let worst = 0
    for (const [name, fill] of inputs) {
      const s = createAggState('dcount')
      fill(s)
      const err = Math.abs(s.result() - N) / N
      worst = Math.max(worst, err)
      console.log(`hll ${name}: estimate=${s.result()} relative_error=${(err * 100).toFixed(3)}%`)
      expect(s.isEstimate).toBe(true)
    }
    console.log(`hll relative_error_at_1M=${(worst * 100).toFixed(3)}% (≤2%)`)
    expect(worst).toBeLessThanOrEqual(0.02)
  })

  it('HyperLogLog stays accurate from tiny to large cardinalities (Ertl estimator, no bias tables)', () => {
    for (const n of [1, 10, 1000, 20_000, 80_000, 300_000]) {
      const s = createAggState('dcount', { exactLimit: 0 })
      for (let i = 0; i < n; i++) s.addNumber(i + 0.5)
      const err = Math.abs(s.result() - n) / n
      expect(err).toBeLessThanOrEqual(n < 100 ? 0.1 : 0.03)
    }
  })

  it('HyperLogLog ranks use all 64 hash bits (the 2^p index bits excluded)', () => {
    const h = new HyperLogLog(14)
    h.add(0, 1) // index 0; the 18 other bits of hi are 0 and lo has 31 leading zeros → rank 18 + 31 + 1
    expect(h.registers[0]).toBe(50)
    h.add(1 << 13, 0) // index 0; rest = hi << 14 has bit 27 set → 4 leading zeros → rank 5 (no change)
    expect(h.registers[0]).toBe(50)
    h.add((1 << 18) | 1, 0) // index 1 (bit 18 is the lowest index bit); rest = 1 << 14 → rank 17 + 1
    expect(h.registers[1]).toBe(18)
    h.add(0, 0)
    expect(h.registers[0]).toBe(51)
    h.add(-1, 0) // index 16383, rest all ones → rank 1
    expect(h.registers[16383]).toBe(1)
  })
})

describe('dcount over dictionary codes past the exact limit', () => {
  it('sets the same registers as hashing each string (slots cached per block dictionary)', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `id-${(i * 7919) % 2500}`)
    const dict = new CodeDictionary([...new Set(words)])
    const code = new Map(dict.values.map((w, c) => [w, c]))
    const codes = Int32Array.from(words, (w) => code.get(w) as number)
    const byCodes = createAggState('dcount', { exactLimit: 40 })
    const byStrings = createAggState('dcount', { exactLimit: 40 })
    // Two segments through a row list (the switch to HyperLogLog happens inside the first), then
    // the rest without one; a second state reuses the dictionary's cached slots.
    const rows = Uint32Array.from({ length: 2000 }, (_, i) => (i * 3) % 2000)
    byCodes.addCodes(codes, dict, rows, 0, 1200)
    byCodes.addCodes(codes, dict, rows, 1200, 2000)
    byCodes.addCodes(codes, dict, null, 2000, 3000)
    for (const i of rows) byStrings.addString(words[i])
    for (let i = 2000; i < 3000; i++) byStrings.addString(words[i])
    expect(byCodes.isEstimate).toBe(true)
    expect(Array.from(byCodes.serialize())).toEqual(Array.from(byStrings.serialize()))
    const again = createAggState('dcount', { exactLimit: 0 })
    again.addCodes(codes, dict, null, 0, 3000)
    expect(again.result()).toBe(byStrings.result())
  })
})

describe("dcount's accuracy argument (Kusto's levels 0–4)", () => {
  it('picks the HyperLogLog precision per level and refuses other levels with a span', async () => {
    const db = await openStore({ clock: () => Date.UTC(2026, 0, 2) })
    try {
      await db.datasets.create({ name: 'd' })
      const t = Date.UTC(2026, 0, 1)
      await db.ingest(
        'd',
        Array.from({ length: 20_000 }, (_, i) => ({ _time: t + i, v: `v${i}` })),
      )
      const estimates: number[] = []
      for (const level of [0, 1, 2, 3, 4]) {
        const r = await db.queryResult(
          `['d'] | summarize a = dcount(v, ${level}), b = dcountif(v, true, ${level})`,
        )
        const [a, b] = r.tables[0].columns.map((c) => Number(c[0]))
        expect(a).toBe(b)
        // Within 4 standard errors of the level's HyperLogLog (1.04 / √2^p).
        const p = [12, 14, 16, 17, 18][level]
        expect(Math.abs(a - 20_000) / 20_000).toBeLessThan((4 * 1.04) / Math.sqrt(2 ** p))
        estimates.push(a)
      }
      // Different register counts give different estimates (the argument is not ignored).
      expect(new Set(estimates).size).toBeGreaterThan(1)
      const plain = await db.queryResult(`['d'] | summarize dcount(v)`)
      expect(Number(plain.tables[0].columns[0][0])).toBe(estimates[2])
      await expect(db.queryResult(`['d'] | summarize dcount(v, 5)`)).rejects.toThrow(
        /APL0317 line: 1, col: 29: .*between 0 and 4/,
      )
    } finally {
      await db.close()
    }
  })
})
