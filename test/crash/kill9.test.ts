// Crash test (RELIABILITY.md F1): a child ingests and prints ACKs; it is SIGKILLed at random
// moments; after each kill the store reopens and every ACKed batch is present exactly once, no
// batch is partly present, tmp/ is empty and every block decodes. Prints kills, acked and lost.
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { rng } from '../../bench/data-gen.ts'
import { openStore } from '../../src/index.ts'
import { readAll } from '../fixtures/read-all.ts'

const KILLS = Number(process.env.APLDB_KILLS ?? (process.env.APLDB_SLOW ? 150 : 50))
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`kill9 seed=${seed} kills=${KILLS}`)
const child = path.join(import.meta.dirname, 'ingest-child.ts')
let dir = ''
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

function runAndKill(delayMs: number, firstId: number, childSeed: number): Promise<Map<number, number>> {
  return new Promise((resolve, reject) => {
    const acked = new Map<number, number>()
    const p = spawn(process.execPath, [child, dir, String(firstId), String(childSeed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let buf = ''
    let err = ''
    let timer: NodeJS.Timeout | undefined
    p.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      let nl = buf.indexOf('\n')
      while (nl >= 0) {
        const line = buf.slice(0, nl)
        buf = buf.slice(nl + 1)
        if (line === 'READY') timer = setTimeout(() => p.kill('SIGKILL'), delayMs)
        else if (line.startsWith('ACK ')) {
          const [, id, n] = line.split(' ')
          acked.set(Number(id), Number(n))
        }
        nl = buf.indexOf('\n')
      }
    })
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString()
    })
    p.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (signal === 'SIGKILL') resolve(acked)
      else reject(new Error(`child exited ${code} ${signal}: ${err}`))
    })
  })
}

// Each kill costs a child start, its run and a reopen (~1–2 s on a loaded 2-core machine).
it(`survives ${KILLS} kill -9 at random moments without losing an acknowledged event`, {
  timeout: 600_000,
}, async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'apldb-kill9-'))
  const r = rng(seed)
  const acked = new Map<number, number>()
  let nextId = 0
  let lost = 0
  let partial = 0
  let dupes = 0
  const recoveryMs: number[] = []
  let orphans = 0
  let torn = 0
  for (let k = 0; k < KILLS; k++) {
    const got = await runAndKill(5 + Math.floor(r() * 495), nextId, Math.floor(r() * 2 ** 31))
    for (const [id, n] of got) acked.set(id, n)
    nextId += 1_000_000
    const store = await openStore({ path: dir, blockRows: 300 })
    recoveryMs.push(store.recovery.ms)
    orphans += store.recovery.orphanBlocksRemoved
    torn += store.recovery.walTornBytesTruncated
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([])
    const seen = new Map<number, Set<number>>()
    const sizes = new Map<number, number>()
    for (const e of await readAll(store, 'crash')) {
      const id = Number(e.fields.batch)
      const i = Number(e.fields.i)
      const s = seen.get(id) ?? new Set<number>()
      seen.set(id, s)
      if (s.has(i)) dupes++
      s.add(i)
      sizes.set(id, Number(e.fields.n))
    }
    for (const [id, n] of acked) if ((seen.get(id)?.size ?? 0) !== n) lost++
    for (const [id, s] of seen) if (s.size !== sizes.get(id)) partial++
    await store.close()
    if (lost || partial || dupes) break
  }
  recoveryMs.sort((a, b) => a - b)
  console.log(
    `kill9 kills=${KILLS} acked_batches=${acked.size} acked_lost=${lost} partial_batches=${partial} duplicates=${dupes} ` +
      `orphans_removed=${orphans} torn_bytes=${torn} recovery_ms p50=${recoveryMs[recoveryMs.length >> 1].toFixed(1)} max=${recoveryMs[recoveryMs.length - 1].toFixed(1)}`,
  )
  expect({ lost, partial, dupes }).toEqual({ lost: 0, partial: 0, dupes: 0 })
  expect(acked.size).toBeGreaterThan(KILLS)
})
