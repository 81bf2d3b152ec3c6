// Snapshot isolation (issue 2 acceptance): a reader that pinned a version sees the same rows
// while ingests, seals, trims and dataset deletions happen; after release, removed blocks' files go.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { openStore } from '../../src/index.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { plain, readAll } from '../fixtures/read-all.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`snapshot seed=${seed}`)
const NOW = Date.UTC(2026, 10, 22)
const DAY = 86_400_000

type Op =
  | { op: 'ingest'; n: number; ageDays: number }
  | { op: 'flush' }
  | { op: 'trim'; days: number }
  | { op: 'recreate' }
  | { op: 'pin' }
  | { op: 'check' }
  | { op: 'release' }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('ingest' as const),
      n: fc.integer({ min: 1, max: 12 }),
      ageDays: fc.integer({ min: 0, max: 40 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ op: 'flush' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('trim' as const), days: fc.integer({ min: 0, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'recreate' as const }) },
  { weight: 3, arbitrary: fc.constant({ op: 'pin' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'check' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'release' as const }) },
)

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

let runs = 0
let checks = 0
it('pinned snapshots keep their rows through ingest, seal, trim and dataset deletion', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(opArb, { minLength: 5, maxLength: 40 }),
      fc.constantFrom(1, 3, 7),
      fc.boolean(),
      async (ops, blockRows, onDisk) => {
        runs++
        const dir = onDisk ? await mkdtemp(path.join(tmpdir(), 'apldb-snap-')) : undefined
        if (dir) dirs.push(dir)
        const store = await openStore({ path: dir, blockRows, durability: 'none', clock: () => NOW })
        await store.datasets.create({ name: 's' })
        const pinned: { snap: Snapshot; rows: unknown }[] = []
        let next = 0
        const verify = async () => {
          for (const p of pinned) {
            checks++
            expect(plain(await readAll(p.snap, 's'))).toEqual(p.rows)
          }
        }
        for (const o of ops) {
          if (o.op === 'ingest') {
            const t = new Date(NOW - o.ageDays * DAY).toISOString()
            await store.ingest(
              's',
              Array.from({ length: o.n }, () => ({ _time: t, i: next++ })),
            )
          } else if (o.op === 'flush') await store.flush('s')
          else if (o.op === 'trim') await store.datasets.trim('s', `${o.days * 24}h`)
          else if (o.op === 'recreate') {
            await store.datasets.delete('s')
            await store.datasets.create({ name: 's' })
          } else if (o.op === 'pin') {
            await store.settle()
            const snap = store.snapshot()
            pinned.push({ snap, rows: plain(await readAll(snap, 's')) })
          } else if (o.op === 'check') await verify()
          else if (o.op === 'release') pinned.shift()?.snap.release()
        }
        await verify()
        for (const p of pinned) p.snap.release()
        await store.flush()
        const live = new Set<string>()
        const last = store.snapshot()
        for (const b of last.dataset('s')?.blocks ?? []) live.add(path.basename(b.file))
        last.release()
        await store.close()
        if (dir) {
          // Once released, removed blocks' files are gone: every file left belongs to the live dataset.
          await new Promise((r) => setTimeout(r, 5))
          const files = (
            await Promise.all(
              (await readdir(path.join(dir, 'blocks'))).map((d) => readdir(path.join(dir, 'blocks', d))),
            )
          ).flat()
          expect(files.sort()).toEqual([...live].sort())
          await rm(dir, { recursive: true, force: true })
        }
      },
    ),
    { seed, numRuns: 150, interruptAfterTimeLimit: 20_000 },
  )
  console.log(`snapshot runs=${runs} pinned_checks=${checks} violations=0`)
})
