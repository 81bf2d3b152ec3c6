// bench/suite-report.ts: the suite's printed output: the per-query comparison table, the load and
// memory lines of one size, and the scaling table. Formats what it is given; measures nothing.
import type { SuiteCaseResult } from './suite-case.ts'
import type { ScalingResult, SizeResult } from './suite-results.ts'
import { fmtInt, fmtMs, textTable } from './text-table.ts'

const MIB = 2 ** 20
const mib = (b: number) => `${(b / MIB).toFixed(0)} MiB`
const perSec = (events: number, ms: number) => `${fmtInt(events / (ms / 1000))} events/s`
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

function agreeCell(q: SuiteCaseResult): string {
  const bad = q.duckdb.filter((d) => !d.agree).map((d) => d.config.replace(/^DuckDB /, ''))
  return bad.length === 0 ? 'yes' : `NO (${bad.join(', ')})`
}

/** The per-query table and, under it, every disagreement and error in full. */
export function queryTable(queries: readonly SuiteCaseResult[]): string {
  const configs = queries[0]?.duckdb.map((d) => `${d.config} ms`) ?? []
  const head = [
    '#',
    'query',
    'apldb ms',
    'apldb 1st',
    ...configs,
    'ratio',
    'rows examined',
    'blocks pruned',
    'from stats',
    'agree',
  ]
  const rows = queries.map((q) => [
    q.id,
    short(q.title, 50),
    fmtMs(q.apldb.ms),
    q.apldb.warmUp ? fmtMs(q.apldb.warmUp.firstMs) : '—',
    ...q.duckdb.map((d) => fmtMs(d.ms)),
    Number.isFinite(q.ratio) ? `${q.ratio.toFixed(2)}x` : '—',
    fmtInt(q.apldb.rowsExamined),
    `${q.apldb.blocksPruned}/${q.apldb.blocksPruned + q.apldb.blocksExamined}`,
    fmtInt(q.apldb.blocksFromStats ?? 0),
    agreeCell(q),
  ])
  const notes: string[] = []
  for (const q of queries) {
    if (q.apldb.error) notes.push(`query ${q.id}: apldb FAILED: ${q.apldb.error}`)
    for (const d of q.duckdb) {
      if (d.error) notes.push(`query ${q.id}: ${d.config} FAILED: ${d.error}`)
      else if (!d.agree)
        notes.push(`query ${q.id}: apldb and ${d.config} DISAGREE: ${d.disagreements.join('; ')}`)
    }
  }
  const merged = queries.filter((q) => (q.duckdb[0]?.mergedGroups ?? 0) > 0)
  if (merged.length > 0) {
    notes.push(
      `note: apldb groups status 200 (number, 1% of events) apart from '200' (string); the check merges them in: ${merged.map((q) => q.id).join(', ')}`,
    )
  }
  notes.push('ratio = apldb ms / the faster DuckDB configuration (below 1: apldb is faster)')
  notes.push("apldb 1st = the warm-up's first (cold) run, untimed in the median")
  return [textTable(head, rows, [1]), ...notes].join('\n')
}

/** Load (ingest) and memory lines of one size. */
export function loadAndMemoryLines(
  s: SizeResult,
  configs: readonly string[],
  workerCacheBytes: number,
): string {
  const { load: l, memory: m, events: n } = s
  return [
    `ingest  apldb: ${perSec(n, l.apldbMs)} (${(l.apldbMs / 1000).toFixed(2)} s; objects, batches of 10,000, 4 calls in flight, durability 'fsync' = default; includes waiting for its seals and the final flush, not the generation)`,
    `        ${configs[0]}: ${perSec(n, l.duckdbVarcharMs)} (${(l.duckdbVarcharMs / 1000).toFixed(2)} s; data-chunk appender, 2,048 rows a chunk)`,
    `        ${configs[1]}: ${perSec(n, l.duckdbVarcharMs + l.duckdbEnumConvertMs)} (the VARCHAR load + ${(l.duckdbEnumConvertMs / 1000).toFixed(2)} s CREATE TYPE AS ENUM (SELECT DISTINCT) + CREATE TABLE AS SELECT)`,
    `memory  apldb: RSS after load ${mib(m.rssAfterApldbLoadBytes)} (+${mib(m.rssAfterApldbLoadBytes - m.rssBeforeApldbBytes)} = ${m.apldbRssBytesPerEvent.toFixed(1)} bytes/event; RSS keeps freed heap pages and counts the seal worker), live JS heap +${m.apldbLiveBytesPerEvent.toFixed(1)} bytes/event; ` +
      `on disk ${m.apldbDiskBytesPerEvent.toFixed(1)} bytes/event (blocks ${m.apldbBlockBytesPerEvent.toFixed(1)}); ` +
      `decoded cache after the queries: main thread ${mib(m.apldbMainCacheBytes)} (db.health()), query workers' budget ${mib(workerCacheBytes)}`,
    `        DuckDB (duckdb_memory): VARCHAR table ${m.duckdbVarcharBytesPerEvent.toFixed(1)} bytes/event, ENUM copy ${m.duckdbEnumBytesPerEvent.toFixed(1)} bytes/event; ` +
      `RSS after the DuckDB load ${mib(m.rssAfterDuckdbLoadBytes)}, after the queries ${mib(m.rssAfterQueriesBytes)}`,
  ].join('\n')
}

/** The scaling table (one row per size) and each query's growth against the data's. */
export function scalingTable(s: ScalingResult): string {
  const head = ['events', ...s.queries.flatMap((q) => [`q${q.id} ms`, `q${q.id} ms/M`, `q${q.id} pruned`])]
  const rows = s.points.map((p) => [
    fmtInt(p.events),
    ...s.queries.flatMap((q) => {
      const f = p.figures.find((x) => x.id === q.id)
      if (!f) return ['—', '—', '—']
      return [
        fmtMs(f.ms),
        fmtMs(f.msPerMillionEvents),
        `${f.blocksPruned}/${f.blocksPruned + f.blocksExamined}`,
      ]
    }),
  ])
  const lines = [textTable(head, rows)]
  for (const q of s.queries) lines.push(`q${q.id} = ${q.title}`)
  const first = s.points[0]
  const last = s.points.at(-1)
  if (first && last && last !== first) {
    for (const q of s.queries) {
      const a = first.figures.find((x) => x.id === q.id)
      const b = last.figures.find((x) => x.id === q.id)
      if (!a || !b) continue
      lines.push(
        `q${q.id}: ×${(b.ms / a.ms).toFixed(2)} time for ×${(last.events / first.events).toFixed(1)} events`,
      )
    }
  }
  for (const p of s.points) {
    for (const f of p.figures) if (f.error) lines.push(`q${f.id} at ${fmtInt(p.events)}: FAILED: ${f.error}`)
  }
  return lines.join('\n')
}
