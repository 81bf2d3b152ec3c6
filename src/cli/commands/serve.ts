// cli/commands/serve.ts: `apldb serve`: opens (or creates) a store directory and serves Axiom's HTTP
// API on it until SIGINT/SIGTERM, then closes the server and the store cleanly. `--demo` loads the
// seeded sample-http-logs dataset first.

import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { serveBanner } from '../banner.ts'
import { type CommandDef, intOpt, stringOpt } from '../command.ts'
import { DEMO_DATASET, DEMO_EVENTS, loadDemo } from '../demo.ts'
import { CliError, UsageError } from '../errors.ts'
import { formatCount } from '../human.ts'
import { launcherCommand } from '../launcher-command.ts'
import { dataDir, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb serve`. */
export const serveCommand: CommandDef = {
  name: 'serve',
  summary: "serve a store over Axiom's HTTP API",
  usage: 'serve [--data DIR | --clickhouse URL [--database NAME]] [--port 3000] [--host 127.0.0.1] [--demo]',
  details: [
    'On the first start a root token is generated and printed once, with examples that use it',
    '(or pass --root-token / $APLDB_ROOT_TOKEN). Stop with Ctrl-C: the server drains and the store',
    'closes cleanly.',
  ].join('\n'),
  options: {
    data: TARGET_OPTIONS.data,
    clickhouse: TARGET_OPTIONS.clickhouse,
    database: TARGET_OPTIONS.database,
    port: {
      type: 'string',
      short: 'p',
      value: 'PORT',
      description: 'TCP port (default 3000; 0 picks a free one)',
    },
    host: { type: 'string', value: 'HOST', description: 'interface to listen on (default 127.0.0.1)' },
    demo: { type: 'boolean', description: `load the seeded ${DEMO_DATASET} dataset if missing` },
    'demo-events': {
      type: 'string',
      value: 'N',
      description: `events of the demo dataset (default ${DEMO_EVENTS})`,
    },
    'root-token': {
      type: 'string',
      value: 'TOKEN',
      description: 'root token to accept (default $APLDB_ROOT_TOKEN)',
    },
    memory: {
      type: 'string',
      value: 'BYTES',
      description:
        'memory of queries and the column cache (default: half the heap limit or a quarter of RAM)',
    },
    'query-memory': {
      type: 'string',
      value: 'BYTES',
      description: "one query's memory budget (default a quarter of --memory)",
    },
    'max-fields': {
      type: 'string',
      value: 'N',
      description: 'most fields of a dataset (default 1024); events past it fail alone',
    },
    'max-queries': {
      type: 'string',
      value: 'N',
      description: 'queries run at once (default 2 per core, at least 4); more wait, then get 429',
    },
    'queue-timeout': {
      type: 'string',
      value: 'MS',
      description: 'longest wait of a query or ingest for its turn before 429 (default 5000)',
    },
    'query-deadline': {
      type: 'string',
      value: 'MS',
      description: 'longest a query may take, compile included (default 30000); then 408',
    },
    'idle-timeout': {
      type: 'string',
      value: 'MS',
      description: 'close a connection idle this long (default 5000)',
    },
    'externaldata-root': {
      type: 'string',
      value: 'DIR',
      description:
        'let APL externaldata read file: URLs inside DIR (default: externaldata may read nothing over HTTP)',
    },
    'drain-timeout': {
      type: 'string',
      value: 'MS',
      description: 'on SIGTERM, how long in-flight requests may finish (default 30000)',
    },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const port = intOpt(values, 'port', 3000, 'serve', 0)
    if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`, 'serve')
    const host = stringOpt(values, 'host') ?? '127.0.0.1'
    const demoEvents = intOpt(values, 'demo-events', DEMO_EVENTS, 'serve')
    const rootToken = stringOpt(values, 'root-token') ?? (io.env.APLDB_ROOT_TOKEN || undefined)
    const dir = dataDir(values, io)
    const optional = (name: string) =>
      values[name] === undefined ? undefined : intOpt(values, name, 0, 'serve')
    const storeOpts = {
      ...(optional('memory') !== undefined ? { memoryBytes: optional('memory') } : {}),
      ...(optional('query-memory') !== undefined ? { queryMemoryBytes: optional('query-memory') } : {}),
      ...(optional('max-fields') !== undefined ? { maxFields: optional('max-fields') } : {}),
    }
    const maxQueries = optional('max-queries')
    const queueTimeoutMs = optional('queue-timeout')
    const queryDeadlineMs = optional('query-deadline')
    const idle = optional('idle-timeout')
    const drain = optional('drain-timeout')
    const externalRoot = stringOpt(values, 'externaldata-root')
    if (externalRoot !== undefined && !existsSync(externalRoot))
      throw new UsageError(`--externaldata-root: no directory ${externalRoot}`, 'serve')
    const externalData =
      externalRoot === undefined ? {} : { externalData: { fileRoot: resolve(externalRoot) } }
    // Listening from the start: a Ctrl-C while the demo loads still closes the store cleanly.
    const stop = stopSignal()
    return withStore(
      dir,
      false,
      async (db) => {
        if (values.demo === true) {
          const loaded = await loadDemo(db, demoEvents, Date.now())
          if (loaded > 0) io.stdout.write(`loaded ${formatCount(loaded)} demo events into ${DEMO_DATASET}\n`)
        }
        if (stop.received() !== undefined) return 0
        // Loaded on demand: the HTTP layer is only needed here.
        const { serve } = await import('../../http/index.ts')
        const admission = {
          ...(maxQueries !== undefined ? { maxQueries } : {}),
          ...(queueTimeoutMs !== undefined ? { queueTimeoutMs } : {}),
        }
        const timeouts = {
          ...(idle !== undefined ? { keepAliveTimeoutMs: idle } : {}),
          ...(drain !== undefined ? { drainTimeoutMs: drain } : {}),
          ...(queryDeadlineMs !== undefined ? { queryDeadlineMs } : {}),
        }
        const server = await serve(db, {
          port,
          host,
          rootToken,
          admission,
          ...timeouts,
          ...externalData,
        }).catch((e: unknown) => {
          const code = (e as { code?: unknown }).code
          if (code === 'EADDRINUSE')
            throw new CliError(`port ${port} on ${host} is in use: pick another with --port`)
          throw e
        })
        const datasets = await db.datasets.list()
        const example = datasets.some((d) => d.name === DEMO_DATASET)
          ? DEMO_DATASET
          : (datasets[0]?.name ?? DEMO_DATASET)
        io.stdout.write(
          serveBanner(server.url, dir, server.rootTokenSecret, example, launcherCommand(io.env, io.cwd)),
        )
        const signal = await stop.signal
        io.stderr.write(`apldb: ${signal}: closing the server and the store\n`)
        await server.close()
        return 0
      },
      { run: true, onError: (line) => io.stderr.write(`apldb: monitors: ${line}\n`) },
      storeOpts,
    )
  },
}

/** The first SIGINT or SIGTERM; later ones are ignored so shutdown is never cut short. */
function stopSignal(): { signal: Promise<NodeJS.Signals>; received(): NodeJS.Signals | undefined } {
  let got: NodeJS.Signals | undefined
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    const on = (s: NodeJS.Signals) => {
      got ??= s
      resolve(got)
    }
    process.on('SIGINT', on)
    process.on('SIGTERM', on)
  })
  return { signal, received: () => got }
}
