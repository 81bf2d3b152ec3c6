// exec/kernels/binning/binning.ts: bin(value, size) aligned to 0 / the Unix epoch (decision §10.3) for
// numbers, timespans and datetimes, and bin_auto(_time) with the step chosen per query. Datetime
// steps that are whole milliseconds touch `ms` only.
import type { AplType } from '../../../catalog/index.ts'
import { ExecError } from '../../context.ts'
import { ascendingTimes, firstAtLeast, markAscending } from '../../time-order.ts'
import type { TimeVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { constantOf, splitNs } from '../constants.ts'
import type { Kernel, KernelEnv } from '../kernel.ts'
import { goesPerValue, perValueBin } from '../per-value-numeric.ts'

/** The steps `bin_auto` chooses from, ns (decision §10.3). */
export const BIN_AUTO_STEPS: readonly bigint[] = [
  1n,
  5n,
  10n,
  15n,
  30n,
  60n,
  300n,
  600n,
  900n,
  1800n,
  3600n,
  10800n,
  21600n,
  43200n,
  86400n,
  604800n,
  2592000n,
].map((s) => s * 1_000_000_000n)

/** Most buckets `bin_auto` may produce over the window. */
export const BIN_AUTO_MAX_BUCKETS = 1000n

/** The smallest step giving at most 1,000 buckets over `[start, end)` (the largest when none does). */
export function chooseBinAutoStep(start: bigint, end: bigint): bigint {
  const span = end > start ? end - start : 0n
  for (const step of BIN_AUTO_STEPS) {
    // Buckets touched by [start, end): aligned to the epoch, so count by floor indices.
    const first = floorDiv(start, step)
    const last = floorDiv(end > start ? end - 1n : start, step)
    if (last - first + 1n <= BIN_AUTO_MAX_BUCKETS && span >= 0n) return step
  }
  return BIN_AUTO_STEPS[BIN_AUTO_STEPS.length - 1]
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return q * b > a ? q - 1n : q
}

let ZERO_NS = new Int32Array(0)

/** `n` zero ns, shared: vectors are read-only, and whole-millisecond bins all have ns 0. */
function zeroNs(n: number): Int32Array {
  if (ZERO_NS.length < n) ZERO_NS = new Int32Array(Math.max(n, 2 * ZERO_NS.length))
  return ZERO_NS.subarray(0, n)
}

/** `out[i]` = src[i] floored to a multiple of `stepMs` (a leaf loop: it stays optimized across calls). */
function binMs(src: Float64Array, stepMs: number, out: Float64Array): void {
  // The current bin [lo, hi): time-ordered rows stay in it, so most rows skip the division.
  let lo = Number.NaN
  let hi = Number.NaN
  for (let i = 0; i < out.length; i++) {
    const m = src[i]
    if (!(m >= lo && m < hi)) {
      lo = Math.floor(m / stepMs) * stepMs
      hi = lo + stepMs
    }
    out[i] = lo
  }
}

/**
 * binMs on an ascending `src`: each bin's rows are found by galloping search and filled at once, so
 * a bin costs a few probes, not a division per row. Returns `out`.
 */
function binAscendingMs(src: Float64Array, stepMs: number, out: Float64Array): Float64Array {
  const n = out.length
  for (let i = 0; i < n; ) {
    const lo = Math.floor(src[i] / stepMs) * stepMs
    const end = firstAtLeast(src, lo + stepMs, i + 1, n)
    out.fill(lo, i, end)
    i = end
  }
  return out
}

function binTime(v: TimeVec, step: number, n: number): Vec {
  if (!(step > 0)) throw new ExecError('invalid_argument', 'bin: the bin size must be a positive timespan')
  const ms = new Float64Array(n)
  if (step % 1e6 === 0) {
    if (v.ms.length === n && ascendingTimes(v)) {
      // Flooring keeps the order, and whole-ms bins have ns 0: the result is ascending too.
      const out: TimeVec = {
        kind: 'time',
        ms: binAscendingMs(v.ms, step / 1e6, ms),
        ns: zeroNs(n),
        valid: v.valid,
      }
      markAscending(out)
      return out
    }
    binMs(v.ms, step / 1e6, ms)
    return { kind: 'time', ms, ns: zeroNs(n), valid: v.valid }
  }
  const ns = new Int32Array(n)
  // Sub-millisecond steps: exact with bigint (rare).
  const s = BigInt(step)
  for (let i = 0; i < n; i++) {
    const t = cellAt(v, i)
    if (typeof t !== 'bigint') continue
    const r = splitNs(floorDiv(t, s) * s)
    ms[i] = r.ms
    ns[i] = r.ns
  }
  return { kind: 'time', ms, ns, valid: v.valid }
}

function binFloat(values: Float64Array, sizes: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n)
  for (let i = 0; i < n; i++) out[i] = Math.floor(values[i] / sizes[i]) * sizes[i]
  return out
}

function sizeOf(v: Vec): Float64Array | number {
  const c = constantOf(v)
  if (c && (typeof c.value === 'number' || typeof c.value === 'bigint')) return Number(c.value)
  if (v.kind === 'num' || v.kind === 'span') return v.values
  throw new ExecError('not_supported', 'bin: the bin size must be a number or a timespan')
}

/**
 * The step, in whole ms, of a `bin(v, size)` / `bin_auto(v)` call (kernel key, evaluated arguments,
 * result type) that floors a datetime vector by a positive constant whole-millisecond step (what
 * binTime does through `binMs`, bins with ns 0); undefined for any other call, errors included.
 */
export function wholeMsStep(
  kernel: string,
  args: readonly Vec[],
  type: AplType,
  env: KernelEnv,
): number | undefined {
  const v = args[0]
  if (v === undefined || v.kind !== 'time') return undefined
  let step: number
  if (kernel === 'bin_auto' && args.length === 1) step = Number(env.binAutoStep)
  else if (kernel === 'bin' && args.length === 2 && !goesPerValue([v], type)) {
    const c = constantOf(args[1])
    if (!c || (typeof c.value !== 'number' && typeof c.value !== 'bigint')) return undefined
    step = Number(c.value)
  } else return undefined
  return step > 0 && step % 1e6 === 0 ? step / 1e6 : undefined
}

/** bin(value, size). */
export const binKernel: Kernel = (args, n, site) => {
  const [v, size] = args
  const s = sizeOf(size)
  if (goesPerValue([v], site.type)) {
    // Per value: numbers bin by a numeric size; a timespan size fits no number (null), as does size <= 0.
    if (typeof s !== 'number')
      throw new ExecError('not_supported', 'bin: a per-row bin size is not supported on mixed values')
    return perValueBin(v, size.kind !== 'span' && s > 0 ? s : Number.NaN, n, site.type)
  }
  if (v.kind === 'time') {
    if (typeof s !== 'number')
      throw new ExecError('not_supported', 'bin: a per-row datetime bin size is not supported yet')
    return binTime(v, s, n)
  }
  if (v.kind !== 'num' && v.kind !== 'span')
    throw new ExecError('not_supported', `bin is not supported yet on ${v.kind} values`)
  const sizes = typeof s === 'number' ? new Float64Array(n).fill(s) : s
  const values = binFloat(v.values, sizes, n)
  return v.kind === 'span'
    ? { kind: 'span', values, valid: v.valid }
    : { kind: 'num', type: v.type, values, valid: v.valid }
}

/** bin_auto(_time): bin by the step chosen for this query. */
export const binAutoKernel: Kernel = (args, n, site) => {
  const v = args[0]
  if (v.kind !== 'time') throw new ExecError('invalid_argument', 'bin_auto applies to datetime values only')
  return binTime(v, Number(site.env.binAutoStep), n)
}
