// bench/datetime-hash.bench.ts: the speed of the datetime, hash and math kernels of issue #20 over 1M
// seeded rows in the executor's batches of 65,536 (kernels.bench.ts's method, kept apart so families
// append without touching each other). Prints ms per 1M rows and ns/row (median and best of RUNS).
// Run: node bench/datetime-hash.bench.ts [rows]
import type { AplType } from '../src/catalog/index.ts'
import { constantVec } from '../src/exec/kernels/constants.ts'
import type { Kernel, KernelSite } from '../src/exec/kernels/kernel.ts'
import { scalarKernels } from '../src/exec/kernels/scalar-kernels.ts'
import type { NumVec, StrVec, TimeVec, Vec } from '../src/exec/vector.ts'
import { median } from './bench-timing.ts'
import { rng } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const BATCH = 65_536
const RUNS = 9
const r = rng(23)

function batches<V>(make: (from: number, to: number) => V): V[] {
  const out: V[] = []
  for (let b = 0; b < N; b += BATCH) out.push(make(b, Math.min(N, b + BATCH)))
  return out
}

/** Event times over 30 days with sub-millisecond parts, 5 % null. */
const times: TimeVec[] = batches((from, to) => {
  const ms = new Float64Array(to - from)
  const ns = new Int32Array(to - from)
  const valid = new Uint8Array(to - from)
  for (let i = 0; i < ms.length; i++) {
    ms[i] = 1_700_000_000_000 + Math.floor(r() * 30 * 86_400_000)
    ns[i] = Math.floor(r() * 1e6)
    valid[i] = r() < 0.05 ? 0 : 1
  }
  return { kind: 'time', ms, ns, valid }
})

/** A 10k-entry dictionary of ids, one code per row (5 % null). */
const ids: StrVec[] = batches((from, to) => {
  const dict = Array.from({ length: 10_000 }, (_, i) => `user-${i}-${(i * 7919) % 10_007}`)
  const codes = new Int32Array(to - from)
  for (let i = 0; i < codes.length; i++) codes[i] = r() < 0.05 ? -1 : Math.floor(r() * 10_000)
  return { kind: 'str', codes, dict }
})

/** Every row a different string (a block's own dictionary). */
const distinct: StrVec[] = batches((from, to) => {
  const dict = Array.from({ length: to - from }, (_, i) => `trace-${from + i}-${i % 97}`)
  const codes = new Int32Array(to - from)
  for (let i = 0; i < codes.length; i++) codes[i] = i
  return { kind: 'str', codes, dict }
})

/** Positive reals with 10 % nulls. */
const xs: NumVec[] = batches((from, to) => {
  const values = new Float64Array(to - from)
  const valid = new Uint8Array(to - from)
  for (let i = 0; i < values.length; i++) {
    values[i] = Math.exp(3 + 2 * (r() - 0.5))
    valid[i] = r() < 0.1 ? 0 : 1
  }
  return { kind: 'num', type: 'real', values, valid }
})

const env = { strictTypes: false, binAutoStep: 3_600_000_000_000n, now: 1_700_000_000_000_000_000n }
const site = (type: AplType): KernelSite => ({ type, coercion: 'none', env })
const text = (s: string, n: number) => constantVec('string', s, n)

interface Case {
  readonly name: string
  readonly kernel: string
  readonly type: AplType
  readonly args: (b: number, n: number) => Vec[]
}

const CASES: Case[] = [
  { name: 'hourofday(t)', kernel: 'hourofday', type: 'long', args: (b) => [times[b]] },
  {
    name: "datetime_part('hour', t)",
    kernel: 'datetime_part',
    type: 'long',
    args: (b, n) => [text('hour', n), times[b]],
  },
  { name: 'week_of_year(t)', kernel: 'week_of_year', type: 'long', args: (b) => [times[b]] },
  { name: 'startofday(t)', kernel: 'startofday', type: 'datetime', args: (b) => [times[b]] },
  { name: 'endofmonth(t)', kernel: 'endofmonth', type: 'datetime', args: (b) => [times[b]] },
  {
    name: 'hash_sha256(s), 10k-entry dictionary',
    kernel: 'hash_sha256',
    type: 'string',
    args: (b) => [ids[b]],
  },
  {
    name: 'hash_sha256(s), all rows distinct',
    kernel: 'hash_sha256',
    type: 'string',
    args: (b) => [distinct[b]],
  },
  { name: 'hash_md5(s), all rows distinct', kernel: 'hash_md5', type: 'string', args: (b) => [distinct[b]] },
  { name: 'hash(s), all rows distinct', kernel: 'hash', type: 'long', args: (b) => [distinct[b]] },
  { name: 'sqrt(x), real with nulls', kernel: 'sqrt', type: 'real', args: (b) => [xs[b]] },
]

function runCase(c: Case): number {
  const k = (scalarKernels as Readonly<Record<string, Kernel | undefined>>)[c.kernel]
  if (k === undefined) throw new Error(`no kernel ${c.kernel}`)
  const s = site(c.type)
  const t0 = performance.now()
  for (let b = 0; b < times.length; b++) {
    const n = times[b].ms.length
    k(c.args(b, n), n, s)
  }
  return performance.now() - t0
}

console.log(`kernels over ${N.toLocaleString()} rows in batches of ${BATCH} (median of ${RUNS})`)
for (const c of CASES) for (let w = 0; w < 2; w++) runCase(c)
for (const c of CASES) {
  for (let w = 0; w < 3; w++) runCase(c)
  const t = Array.from({ length: RUNS }, () => runCase(c))
  const ms = median(t)
  const best = Math.min(...t)
  const perRow = (x: number) => ((x * 1e6) / N).toFixed(1).padStart(8)
  console.log(
    `${c.name.padEnd(38)} median ${ms.toFixed(1).padStart(8)} ms ${perRow(ms)} ns/row   best ${best.toFixed(1).padStart(8)} ms ${perRow(best)} ns/row`,
  )
}
