// bench/cold-queries.ts: the suite's cold column (issue 24 item 3): per query, a fresh Node process
// opens the store on its directory (page cache warm, nothing decoded, JIT cold: what a restarted
// service sees), starts its query workers (untimed: process start-up), and times its first query.
// Run as a child: node bench/cold-queries.ts <store dir> <case id>; prints the ms.
import { execFileSync } from 'node:child_process'
import { startParallelPool } from '../src/exec/parallel/index.ts'
import { openStore } from '../src/index.ts'
import { QUERY_CASES, type QueryCase } from './query-cases.ts'
import { apldbOptions } from './suite-case.ts'

/** Milliseconds of each case's first query after openStore on `dir`, each in its own process. */
export function coldQueryMs(dir: string, cases: readonly QueryCase[]): Map<string, number> {
  const out = new Map<string, number>()
  const self = new URL(import.meta.url).pathname
  for (const c of cases) {
    try {
      const text = execFileSync(process.execPath, ['--max-old-space-size=16000', self, dir, c.id], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      out.set(c.id, Number(String(text).trim()))
    } catch {
      out.set(c.id, Number.NaN)
    }
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, id] = process.argv.slice(2)
  const c = QUERY_CASES.find((q) => q.id === id)
  if (!dir || !c) throw new Error('usage: cold-queries.ts <store dir> <case id>')
  const store = await openStore({ path: dir })
  await startParallelPool()
  const t = performance.now()
  await store.queryResult(c.apl, apldbOptions(c))
  process.stdout.write(`${performance.now() - t}\n`)
  await store.close()
  process.exit(0)
}
