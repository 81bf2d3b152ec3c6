// test/crash/ingest-child.ts: the process the kill -9 harness kills. It ingests seeded batches into
// `crash` (4 in flight, so group commit is exercised; small blocks, so seals happen constantly) and
// prints `ACK <batchId> <size>` only after an ingest call resolved. Run: node ingest-child.ts DIR FIRST_ID SEED

import { rng } from '../../bench/data-gen.ts'
import { openStore } from '../../src/index.ts'

const [dir, firstIdArg, seedArg] = process.argv.slice(2)
const r = rng(Number(seedArg))
const store = await openStore({ path: dir, blockRows: 300 })
if ((await store.datasets.list()).every((d) => d.name !== 'crash'))
  await store.datasets.create({ name: 'crash' })
process.stdout.write('READY\n')
let next = Number(firstIdArg)
async function worker(): Promise<void> {
  for (;;) {
    const id = next++
    const size = 1 + Math.floor(r() * 150)
    const events = Array.from({ length: size }, (_, i) => ({
      batch: id,
      i,
      n: size,
      v: r() < 0.5 ? 'x'.repeat(i % 7) : i * 1.5,
    }))
    await store.ingest('crash', events)
    process.stdout.write(`ACK ${id} ${size}\n`)
  }
}
await Promise.all([worker(), worker(), worker(), worker()])
