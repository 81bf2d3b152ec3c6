// bench/ndjson-ingest.ts: issue 24's ingest benchmark (a), NDJSON text from files: the suite's events
// written as NDJSON files (untimed), then loaded by apldb (file bytes cut into 10,000-line bodies,
// the HTTP route's limit, each passed to store.ingest as the route does, 4 in flight, durability
// 'fsync') and by DuckDB (read_json into an on-disk database); ClickHouse loads the same files in
// suite.bench.ts (its query table). Reports wall time and bytes on disk.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { openStore } from '../src/index.ts'
import { INGEST_BATCH, INGEST_IN_FLIGHT } from './apldb-load.ts'
import { eventChunks, fixedSpan } from './event-chunks.ts'
import { dirBytes } from './mem-probe.ts'

/** NDJSON files of one size's events. */
export interface NdjsonFiles {
  readonly dir: string
  /** A glob naming every file (ClickHouse's file(), DuckDB's read_json). */
  readonly glob: string
  readonly files: readonly string[]
  readonly bytes: number
}

/** Writes the same events the suite loads from objects (eventChunks over fixedSpan(n)) as NDJSON. */
export async function writeNdjsonFiles(dir: string, n: number): Promise<NdjsonFiles> {
  await mkdir(dir, { recursive: true })
  const files: string[] = []
  let bytes = 0
  for (const events of eventChunks(0, n, fixedSpan(n))) {
    const text = `${events.map((e) => JSON.stringify(e)).join('\n')}\n`
    const file = join(dir, `part-${String(files.length).padStart(5, '0')}.ndjson`)
    await writeFile(file, text)
    files.push(file)
    bytes += Buffer.byteLength(text)
  }
  return { dir, glob: join(dir, '*.ndjson'), files, bytes }
}

/** The files' bytes as request bodies of at most INGEST_BATCH lines each, read lazily. */
async function* bodies(files: readonly string[]): AsyncGenerator<Uint8Array> {
  for (const f of files) {
    const buf = await readFile(f)
    let start = 0
    while (start < buf.length) {
      let end = start
      for (let i = 0; i < INGEST_BATCH && end < buf.length; i++) {
        const nl = buf.indexOf(10, end)
        end = nl < 0 ? buf.length : nl + 1
      }
      yield buf.subarray(start, end)
      start = end
    }
  }
}

/** One engine's load of the NDJSON files. */
export interface FileLoad {
  readonly ms: number
  readonly diskBytes: number
}

/** apldb: a fresh store in `dir` (durability 'fsync'), the files ingested as HTTP bodies, flushed. */
export async function apldbFromNdjson(dir: string, files: readonly string[]): Promise<FileLoad> {
  const store = await openStore({ path: dir, durability: 'fsync' })
  await store.datasets.create({ name: 'http-logs' })
  const t = performance.now()
  const source = bodies(files)
  const lane = async () => {
    for (;;) {
      const next = await source.next()
      if (next.done) return
      const st = await store.ingest('http-logs', next.value)
      if (st.failed) throw new Error(`apldb ingest failed: ${JSON.stringify(st.failures[0])}`)
    }
  }
  await Promise.all(Array.from({ length: INGEST_IN_FLIGHT }, lane))
  await store.flush()
  await store.settle()
  const ms = performance.now() - t
  await store.close()
  const diskBytes = await dirBytes(dir)
  await rm(dir, { recursive: true, force: true })
  return { ms, diskBytes }
}

const COLUMNS = `{_time: 'TIMESTAMP', status: 'VARCHAR', method: 'VARCHAR', uri: 'VARCHAR',
  req_duration_ms: 'DOUBLE', resp_body_size_bytes: 'BIGINT', resp_header_size_bytes: 'BIGINT',
  id: 'VARCHAR', geo: 'STRUCT(city VARCHAR, country VARCHAR)', content_type: 'VARCHAR',
  server_datacenter: 'VARCHAR', is_tls: 'BOOLEAN', user_agent: 'VARCHAR', message: 'VARCHAR'}`

/** DuckDB: an on-disk database file in `dir`, CREATE TABLE AS SELECT from read_json, checkpointed. */
export async function duckFromNdjson(dir: string, glob: string, threads: number): Promise<FileLoad> {
  await mkdir(dir, { recursive: true })
  const file = join(dir, 'ingest.duckdb')
  const instance = await DuckDBInstance.create(file, { threads: String(threads) })
  const conn = await instance.connect()
  const t = performance.now()
  await conn.run(
    `CREATE TABLE http_logs AS SELECT _time, status, method, uri, req_duration_ms, resp_body_size_bytes,
       resp_header_size_bytes, id, geo.city AS "geo.city", geo.country AS "geo.country", content_type,
       server_datacenter, is_tls, user_agent, message
     FROM read_json('${glob}', format = 'newline_delimited', columns = ${COLUMNS})`,
  )
  await conn.run('CHECKPOINT')
  const ms = performance.now() - t
  conn.closeSync()
  instance.closeSync()
  const diskBytes = (await stat(file)).size
  await rm(dir, { recursive: true, force: true })
  return { ms, diskBytes }
}
