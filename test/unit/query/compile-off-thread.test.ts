// query/compile-off-thread.ts: a plan compiled (and optimized) on the compile worker is the plan
// compiled here: every differential corpus query, deep-equal (catalog rows are this thread's own
// objects, shared subtrees stay shared); diagnostics come back the same; a 2,000-stage plan, deeper
// than structured clone can carry, arrives whole.
import { isDeepStrictEqual } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENGINE_CAPABILITIES } from '../../../src/exec/capabilities.ts'
import { openStore } from '../../../src/index.ts'
import { optimize } from '../../../src/optimize/index.ts'
import { compileApl, type LogicalNode, type SchemaSource } from '../../../src/plan/index.ts'
import { closeCompileWorker, compileAplOffThread } from '../../../src/query/compile-off-thread.ts'
import { HTTP, QUERIES } from '../../differential/corpus.ts'
import { LOGS } from '../../reference/fixture.ts'

let schema: SchemaSource
let close: () => Promise<void>

beforeAll(async () => {
  const store = await openStore({ durability: 'none' })
  await store.datasets.create({ name: 'logs' })
  await store.datasets.create({ name: 'http' })
  await store.ingest('logs', LOGS as Record<string, unknown>[])
  await store.ingest('http', HTTP)
  const snap = store.snapshot()
  // The schema as bound (a copy: the snapshot is released at once).
  const names = snap.datasetNames()
  const fields = new Map(names.map((n) => [n, snap.schema(n)]))
  snap.release()
  schema = { datasetNames: () => names, fields: (d) => fields.get(d) }
  close = () => store.close()
})
const NOW = 1_700_000_000_000_000_000n

afterAll(async () => {
  await closeCompileWorker()
  await close?.()
})

describe('compileAplOffThread', () => {
  it('gives the plan compileApl + optimize give, for every corpus query', async () => {
    let plans = 0
    let diagnostics = 0
    for (const [, q] of QUERIES) {
      const here = compileApl(q, schema, { capabilities: ENGINE_CAPABILITIES })
      const there = await compileAplOffThread(q, schema, NOW, 'always')
      if (here.plan) {
        plans++
        expect(there.plan, q).toBeDefined()
        expect(isDeepStrictEqual(there.plan, optimize(here.plan, { now: NOW })), q).toBe(true)
      } else {
        diagnostics++
        expect(there.diagnostics, q).toEqual(here.diagnostics)
      }
    }
    console.log(`corpus queries: ${QUERIES.length}, plans equal: ${plans}, diagnostics equal: ${diagnostics}`)
    expect(plans).toBeGreaterThan(QUERIES.length / 2)
  })

  it('keeps a let-shared subtree shared, as bound here', async () => {
    const q = `let t = ['logs'] | where status > 200; t | join kind=inner (t) on status | count`
    const shared = (root: LogicalNode | undefined) => {
      const stack = root ? [root] : []
      while (stack.length > 0) {
        const n = stack.pop() as LogicalNode
        if (n.kind === 'Join') return n.left === n.right
        if ('input' in n) stack.push(n.input as LogicalNode)
      }
      return undefined
    }
    const here = compileApl(q, schema, { capabilities: ENGINE_CAPABILITIES }).plan?.root
    const there = (await compileAplOffThread(q, schema, undefined, 'always')).plan?.root
    expect(shared(here)).toBeDefined()
    expect(shared(there)).toBe(shared(here))
  })

  it('carries a 2,000-stage plan (deeper than structured clone recurses)', async () => {
    let q = `['logs']`
    for (let i = 0; i < 2000; i++) q += ` | extend c${i} = status + ${i}`
    const r = await compileAplOffThread(`${q} | count`, schema)
    expect(r.plan?.root.kind).toBe('CountRows')
    let depth = 0
    for (let n: LogicalNode | undefined = r.plan?.root; n && 'input' in n; n = n.input as LogicalNode) depth++
    expect(depth).toBeGreaterThanOrEqual(2000)
  })
})
