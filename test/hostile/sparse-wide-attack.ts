// test/hostile/sparse-wide-attack.ts: the sparse wide block of issue 28 item 5: 65,536 events, each
// holding one of 1,024 field names, sealed into one block, then `take 3` and `count`. Reports the
// seal time, the block's bytes on disk and both queries' times. Shared by test/hostile/sparse.test.ts
// and bench/attacks.bench.ts (`--only 4c`). Not a test.
import { readdirSync, statSync } from 'node:fs'
import * as path from 'node:path'
import { type Attack, apl, outcome } from './attacks.ts'
import type { ChildServer, Reply } from './child-server.ts'

/** Events of the block and the distinct field names they spread over. */
export const SPARSE_EVENTS = 65_536
export const SPARSE_FIELDS = 1024
const UPLOAD = 8192
const NDJSON = { 'content-type': 'application/x-ndjson' }

/** Bytes of the block files under the child's store (0 while none is sealed). */
export function blockBytes(s: ChildServer): number {
  const root = path.join(s.dir, 'store', 'blocks')
  let total = 0
  const walk = (dir: string): void => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const p = path.join(dir, name)
      const st = statSync(p)
      if (st.isDirectory()) walk(p)
      else if (name.endsWith('.blk')) total += st.size
    }
  }
  walk(root)
  return total
}

/** Waits until `dataset` has a sealed block (explain counts sealed blocks only); false on timeout. */
async function sealed(s: ChildServer, dataset: string, timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs
  while (performance.now() < until) {
    const r = await s.call('POST', '/v1/datasets/_apl/explain', {
      body: {
        apl: `['${dataset}'] | count`,
        startTime: '2000-01-01T00:00:00Z',
        endTime: '2100-01-01T00:00:00Z',
      },
      timeoutMs: 60_000,
    })
    if ((r.json?.blocks?.total ?? 0) >= 1) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}

export const SPARSE_WIDE_ATTACK: Attack = {
  id: '4c-sparse-wide',
  title: '4c. 65,536 events over 1,024 fields (one each), sealed; then `take 3` and `count`',
  run: async (s) => {
    await s.call('POST', '/v2/datasets', { body: { name: 'sparse' } })
    const t0 = Date.parse('2026-01-01T00:00:00Z')
    const replies: Reply[] = []
    const began = performance.now()
    for (let from = 0; from < SPARSE_EVENTS; from += UPLOAD) {
      const lines: string[] = []
      for (let i = from; i < from + UPLOAD; i++)
        lines.push(`{"_time":"${new Date(t0 + i).toISOString()}","f${i % SPARSE_FIELDS}":${i}}`)
      replies.push(
        await s.call('POST', '/v1/datasets/sparse/ingest', { body: lines.join('\n'), headers: NDJSON }),
      )
    }
    const ok = await sealed(s, 'sparse', 600_000)
    const sealMs = performance.now() - began
    const take = await apl(s, `['sparse'] | take 3`)
    const count = await apl(s, `['sparse'] | count`)
    replies.push(take, count)
    const rows = take.json?.tables?.[0]?.columns?.[0]?.length ?? 0
    const n = count.json?.tables?.[0]?.columns?.[0]?.[0]
    return outcome(
      replies,
      `${ok ? 'sealed' : 'NOT sealed'} ingest+seal ${(sealMs / 1000).toFixed(1)} s, block ${(blockBytes(s) / 2 ** 20).toFixed(1)} MiB; ` +
        `take 3: ${rows} rows ${take.ms.toFixed(0)} ms; count ${n} ${count.ms.toFixed(0)} ms`,
    )
  },
}
