// exec/kernels/series/series-fft.ts: series_fft / series_ifft (fft.ts): the transform of a real series
// (or real and imaginary series) as one dynamic [real[], imaginary[]] per row (Axiom indexes the
// result with [0]; rule 94). Null elements read as 0; an imaginary part shorter than the real is
// padded with 0, and a longer one is cut; a null or non-array real part gives null.
import type { CellJson } from '../../result.ts'
import type { Kernel } from '../kernel.ts'
import { fft, ifft } from './fft.ts'
import { elementAt, operand, WorkMeter } from './series-operands.ts'

function transform(inverse: boolean): Kernel {
  return (args, n, site) => {
    const xr = operand(args[0], n).s
    const xi = args[1] === undefined ? null : operand(args[1], n).s
    const values: (CellJson | null)[] = new Array(n).fill(null)
    const rows = site.sel ?? null
    const work = new WorkMeter()
    for (let r = 0; r < (rows ? rows.length : n); r++) {
      const i = rows ? rows[r] : r
      work.add(site, 32 * Math.max(xr.len[i], 1))
      const len = xr.len[i]
      if (len < 0) continue
      const re = new Float64Array(len)
      const im = new Float64Array(len)
      for (let k = 0; k < len; k++) {
        const x = elementAt(xr, i, k)
        re[k] = Number.isNaN(x) ? 0 : x
        const y = xi === null ? 0 : elementAt(xi, i, k)
        im[k] = Number.isNaN(y) ? 0 : y
      }
      if (inverse) ifft(re, im)
      else fft(re, im)
      values[i] = [Array.from(re), Array.from(im)]
    }
    return { kind: 'dyn', values }
  }
}

/** FFT kernels keyed by kernel key. */
export const SERIES_FFT_KERNELS = {
  series_fft: transform(false),
  series_ifft: transform(true),
} as const satisfies Record<string, Kernel>
