// Child process of exit.test.ts: starts the query workers, answers a parallel query from a
// disk-backed store, closes the store but not the worker pool, prints `done <count>` and returns.
// The process must then exit by itself: the pool never keeps it alive.
import { startParallelPool } from '../../../../src/exec/parallel/index.ts'
import { openStore } from '../../../../src/index.ts'

const dir = process.argv[2]
const db = await openStore({ path: dir, durability: 'none', blockRows: 100 })
await db.datasets.create({ name: 'd' })
await db.ingest(
  'd',
  Array.from({ length: 1000 }, (_, i) => ({ _time: new Date(Date.now() - 1000 - i).toISOString(), n: i })),
)
await db.flush()
if (!(await startParallelPool())) throw new Error('the worker pool did not start')
const r = await db.queryResult(`d | where n % 2 == 0 | count`, { parallel: 'on' } as never)
await db.close()
console.log(`done ${String(r.tables[0].columns[0][0])}`)
