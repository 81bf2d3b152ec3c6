// cli/target.ts: where a command acts: an embedded store directory (`--data`, `$APLDB_DATA`) or a
// running server (`--url` + `--token`, `$APLDB_URL` / `$APLDB_TOKEN`). Flags beat the environment.

import { existsSync } from 'node:fs'
import * as path from 'node:path'
import type { StorageBackend } from '../query/backend.ts'
import type { AlertingStore } from '../service/monitors/alerting-store.ts'
import type { StoreOptions } from '../storage/store-options.ts'
import { type OptionDef, type OptionValues, stringOpt } from './command.ts'
import { CliError, UsageError } from './errors.ts'
import type { CliIo } from './io.ts'
import { RemoteClient } from './remote.ts'

/** The store directory used when neither `--data` nor `$APLDB_DATA` names one. */
export const DEFAULT_DATA_DIR = 'apldb-data'

/** Options naming the target, shared by every command that reads or writes a store. */
export const TARGET_OPTIONS: Readonly<Record<string, OptionDef>> = {
  data: {
    type: 'string',
    value: 'DIR',
    description: `store directory, embedded (default $APLDB_DATA or ./${DEFAULT_DATA_DIR})`,
  },
  url: {
    type: 'string',
    value: 'URL',
    description: 'server base URL instead of a directory (default $APLDB_URL)',
  },
  token: { type: 'string', value: 'TOKEN', description: 'API token for --url (default $APLDB_TOKEN)' },
  clickhouse: {
    type: 'string',
    value: 'URL',
    description:
      'ClickHouse server URL instead of a directory (default $APLDB_CLICKHOUSE; needs @clickhouse/client)',
  },
  database: {
    type: 'string',
    value: 'NAME',
    description: 'ClickHouse database for --clickhouse (default $APLDB_CLICKHOUSE_DATABASE or apldb)',
  },
}

/** How a ClickHouse location is spelled where a store directory goes (`withStore`). */
const CLICKHOUSE_PREFIX = 'clickhouse:'

/** An embedded store directory or a server. */
export type Target =
  | { readonly kind: 'embedded'; readonly dir: string }
  | { readonly kind: 'remote'; readonly client: RemoteClient }

/** Resolves the target from flags and environment; conflicting or incomplete flags are usage errors. */
export function resolveTarget(values: OptionValues, io: CliIo, command: string): Target {
  const data = stringOpt(values, 'data')
  const url = stringOpt(values, 'url')
  if (data !== undefined && url !== undefined) {
    throw new UsageError('give either --data (a local store) or --url (a server), not both', command)
  }
  const remoteUrl = url ?? (data === undefined ? nonEmpty(io.env.APLDB_URL) : undefined)
  if (remoteUrl !== undefined) {
    const token = stringOpt(values, 'token') ?? nonEmpty(io.env.APLDB_TOKEN)
    if (token === undefined) throw new UsageError('--url needs --token TOKEN (or $APLDB_TOKEN)', command)
    if (!/^https?:\/\//i.test(remoteUrl)) {
      throw new UsageError(
        `--url must start with http:// or https://, got ${JSON.stringify(remoteUrl)}`,
        command,
      )
    }
    return { kind: 'remote', client: new RemoteClient(remoteUrl, token) }
  }
  return { kind: 'embedded', dir: dataDir(values, io) }
}

/**
 * The store: `--clickhouse URL` (or `$APLDB_CLICKHOUSE`) with its database, else the directory
 * `--data`, `$APLDB_DATA` or the default name, resolved against the cwd.
 */
export function dataDir(values: OptionValues, io: CliIo): string {
  const ch =
    stringOpt(values, 'clickhouse') ??
    (values.data === undefined ? nonEmpty(io.env.APLDB_CLICKHOUSE) : undefined)
  if (ch !== undefined) {
    const database = stringOpt(values, 'database') ?? nonEmpty(io.env.APLDB_CLICKHOUSE_DATABASE) ?? 'apldb'
    return `${CLICKHOUSE_PREFIX}${JSON.stringify({ url: ch, database })}`
  }
  return path.resolve(io.cwd, stringOpt(values, 'data') ?? nonEmpty(io.env.APLDB_DATA) ?? DEFAULT_DATA_DIR)
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s === '' ? undefined : s
}

/**
 * Opens the embedded store at `dir`, runs `fn`, and closes the store whatever happens. With
 * `mustExist`, a missing directory is an error instead of a new empty store. Monitors run only
 * when `monitors.run` is set (the server); other commands never run them or send alerts.
 * `storeOpts` (memory budgets, field limits) apply to a local store.
 */
export async function withStore<T>(
  dir: string,
  mustExist: boolean,
  fn: (db: AlertingStore<StorageBackend>) => Promise<T>,
  monitors: { run?: boolean; onError?: (line: string) => void } = {},
  storeOpts: Omit<StoreOptions, 'path'> = {},
): Promise<T> {
  if (dir.startsWith(CLICKHOUSE_PREFIX))
    return withClickHouse(JSON.parse(dir.slice(CLICKHOUSE_PREFIX.length)), fn, monitors)
  if (mustExist && !existsSync(dir)) {
    throw new CliError(`no store at ${dir}: pass --data DIR, or --url and --token for a server`)
  }
  // Loaded on demand: `apldb --help` and remote commands never pay for the engine's start-up.
  const { openStore } = await import('../index.ts')
  const db = await openStore({
    ...storeOpts,
    path: dir,
    monitors: { scheduler: monitors.run ? 'timer' : 'manual', onError: monitors.onError },
  }).catch((e: unknown) => {
    throw storeOpenError(e, dir)
  })
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

/** `withStore` on a ClickHouse server through `@clickhouse/client` (an optional peer dependency). */
async function withClickHouse<T>(
  where: { url: string; database: string },
  fn: (db: AlertingStore<StorageBackend>) => Promise<T>,
  monitors: { run?: boolean; onError?: (line: string) => void },
): Promise<T> {
  const name = '@clickhouse/client'
  const mod = (await import(name).catch((e: unknown) => {
    throw new CliError(`--clickhouse needs the ${name} package: npm install ${name}`, { cause: e })
  })) as { createClient(o: { url: string }): import('../clickhouse/index.ts').ClickHouseClient }
  const client = mod.createClient({ url: where.url })
  const { openStore } = await import('../index.ts')
  const db = await openStore({
    clickhouse: client,
    database: where.database,
    closeClient: true,
    monitors: { scheduler: monitors.run ? 'timer' : 'manual', onError: monitors.onError },
  })
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

function storeOpenError(e: unknown, dir: string): unknown {
  if (e instanceof Error && (e as { code?: unknown }).code === 'store_locked') {
    return new CliError(
      `${e.message}\n  (is \`apldb serve\` running on ${dir}? Use --url and --token to go through it)`,
      { cause: e },
    )
  }
  return e
}
