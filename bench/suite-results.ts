// bench/suite-results.ts: the benchmark suite's result record and the files it leaves under
// bench/results/: suite-<date>.json, suite.md (the tables), suite.svg (per-query ms at the largest
// size) and scaling.svg.
// Quick runs write `-quick` names so a smoke run never replaces the README's charts.
import { mkdir, writeFile } from 'node:fs/promises'
import { describeWarmUp } from './bench-timing.ts'
import type { MachineInfo } from './machine-info.ts'
import type { SuiteCaseResult } from './suite-case.ts'
import { ingestMarkdown, queryMarkdown, scalingMarkdown } from './suite-report.ts'
import { barChartSvg } from './svg-bar-chart.ts'
import { lineChartSvg } from './svg-line-chart.ts'

/** Load figures of one size; times exclude event generation. */
export interface LoadFigures {
  /** apldb ingest from objects + waiting for seals + final flush, ms. */
  readonly apldbMs: number
  readonly apldbEventsPerSec: number
  /** DuckDB data-chunk appender into the VARCHAR table, ms. */
  readonly duckdbVarcharMs: number
  readonly duckdbVarcharEventsPerSec: number
  /** CREATE TYPE … AS ENUM + CREATE TABLE AS SELECT from the VARCHAR table, ms. */
  readonly duckdbEnumConvertMs: number
  /** Events / (VARCHAR load + ENUM conversion), the ENUM configuration's load rate. */
  readonly duckdbEnumEventsPerSec: number
}

/** Memory and disk figures of one size. */
export interface MemoryFigures {
  /** Process RSS after a forced GC before the apldb load, bytes. */
  readonly rssBeforeApldbBytes: number
  /** Process RSS after a forced GC once the apldb load settled, bytes. */
  readonly rssAfterApldbLoadBytes: number
  /** (RSS after load − before) / events: apldb's resident bytes per event. */
  readonly apldbRssBytesPerEvent: number
  /** (Live JS heap + external after load − before) / events: what apldb's main thread retains. */
  readonly apldbLiveBytesPerEvent: number
  /** Whole store directory / events, bytes. */
  readonly apldbDiskBytesPerEvent: number
  /** `blocks/` only / events, bytes. */
  readonly apldbBlockBytesPerEvent: number
  /** Main-thread decoded-column cache after the queries (`db.health().cacheBytes`), bytes. */
  readonly apldbMainCacheBytes: number
  /** Process RSS after a forced GC once both DuckDB tables exist, bytes. */
  readonly rssAfterDuckdbLoadBytes: number
  /** Process RSS after a forced GC once every query ran, bytes. */
  readonly rssAfterQueriesBytes: number
  /** duckdb_memory() of the VARCHAR table / events, bytes. */
  readonly duckdbVarcharBytesPerEvent: number
  /** Growth of duckdb_memory() when the ENUM copy was built / events, bytes. */
  readonly duckdbEnumBytesPerEvent: number
}

/** One engine's load of the NDJSON files: wall ms and bytes on disk afterwards. */
export interface FileLoadFigures {
  readonly ms: number
  readonly diskBytes: number
}

/** Ingest benchmark (a): the same NDJSON files into each engine. */
export interface NdjsonFigures {
  /** Size of the NDJSON input, bytes. */
  readonly bytes: number
  readonly apldb: FileLoadFigures
  readonly clickhouse: FileLoadFigures
  readonly duckdb: FileLoadFigures
}

/** Everything measured at one size of the main comparison. */
export interface SizeResult {
  readonly events: number
  readonly load: LoadFigures
  readonly ndjson: NdjsonFigures
  readonly memory: MemoryFigures
  readonly queries: readonly SuiteCaseResult[]
}

/** One scaling-run query at one size. */
export interface ScalingFigure {
  readonly id: string
  readonly ms: number
  /** The timed runs (ms is their median). */
  readonly runsMs: readonly number[]
  readonly msPerMillionEvents: number
  readonly rowsExamined: number
  readonly blocksPruned: number
  readonly blocksExamined: number
  readonly error?: string
}

/** The scaling run (apldb only). */
export interface ScalingResult {
  /** Constant arrival rate of the scaling data, events per day. */
  readonly eventsPerDay: number
  /** The windowed query's window. */
  readonly dayWindow: { readonly startTime: string; readonly endTime: string }
  readonly queries: readonly { readonly id: string; readonly title: string; readonly apl: string }[]
  readonly points: readonly ScalingPoint[]
  /** The decoded-column cache budget of the query workers, bytes. */
  readonly cacheBudgetBytes: number
}

/** The scaling run at one size. */
export interface ScalingPoint {
  readonly events: number
  readonly figures: readonly ScalingFigure[]
  /** The scaling process's peak resident set up to and including this size, bytes. */
  readonly peakRssBytes: number
  /** The store's directory, bytes. */
  readonly diskBytes: number
}

/** The whole run as written to JSON. */
export interface SuiteResults {
  readonly date: string
  readonly quick: boolean
  readonly argv: readonly string[]
  readonly machine: MachineInfo
  /** 1, 5 and 15 minute load averages when the run ended. */
  readonly loadAvgEnd: readonly number[]
  readonly settings: Record<string, unknown>
  readonly sizes: readonly SizeResult[]
  readonly scaling?: ScalingResult
}

const COLORS = ['#2b6cb0', '#dd6b20', '#38a169', '#805ad5']

/** Every table of the run as markdown (README's bench section is made from this file). */
function suiteMarkdown(r: SuiteResults): string {
  const out = [
    `Run ${r.date} (\`npm run bench${r.argv.length ? ` -- ${r.argv.join(' ')}` : ''}\`): ${r.machine.cpus} × ${r.machine.cpuModel}, ` +
      `${(r.machine.totalMemBytes / 2 ** 30).toFixed(0)} GiB, node ${r.machine.node}, DuckDB ${r.machine.duckdb}, ClickHouse ${r.machine.clickhouse ?? '?'} (chdb); ` +
      `load average ${r.machine.loadAvg.join(' ')} at the start, ${r.loadAvgEnd.join(' ')} at the end.`,
  ]
  for (const s of r.sizes) {
    out.push('', `### ${s.events.toLocaleString('en-US')} events: queries`, '', queryMarkdown(s.queries))
    out.push('', `### ${s.events.toLocaleString('en-US')} events: ingest`, '', ingestMarkdown(s))
  }
  if (r.scaling) out.push('', '### Scaling (apldb, one growing store)', '', scalingMarkdown(r.scaling))
  return `${out.join('\n')}\n`
}

/** Writes the JSON and the charts; returns the paths written. */
export async function writeSuiteOutputs(r: SuiteResults): Promise<string[]> {
  const dir = new URL('./results/', import.meta.url)
  await mkdir(dir, { recursive: true })
  const tag = r.quick ? '-quick' : ''
  const files: [string, string][] = [
    [
      `suite-${r.date.slice(0, 10)}${tag}.json`,
      `${JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v), 2)}\n`,
    ],
  ]
  files.push([`suite${tag}.md`, suiteMarkdown(r)])
  const top = r.sizes.at(-1)
  if (top) files.push([`suite${tag}.svg`, suiteChart(r, top)])
  if (r.scaling) files.push([`scaling${tag}.svg`, scalingChart(r, r.scaling)])
  const out: string[] = []
  for (const [name, text] of files) {
    const url = new URL(name, dir)
    await writeFile(url, text)
    out.push(url.pathname)
  }
  return out
}

function suiteChart(r: SuiteResults, s: SizeResult): string {
  const configs = s.queries[0]?.peers.map((d) => d.config) ?? []
  return barChartSvg({
    title: `apldb vs DuckDB and ClickHouse, ${s.events.toLocaleString('en-US')} sample-http-logs events`,
    subtitle: `${describeWarmUp()}; ${r.machine.cpus} × ${r.machine.cpuModel}, node ${r.machine.node}, DuckDB ${r.machine.duckdb}, ${r.date.slice(0, 10)}`,
    unit: 'ms',
    series: ['apldb', ...configs].map((name, i) => ({ name, color: COLORS[i % COLORS.length] })),
    groups: s.queries.map((q) => ({
      label: `${q.id}. ${q.title.length > 48 ? `${q.title.slice(0, 47)}…` : q.title}`,
      values: [q.apldb.ms, ...q.peers.map((d) => d.ms)].map((v) => (Number.isFinite(v) ? v : undefined)),
    })),
  })
}

function scalingChart(r: SuiteResults, s: ScalingResult): string {
  return lineChartSvg({
    title: 'apldb query time against data size',
    subtitle: `${s.eventsPerDay.toLocaleString('en-US')} events/day, so more events = more days; median of 5; ${r.machine.cpus} × ${r.machine.cpuModel}`,
    xLabel: 'events (millions)',
    yLabel: 'ms',
    series: s.queries.map((q, i) => ({
      name: `${q.id}. ${q.title.length > 34 ? `${q.title.slice(0, 33)}…` : q.title}`,
      color: COLORS[i % COLORS.length],
      points: s.points.flatMap((p) => {
        const f = p.figures.find((x) => x.id === q.id)
        return f && Number.isFinite(f.ms) ? [{ x: p.events / 1e6, y: f.ms }] : []
      }),
    })),
  })
}
