// bench/kernels.bench.ts: the speed of single scalar kernels over 1M seeded rows, fed as the executor
// feeds them (batches of 65,536 rows, after neighbouring kernels ran): the functions moved onto the
// kernel-authoring helper (exec/kernels/executor), each on its dictionary, constant and per-row paths.
// Prints ms per 1M rows and ns/row (median and best of RUNS after a warm-up).
// Run: node bench/kernels.bench.ts [rows]
import type { AplType } from '../src/catalog/index.ts'
import { constantVec } from '../src/exec/kernels/constants.ts'
import type { Kernel, KernelSite } from '../src/exec/kernels/kernel.ts'
import { scalarKernels } from '../src/exec/kernels/scalar-kernels.ts'
import type { NumVec, StrVec, Vec } from '../src/exec/vector.ts'
import { median } from './bench-timing.ts'
import { rng } from './data-gen.ts'

const N = Number(process.argv[2] ?? 1_000_000)
const BATCH = 65_536
const RUNS = 9

const r = rng(19)

/** A dictionary of `distinct` URI-like strings (every 7th with non-ASCII text), one code per row. */
function strings(distinct: number): StrVec[] {
  const dict = Array.from({ length: distinct }, (_, i) =>
    i % 7 === 0 ? `/api/v1/größe/${i}/ünïcode` : `/api/v1/items/${i}/details`,
  )
  return batches((from, to) => {
    const codes = new Int32Array(to - from)
    for (let i = 0; i < codes.length; i++) codes[i] = r() < 0.05 ? -1 : Math.floor(r() ** 2 * distinct)
    return { kind: 'str', codes, dict }
  })
}

/** Every row a different string: each batch has its own dictionary, one entry per row (as a block has). */
function distinctStrings(): StrVec[] {
  return batches((from, to) => {
    const dict = Array.from(
      { length: to - from },
      (_, i) => `/api/v2/orders/${from + i}/lines?page=${i % 13}`,
    )
    const codes = new Int32Array(to - from)
    for (let i = 0; i < codes.length; i++) codes[i] = i
    return { kind: 'str', codes, dict }
  })
}

/** Lognormal-ish reals with 10 % nulls. */
function reals(): NumVec[] {
  return batches((from, to) => {
    const values = new Float64Array(to - from)
    const valid = new Uint8Array(to - from)
    for (let i = 0; i < values.length; i++) {
      values[i] = Math.exp(3 + 2 * (r() - 0.5)) - 5
      valid[i] = r() < 0.1 ? 0 : 1
    }
    return { kind: 'num', type: 'real', values, valid }
  })
}

/** Small longs 0 … 20 (per-row substring starts). */
function smallLongs(): NumVec[] {
  return batches((from, to) => {
    const values = new Float64Array(to - from)
    for (let i = 0; i < values.length; i++) values[i] = Math.floor(r() * 20)
    return { kind: 'num', type: 'long', values, valid: null }
  })
}

function batches<V>(make: (from: number, to: number) => V): V[] {
  const out: V[] = []
  for (let b = 0; b < N; b += BATCH) out.push(make(b, Math.min(N, b + BATCH)))
  return out
}

const env = { strictTypes: false, binAutoStep: 3_600_000_000_000n, now: 1_700_000_000_000_000_000n }
const site = (type: AplType): KernelSite => ({ type, coercion: 'none', env })
const long = (v: number, n: number) => constantVec('long', BigInt(v), n)

interface Case {
  readonly name: string
  readonly kernel: string
  readonly type: AplType
  /** The argument vectors of batch `b` (of length `n`). */
  readonly args: (b: number, n: number) => Vec[]
}

const lowCard = strings(10_000)
const highCard = distinctStrings()
const xs = reals()
const starts = smallLongs()
const len = (b: number) => lowCard[b].codes.length
/** IPv4 texts: 10k distinct addresses (5 % null rows), and one per row. */
const ipText = (i: number) => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`
const ips: StrVec[] = lowCard.map((v) => ({
  kind: 'str',
  codes: v.codes,
  dict: v.dict.map((_, i) => ipText(i * 2477)),
}))
const distinctIps: StrVec[] = highCard.map((v, b) => ({
  kind: 'str',
  codes: v.codes,
  dict: v.dict.map((_, i) => ipText(b * 65_536 + i)),
}))

const CASES: Case[] = [
  { name: 'strlen(s), 10k-entry dictionary', kernel: 'strlen', type: 'long', args: (b) => [lowCard[b]] },
  { name: 'strlen(s), all rows distinct', kernel: 'strlen', type: 'long', args: (b) => [highCard[b]] },
  {
    name: 'substring(s, 5, 10), constants',
    kernel: 'substring',
    type: 'string',
    args: (b, n) => [lowCard[b], long(5, n), long(10, n)],
  },
  {
    name: 'substring(s, start, 10), per row',
    kernel: 'substring',
    type: 'string',
    args: (b, n) => [lowCard[b], starts[b], long(10, n)],
  },
  // #20 string part: a string function and regex functions, once per dictionary entry and per row.
  {
    name: "trim('/', s), 10k-entry dictionary",
    kernel: 'trim',
    type: 'string',
    args: (b, n) => [constantVec('string', '/', n), lowCard[b]],
  },
  {
    name: "replace_string('items', 'x', s), 10k dict",
    kernel: 'replace_string',
    type: 'string',
    args: (b, n) => [constantVec('string', 'items', n), constantVec('string', 'x', n), lowCard[b]],
  },
  {
    name: "replace_regex('[0-9]+', 'N', s), 10k dict",
    kernel: 'replace_regex',
    type: 'string',
    args: (b, n) => [constantVec('string', '[0-9]+', n), constantVec('string', 'N', n), lowCard[b]],
  },
  {
    name: "countof_regex('[0-9]', s), all distinct",
    kernel: 'countof_regex',
    type: 'long',
    args: (b, n) => [constantVec('string', '[0-9]', n), highCard[b]],
  },
  { name: 'log(x), real with nulls', kernel: 'log', type: 'real', args: (b) => [xs[b]] },
  // IP (#20): a range test on a constant CIDR, over a 10k-address dictionary and all-distinct addresses.
  {
    name: 'ipv4_is_in_range, 10k dictionary',
    kernel: 'ipv4_is_in_range',
    type: 'bool',
    args: (b, n) => [ips[b], constantVec('string', '10.0.0.0/9', n)],
  },
  {
    name: 'ipv4_is_in_range, all distinct',
    kernel: 'ipv4_is_in_range',
    type: 'bool',
    args: (b, n) => [distinctIps[b], constantVec('string', '10.0.0.0/9', n)],
  },
]

function runCase(c: Case): number {
  const k = (scalarKernels as Readonly<Record<string, Kernel | undefined>>)[c.kernel]
  if (k === undefined) throw new Error(`no kernel ${c.kernel}`)
  const s = site(c.type)
  const t0 = performance.now()
  for (let b = 0; b < lowCard.length; b++) {
    const n = len(b)
    k(c.args(b, n), n, s)
  }
  return performance.now() - t0
}

/**
 * Kernels sharing loops with the measured ones (math's unary loop, the string paths), run first so
 * every shared loop sees several functions, as in a server that runs many queries: a loop that only
 * ever saw one function inlines it, which no real process keeps.
 */
const NEIGHBOURS: Case[] = ['floor', 'ceiling', 'abs', 'round'].map((kernel) => ({
  name: kernel,
  kernel,
  type: 'real',
  args: (b: number) => [xs[b]],
}))
NEIGHBOURS.push(
  ...['tolower', 'toupper'].map((kernel) => ({
    name: kernel,
    kernel,
    type: 'string' as const,
    args: (b: number) => [lowCard[b]],
  })),
  {
    name: 'indexof',
    kernel: 'indexof',
    type: 'long',
    args: (b) => [lowCard[b], constantVec('string', '/', len(b))],
  },
)

console.log(`kernels over ${N.toLocaleString()} rows in batches of ${BATCH} (median of ${RUNS})`)
for (const c of [...NEIGHBOURS, ...CASES]) for (let w = 0; w < 3; w++) runCase(c)
for (const c of CASES) {
  for (let w = 0; w < 5; w++) runCase(c)
  const times = Array.from({ length: RUNS }, () => runCase(c))
  const ms = median(times)
  const best = Math.min(...times)
  const perRow = (t: number) => ((t * 1e6) / N).toFixed(1).padStart(8)
  console.log(
    `${c.name.padEnd(36)} median ${ms.toFixed(1).padStart(8)} ms ${perRow(ms)} ns/row   best ${best.toFixed(1).padStart(8)} ms ${perRow(best)} ns/row`,
  )
}
