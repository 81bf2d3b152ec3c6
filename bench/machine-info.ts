// bench/machine-info.ts: the machine a benchmark ran on, for its JSON results and its header line.
// Reads os and version facts only.
import * as os from 'node:os'
import { version as duckdbVersion } from '@duckdb/node-api'

/** The machine and software versions of a run. */
export interface MachineInfo {
  readonly cpuModel: string
  /** Logical CPUs. */
  readonly cpus: number
  /** Cores available to this process (os.availableParallelism). */
  readonly availableParallelism: number
  /** Physical memory, bytes. */
  readonly totalMemBytes: number
  /** 1, 5 and 15 minute load averages when the run started (a busy machine shows here). */
  readonly loadAvg: readonly number[]
  readonly platform: string
  readonly node: string
  readonly duckdb: string
  /** ClickHouse's version (chdb), when the run had it. */
  clickhouse?: string
}

/** This machine, now. */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus()
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    availableParallelism: os.availableParallelism(),
    totalMemBytes: os.totalmem(),
    loadAvg: os.loadavg().map((x) => Math.round(x * 100) / 100),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    duckdb: duckdbVersion(),
  }
}

/** One line describing `m` for a printed header. */
export function describeMachine(m: MachineInfo): string {
  return (
    `${m.cpus} × ${m.cpuModel}, ${(m.totalMemBytes / 2 ** 30).toFixed(1)} GiB RAM, ${m.platform}, ` +
    `node ${m.node}, DuckDB ${m.duckdb}, load average ${m.loadAvg.join(' ')}`
  )
}
