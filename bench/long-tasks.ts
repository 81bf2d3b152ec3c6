// bench/long-tasks.ts: where a process held its event loop. Reads a V8 CPU profile (`node
// --cpu-prof`, e.g. from `bench/attacks.bench.ts --cpu-prof DIR`) and lists every stretch of
// samples longer than the threshold in which the loop never went idle, with the functions that
// took the most time in it (self and inclusive). A stretch is a run of samples with JS on the stack
// (garbage collection inside a stretch counts towards it); "(idle)" and "(program)" end it, and
// so does a change of the frame under (root) (another macrotask: a timer, an immediate, an I/O callback).
//   node bench/long-tasks.ts PROFILE.cpuprofile [--min-ms 80] [--top 12] [--brief]
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'min-ms': { type: 'string', default: '80' },
    top: { type: 'string', default: '12' },
    /** Only the project's own frames (src/), inclusive: one short list per stretch. */
    brief: { type: 'boolean', default: false },
  },
})
const minMs = Number(values['min-ms'])
const top = Number(values.top)

for (const file of positionals) {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map<number, ProfileNode>()
  const parent = new Map<number, number>()
  for (const n of prof.nodes) byId.set(n.id, n)
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const label = (n: ProfileNode) => {
    const f = n.callFrame
    const where = f.url ? `${f.url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${f.lineNumber + 1}` : ''
    return `${f.functionName || '(anonymous)'} ${where}`.trim()
  }
  const kind = (id: number) => {
    const name = byId.get(id)?.callFrame.functionName ?? ''
    if (name === '(idle)' || name === '(program)') return 'gap'
    if (name === '(garbage collector)') return 'gc'
    return 'js'
  }
  // Sample i lasts until the next sample.
  const at: number[] = []
  let t = 0
  for (const d of prof.timeDeltas) {
    t += d
    at.push(t)
  }
  // The frame under (root) of each sample: a macrotask keeps one from start to end (timers,
  // immediates, an I/O callback), so a change of it ends a stretch as (idle) does.
  const rootChild = (id: number) => {
    let n = id
    for (let p = parent.get(n); p !== undefined && parent.get(p) !== undefined; p = parent.get(p)) n = p
    return n
  }
  const stretches: { from: number; to: number }[] = []
  let start = -1
  let task = -1
  const close = (i: number) => {
    if (start >= 0 && (at[i - 1] as number) - (at[start] as number) >= minMs * 1000)
      stretches.push({ from: start, to: i })
    start = -1
  }
  for (let i = 0; i <= prof.samples.length; i++) {
    const id = i < prof.samples.length ? (prof.samples[i] as number) : -1
    const k = id < 0 ? 'gap' : kind(id)
    if (k === 'gap') close(i)
    else if (k === 'js') {
      const r = rootChild(id)
      if (start >= 0 && r !== task) close(i)
      if (start < 0) start = i
      task = r
    }
  }
  console.log(
    `${file}: ${prof.samples.length} samples, ${(t / 1e6).toFixed(1)} s; ${stretches.length} stretches ≥ ${minMs} ms`,
  )
  for (const s of stretches) {
    const self = new Map<string, number>()
    const incl = new Map<string, number>()
    let gc = 0
    for (let i = s.from; i < s.to; i++) {
      const dur = ((at[i + 1] ?? at[i]) as number) - (at[i] as number)
      const id = prof.samples[i] as number
      if (kind(id) === 'gc') gc += dur
      const leaf = label(byId.get(id) as ProfileNode)
      self.set(leaf, (self.get(leaf) ?? 0) + dur)
      const seen = new Set<string>()
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const l = label(byId.get(n) as ProfileNode)
        if (seen.has(l)) continue
        seen.add(l)
        incl.set(l, (incl.get(l) ?? 0) + dur)
      }
    }
    const ms = ((at[s.to - 1] as number) - (at[s.from] as number)) / 1000
    console.log(
      `\n  at ${((at[s.from] as number) / 1e6).toFixed(2)} s: ${ms.toFixed(0)} ms (gc ${(gc / 1000).toFixed(0)} ms)`,
    )
    const list = (m: Map<string, number>, title: string) => {
      console.log(`    ${title}:`)
      for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(`      ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`)
    }
    if (values.brief) {
      for (const k of [...incl.keys()]) if (!k.includes(' src/')) incl.delete(k)
      list(incl, 'inclusive, src/ only')
      continue
    }
    list(self, 'self')
    list(incl, 'inclusive')
  }
}
