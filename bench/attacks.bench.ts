// bench/attacks.bench.ts: the attack table of issue 28: each attack against a fresh child
// `apldb serve` with a V8 heap limit; prints status, time, peak RSS, the slowest health answer while
// it ran, and whether the server is alive and answering afterwards. `--bin` points at another
// checkout's bin/apldb.js for "before" figures. Usage:
// An attack with no answer within --timeout seconds is reported as such (its server is then stopped).
//   node bench/attacks.bench.ts [--bin PATH] [--scale issue|ci] [--heap MiB] [--only id,id] [--rss-kill MiB] [--timeout S]
//     [--repeat N]       (each chosen attack N times, each on a fresh server: a cold server's spread)
//     [--trace-gc]       (each child runs with --trace-gc; the main thread's GC pauses during the attack are summarized in the note)
//     [--cpu-prof DIR]   (each child server writes V8 CPU profiles to DIR/<attack>, one per thread, main thread `.0.`; read with bench/long-tasks.ts)
import { parseArgs } from 'node:util'
import {
  ATTACKS,
  type Attack,
  BURST_ATTACK,
  IDLE_ATTACK,
  type Outcome,
  type Scale,
  SHUTDOWN_ATTACK,
  STARVATION_ATTACK,
} from '../test/hostile/attacks.ts'
import { startChild, THIS_BIN, whileProbing } from '../test/hostile/child-server.ts'
import { SPARSE_WIDE_ATTACK } from '../test/hostile/sparse-wide-attack.ts'

const { values } = parseArgs({
  options: {
    bin: { type: 'string' },
    scale: { type: 'string', default: 'issue' },
    heap: { type: 'string', default: '2048' },
    only: { type: 'string' },
    'rss-kill': { type: 'string', default: '6144' },
    timeout: { type: 'string', default: '600' },
    'cpu-prof': { type: 'string' },
    'trace-gc': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
  },
})
const scale = values.scale as Scale
const MiB = 1 << 20
const all: Attack[] = [
  ...ATTACKS,
  BURST_ATTACK,
  SPARSE_WIDE_ATTACK,
  STARVATION_ATTACK,
  SHUTDOWN_ATTACK,
  IDLE_ATTACK,
]
const only = values.only?.split(',')
const picked = only ? all.filter((a) => only.some((o) => a.id.startsWith(o))) : all
const chosen = picked.flatMap((a) => Array.from({ length: Number(values.repeat) }, () => a))

console.log(`bin=${values.bin ?? THIS_BIN} scale=${scale} heap=${values.heap}MiB`)
console.log('| attack | status | codes | time | peak RSS | slowest health | after | note |')
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (const a of chosen) {
  const s = await startChild({
    bin: values.bin,
    heapMb: Number(values.heap),
    args: a.args ? [...a.args] : undefined,
    rssKillBytes: Number(values['rss-kill']) * MiB,
    nodeArgs: [
      ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}/${a.id}`] : []),
      ...(values['trace-gc'] ? ['--trace-gc'] : []),
    ],
  })
  try {
    await a.prepare?.(s, scale)
    s.resetPeak()
    const gcFrom = s.stdout().length
    const t0 = performance.now()
    const limitS = Number(values.timeout)
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<Outcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: `no answer in ${limitS} s`, codes: [], replies: [] }),
        limitS * 1000,
      )
    })
    const { result, healthMaxMs, healthFailures, probes } = await whileProbing(s, () =>
      Promise.race([
        a.run(s, scale).catch((e: unknown) => ({
          status: `threw`,
          codes: [],
          note: e instanceof Error ? e.message.slice(0, 80) : String(e),
          replies: [],
        })),
        late,
      ]),
    )
    clearTimeout(timer)
    const secs = (performance.now() - t0) / 1000
    const peak = Math.max(s.maxRss, s.memory().peak)
    let after: string
    // An abort's exit event can trail the failed request a little.
    await new Promise((r) => setTimeout(r, 500))
    if (a === SHUTDOWN_ATTACK) after = s.exit() ?? 'running'
    else if (!s.alive()) after = `DEAD (${s.exit()})`
    else {
      const h = await s.health(10_000)
      after =
        h.status === 200
          ? `alive, health ${h.ms.toFixed(0)} ms`
          : s.alive()
            ? `alive, health ${h.status || h.failure}`
            : `DEAD (${s.exit()})`
    }
    // A probe lasts until its answer: an attack shorter than one round trip has none.
    const health =
      probes === 0
        ? 'no probe (shorter than one)'
        : healthFailures > 0
          ? `${healthMaxMs.toFixed(0)} ms (${healthFailures} failed, ${probes} probes)`
          : `${healthMaxMs.toFixed(0)} ms (${probes} probes)`
    const gc = values['trace-gc'] ? `${gcPauses(s.stdout().slice(gcFrom))}; ` : ''
    console.log(
      `| ${a.title} | ${result.status} | ${result.codes.join(', ')} | ${secs.toFixed(1)} s | ${(peak / MiB).toFixed(0)} MiB | ${health} | ${after} | ${gc}${result.note ?? ''} |`,
    )
  } catch (e) {
    console.log(
      `| ${a.title} | harness error | | | | | ${s.alive() ? 'alive' : `DEAD (${s.exit()})`} | ${(e as Error).message.slice(0, 100).replace(/\n/g, ' ')} |`,
    )
  } finally {
    await s.dispose()
  }
}

/**
 * The main thread's GC pauses in `--trace-gc` output: count and longest of each kind, and how many
 * lasted 20 ms or more. A line reads `[pid:0x…]  1234 ms: Scavenge 12.3 (…) -> … MB, pooled: 0 MB, 4.5 / 0.0 ms …`.
 */
function gcPauses(trace: string): string {
  const kinds = new Map<string, { n: number; max: number; long: number }>()
  for (const m of trace.matchAll(
    /ms: (Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep)[^\n]*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/g,
  )) {
    const k = kinds.get(m[1]) ?? { n: 0, max: 0, long: 0 }
    const ms = Number(m[2])
    k.n++
    k.max = Math.max(k.max, ms)
    if (ms >= 20) k.long++
    kinds.set(m[1], k)
  }
  if (kinds.size === 0) return 'no GC lines'
  return [...kinds]
    .map(([kind, k]) => `${kind} ×${k.n} max ${k.max.toFixed(0)} ms (${k.long} ≥ 20 ms)`)
    .join(', ')
}
