// bench/suite-results.ts: the benchmark suite's result record and the files it leaves under
// bench/results/: suite-<date>.json, suite.svg (per-query ms at the largest size) and scaling.svg.
// Quick runs write `-quick` names so a smoke run never replaces the README's charts.
import { mkdir, writeFile } from 'node:fs/promises'
import { describeWarmUp } from './bench-timing.ts'
import type { MachineInfo } from './machine-info.ts'
import type { SuiteCaseResult } from './suite-case.ts'
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

/** Everything measured at one size of the main comparison. */
export interface SizeResult {
  readonly events: number
  readonly load: LoadFigures
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
  readonly points: readonly { readonly events: number; readonly figures: readonly ScalingFigure[] }[]
}

/** The whole run as written to JSON. */
export interface SuiteResults {
  readonly date: string
  readonly quick: boolean
  readonly argv: readonly string[]
  readonly machine: MachineInfo
  readonly settings: Record<string, unknown>
  readonly sizes: readonly SizeResult[]
  readonly scaling?: ScalingResult
}

const COLORS = ['#2b6cb0', '#dd6b20', '#38a169']

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
  const configs = s.queries[0]?.duckdb.map((d) => d.config) ?? []
  return barChartSvg({
    title: `apldb vs DuckDB, ${s.events.toLocaleString('en-US')} sample-http-logs events`,
    subtitle: `${describeWarmUp()}; ${r.machine.cpus} × ${r.machine.cpuModel}, node ${r.machine.node}, DuckDB ${r.machine.duckdb}, ${r.date.slice(0, 10)}`,
    unit: 'ms',
    series: ['apldb', ...configs].map((name, i) => ({ name, color: COLORS[i % COLORS.length] })),
    groups: s.queries.map((q) => ({
      label: `${q.id}. ${q.title.length > 48 ? `${q.title.slice(0, 47)}…` : q.title}`,
      values: [q.apldb.ms, ...q.duckdb.map((d) => d.ms)].map((v) => (Number.isFinite(v) ? v : undefined)),
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
