// Algebraic laws of the series and array kernels over random arrays (with nulls), and the FFT against
// the reference's O(n²) DFT: series_add(a, series_subtract(b, a)) == b within ulps; fills leave no
// nulls inside the range; ifft(fft(x)) == x; array_sort_asc is sorted and a permutation. Also: the
// typed representation survives (make-series → series_* → series_* builds no JSON in between).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ARRAY_KERNELS } from '../../../../src/exec/kernels/array/array-kernels.ts'
import type { KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import { SERIES_KERNELS } from '../../../../src/exec/kernels/series/series-kernels.ts'
import { seriesVec } from '../../../../src/exec/num-series.ts'
import type { CellJson } from '../../../../src/exec/result.ts'
import type { DynVec, Vec } from '../../../../src/exec/vector.ts'
import { SERIES } from '../../../reference/scalar/series.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`series laws seed=${seed} (set FC_SEED to replay)`)
const opts = { seed, numRuns: 200, interruptAfterTimeLimit: 10_000 }

const site: KernelSite = {
  type: 'dynamic',
  coercion: 'none',
  env: { strictTypes: false, binAutoStep: 1n, now: 0n },
}
const dyn = (...rows: CellJson[]): DynVec => ({ kind: 'dyn', values: rows })
const run = (key: keyof typeof SERIES_KERNELS, ...args: Vec[]): CellJson => {
  const k = SERIES_KERNELS[key]
  if (!k) throw new Error(key)
  const out = k(args, 1, site)
  return out.kind === 'dyn' ? out.values[0] : null
}
const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
const withNulls = fc.array(fc.option(finite, { nil: null, freq: 4 }), { maxLength: 40 })
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

describe('series laws', () => {
  it('series_add(a, series_subtract(b, a)) is b within ulps', () => {
    fc.assert(
      fc.property(
        fc.array(finite, { minLength: 1, maxLength: 40 }),
        fc.array(finite, { maxLength: 40 }),
        (a, b0) => {
          const b = Array.from({ length: a.length }, (_, i) => b0[i] ?? i)
          const out = run('series_add', dyn(a), dyn(run('series_subtract', dyn(b), dyn(a)))) as number[]
          expect(out.length).toBe(b.length)
          for (const [i, x] of out.entries()) expect(close(x, b[i]), `${x} vs ${b[i]}`).toBe(true)
        },
      ),
      opts,
    )
  })

  it('fills leave no null between the first and last number (linear: none at all)', () => {
    fc.assert(
      fc.property(withNulls, (a) => {
        const numbers = a.flatMap((x, i) => (x === null ? [] : [i]))
        const [lo, hi] = [numbers[0] ?? a.length, numbers.at(-1) ?? -1]
        const lin = run('series_fill_linear', dyn(a)) as (number | null)[]
        if (numbers.length) expect(lin.every((x) => x !== null)).toBe(true)
        const fwd = run('series_fill_forward', dyn(a)) as (number | null)[]
        const back = run('series_fill_backward', dyn(a)) as (number | null)[]
        for (let i = lo; i <= hi; i++) expect(fwd[i] !== null && back[i] !== null).toBe(true)
        expect(lin).toEqual(SERIES.series_fill_linear?.([a], { now: 0n, autoStep: 1n }))
      }),
      opts,
    )
  })

  it('the FFT (radix-2 and Bluestein) agrees with the DFT by definition, and ifft inverts it', () => {
    fc.assert(
      fc.property(fc.array(finite, { minLength: 1, maxLength: 70 }), (x) => {
        const [re, im] = run('series_fft', dyn(x)) as number[][]
        const dft = SERIES.series_fft
        if (!dft) throw new Error('reference series_fft')
        const [er, ei] = dft([x], { now: 0n, autoStep: 1n }) as number[][]
        const scale = Math.max(1, ...x.map(Math.abs)) * x.length
        for (let k = 0; k < x.length; k++) {
          expect(Math.abs(re[k] - er[k]) <= 1e-9 * scale).toBe(true)
          expect(Math.abs(im[k] - ei[k]) <= 1e-9 * scale).toBe(true)
        }
        const [back] = run('series_ifft', dyn(re), dyn(im)) as number[][]
        for (const [i, v] of back.entries()) expect(Math.abs(v - x[i]) <= 1e-9 * scale).toBe(true)
      }),
      opts,
    )
  })

  it('array_sort_asc is sorted and a permutation', () => {
    const k = ARRAY_KERNELS.array_sort_asc
    if (!k) throw new Error('array_sort_asc')
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.option(finite, { nil: null }), fc.string({ maxLength: 3 })), { maxLength: 30 }),
        (a) => {
          const out = (k([dyn(a)], 1, site) as DynVec).values[0] as CellJson[]
          expect([...out].map(String).sort()).toEqual([...a].map(String).sort())
          const nums = out.filter((x) => typeof x === 'number') as number[]
          for (let i = 1; i < nums.length; i++) expect(nums[i - 1] <= nums[i]).toBe(true)
          const firstNull = out.indexOf(null)
          if (firstNull >= 0) expect(out.slice(firstNull).every((x) => x === null)).toBe(true)
        },
      ),
      opts,
    )
  })

  it('a typed series stays typed through a chain; JSON is built only when read', () => {
    const data = Float64Array.from([1, 2, 4, 8])
    const v = seriesVec({ start: Int32Array.of(0, 0), len: Int32Array.of(4, 4), data, present: null }, 2)
    const mul = SERIES_KERNELS.series_multiply
    const fill = SERIES_KERNELS.series_fill_linear
    if (!mul || !fill) throw new Error('kernels')
    const out = fill([mul([v, dyn(2, 2)], 2, site)], 2, site) as DynVec
    expect(out.series).toBeDefined()
    expect(Array.from(out.series?.data ?? [])).toEqual([2, 4, 8, 16, 2, 4, 8, 16])
    expect(out.values).toEqual([
      [2, 4, 8, 16],
      [2, 4, 8, 16],
    ])
  })
})
