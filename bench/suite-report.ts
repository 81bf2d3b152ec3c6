// bench/suite-report.ts: the suite's printed output: per size the query table (both warm-up rules,
// the cold column, agreement), the ingest table and the memory lines; the scaling table. Text for
// the terminal and the same tables as markdown (bench/results/suite.md, README's bench section).
// Formats what it is given; measures nothing.
import type { SuiteCaseResult } from './suite-case.ts'
import type { ScalingResult, SizeResult } from './suite-results.ts'
import { fmtInt, fmtMs, markdownTable, textTable } from './text-table.ts'

const MIB = 2 ** 20
const mib = (b: number) => `${(b / MIB).toFixed(0)} MiB`
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)
const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—')
const shortPeer = (name: string) => name.replace(/^DuckDB /, 'Duck ').replace('ClickHouse', 'CH')

function agreeCell(q: SuiteCaseResult): string {
  const bad = q.peers.filter((d) => !d.agree).map((d) => shortPeer(d.config))
  return bad.length === 0 ? 'yes' : `NO (${bad.join(', ')})`
}

/** Head and rows of the query table (one table for both renderings). */
function queryRows(queries: readonly SuiteCaseResult[], titleWidth: number): [string[], string[][]] {
  const peers = queries[0]?.peers.map((d) => d.config) ?? []
  const head = [
    '#',
    'query',
    'apldb ms',
    ...peers.map((p) => `${p} ms`),
    'best peer',
    'ratio',
    'apldb ms, 1 warm-up',
    'best peer ms, 1 warm-up',
    'ratio, 1 warm-up',
    'apldb cold ms',
    'cold / warm',
    'agree',
  ]
  const rows = queries.map((q) => {
    const oneBest = Math.min(...q.oneWarmUp.peersMs.filter(Number.isFinite))
    return [
      q.id,
      short(q.title, titleWidth),
      fmtMs(q.apldb.ms),
      ...q.peers.map((d) => fmtMs(d.ms)),
      shortPeer(q.best),
      ratio(q.ratio),
      fmtMs(q.oneWarmUp.apldbMs),
      fmtMs(oneBest),
      ratio(q.oneWarmUp.ratio),
      q.coldMs === undefined ? '—' : fmtMs(q.coldMs),
      q.coldMs === undefined ? '—' : ratio(q.coldMs / q.apldb.ms),
      agreeCell(q),
    ]
  })
  return [head, rows]
}

/** Disagreements, errors and how to read the table. */
function queryNotes(queries: readonly SuiteCaseResult[]): string[] {
  const notes: string[] = []
  for (const q of queries) {
    if (q.apldb.error) notes.push(`query ${q.id}: apldb FAILED: ${q.apldb.error}`)
    for (const d of q.peers) {
      if (d.error) notes.push(`query ${q.id}: ${d.config} FAILED: ${d.error}`)
      else if (!d.agree)
        notes.push(`query ${q.id}: apldb and ${d.config} DISAGREE: ${d.disagreements.join('; ')}`)
    }
  }
  return notes
}

/** The per-query table and, under it, every disagreement and error in full. */
export function queryTable(queries: readonly SuiteCaseResult[]): string {
  const [head, rows] = queryRows(queries, 44)
  return [
    textTable(head, rows, [1]),
    ...queryNotes(queries),
    'ratio = apldb ms / the best peer ms (below 1: apldb is faster); medians of 5 after the warm-up',
    '1 warm-up = the same medians after one untimed run (measured first, before the suite warm-up)',
    'cold = the first query after openStore in a fresh process on the store on disk (page cache warm, nothing decoded, JIT cold)',
  ].join('\n')
}

/** The query table as markdown, titles and SQL peers in full. */
export function queryMarkdown(queries: readonly SuiteCaseResult[]): string {
  const [head, rows] = queryRows(queries, 200)
  return [markdownTable(head, rows), '', ...queryNotes(queries).map((n) => `- ${n}`)].join('\n')
}

/** Head and rows of the ingest table of one size. */
function ingestRows(s: SizeResult): [string[], string[][]] {
  const n = s.events
  const { ndjson: a, load: l, memory: m } = s
  const rate = (ms: number) => fmtInt(n / (ms / 1000))
  const per = (bytes: number) => (bytes / n).toFixed(1)
  const head = ['ingest', 'engine', 'path', 'seconds', 'rows/s', 'bytes/event on disk']
  const rows = [
    [
      '(a) NDJSON file',
      'apldb',
      "store.ingest of 10,000-line bodies (HTTP route), 4 in flight, durability 'fsync'",
      (a.apldb.ms / 1000).toFixed(2),
      rate(a.apldb.ms),
      per(a.apldb.diskBytes),
    ],
    [
      '(a) NDJSON file',
      'ClickHouse',
      'INSERT INTO … SELECT * FROM file(…, JSONEachRow), MergeTree',
      (a.clickhouse.ms / 1000).toFixed(2),
      rate(a.clickhouse.ms),
      per(a.clickhouse.diskBytes),
    ],
    [
      '(a) NDJSON file',
      'DuckDB',
      'CREATE TABLE AS SELECT FROM read_json(…), on-disk file, CHECKPOINT',
      (a.duckdb.ms / 1000).toFixed(2),
      rate(a.duckdb.ms),
      per(a.duckdb.diskBytes),
    ],
    [
      '(b) objects',
      'apldb',
      "store.ingest of 10,000-object batches, 4 in flight, durability 'fsync'",
      (l.apldbMs / 1000).toFixed(2),
      rate(l.apldbMs),
      per(m.apldbDiskBytesPerEvent * n),
    ],
    [
      '(b) objects',
      'DuckDB',
      'appendDataChunk, 2,048-row chunks, in memory',
      (l.duckdbVarcharMs / 1000).toFixed(2),
      rate(l.duckdbVarcharMs),
      `${m.duckdbVarcharBytesPerEvent.toFixed(1)} (in memory)`,
    ],
  ]
  return [head, rows]
}

/** The ingest table of one size (text). */
export function ingestTable(s: SizeResult): string {
  const [head, rows] = ingestRows(s)
  return [
    textTable(head, rows, [0, 1, 2]),
    `NDJSON input: ${(s.ndjson.bytes / s.events).toFixed(1)} bytes/event; ClickHouse's figure is also its load for the queries`,
  ].join('\n')
}

/** The ingest table of one size (markdown). */
export function ingestMarkdown(s: SizeResult): string {
  const [head, rows] = ingestRows(s)
  return markdownTable(head, rows)
}

/** Memory lines of one size. */
export function memoryLines(s: SizeResult, workerCacheBytes: number): string {
  const m = s.memory
  return [
    `memory  apldb: RSS after load ${mib(m.rssAfterApldbLoadBytes)} (+${mib(m.rssAfterApldbLoadBytes - m.rssBeforeApldbBytes)} = ${m.apldbRssBytesPerEvent.toFixed(1)} bytes/event), live JS heap +${m.apldbLiveBytesPerEvent.toFixed(1)} bytes/event; ` +
      `on disk ${m.apldbDiskBytesPerEvent.toFixed(1)} bytes/event (blocks ${m.apldbBlockBytesPerEvent.toFixed(1)}); ` +
      `decoded cache after the queries: main thread ${mib(m.apldbMainCacheBytes)}, query workers' budget ${mib(workerCacheBytes)}`,
    `        DuckDB (duckdb_memory): VARCHAR table ${m.duckdbVarcharBytesPerEvent.toFixed(1)} bytes/event, ENUM copy ${m.duckdbEnumBytesPerEvent.toFixed(1)} bytes/event; ` +
      `process RSS after every engine loaded ${mib(m.rssAfterDuckdbLoadBytes)}, after the queries ${mib(m.rssAfterQueriesBytes)}`,
  ].join('\n')
}

/** Head and rows of the scaling table. */
function scalingRows(s: ScalingResult): [string[], string[][]] {
  const head = ['events', ...s.queries.map((q) => `q${q.id} ms`), 'peak RSS', 'store on disk']
  const rows = s.points.map((p) => [
    fmtInt(p.events),
    ...s.queries.map((q) => {
      const f = p.figures.find((x) => x.id === q.id)
      return f ? fmtMs(f.ms) : '—'
    }),
    mib(p.peakRssBytes),
    mib(p.diskBytes),
  ])
  return [head, rows]
}

/** What each scaling query is and how its time grew against the data. */
function scalingNotes(s: ScalingResult): string[] {
  const lines = s.queries.map((q) => `q${q.id} = ${q.title}`)
  const first = s.points[0]
  const last = s.points.at(-1)
  if (first && last && last !== first) {
    for (const q of s.queries) {
      const a = first.figures.find((x) => x.id === q.id)
      const b = last.figures.find((x) => x.id === q.id)
      if (a && b) {
        lines.push(
          `q${q.id}: ×${(b.ms / a.ms).toFixed(2)} time for ×${(last.events / first.events).toFixed(1)} events`,
        )
      }
    }
  }
  for (const p of s.points) {
    for (const f of p.figures) if (f.error) lines.push(`q${f.id} at ${fmtInt(p.events)}: FAILED: ${f.error}`)
  }
  lines.push(
    `peak RSS: the scaling process's maximum resident set so far (process.resourceUsage), cache budget ${mib(s.cacheBudgetBytes)}`,
  )
  return lines
}

/** The scaling table (one row per size) and each query's growth against the data's. */
export function scalingTable(s: ScalingResult): string {
  const [head, rows] = scalingRows(s)
  return [textTable(head, rows), ...scalingNotes(s)].join('\n')
}

/** The scaling table as markdown. */
export function scalingMarkdown(s: ScalingResult): string {
  const [head, rows] = scalingRows(s)
  return [markdownTable(head, rows), '', ...scalingNotes(s).map((l) => `- ${l}`)].join('\n')
}
