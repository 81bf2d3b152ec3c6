// cli/commands/tokens.ts: `apldb tokens create NAME` and `apldb tokens list` (api-contract §5), on a
// store directory (through the service layer) or a server. A new token's secret is printed once.

import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { type CommandDef, listOpt, type OptionValues, stringOpt } from '../command.ts'
import { UsageError } from '../errors.ts'
import type { CliIo } from '../io.ts'
import { LIST_FORMAT_OPTION, printList } from '../list-output.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

/** Actions per capability key (api-contract §5). */
type Capabilities = Record<string, Record<string, string[]>>

/** An API token as listed (never with its secret). */
interface ApiToken {
  readonly id: string
  readonly name: string
  readonly description?: string
  readonly expiresAt?: string | null
  readonly datasetCapabilities?: Capabilities | null
  readonly orgCapabilities?: Record<string, string[]> | null
}

/** A create request. */
interface TokenCreate {
  readonly name: string
  readonly description?: string
  readonly expiresAt?: string
  readonly datasetCapabilities: Capabilities
  readonly orgCapabilities: Record<string, string[]>
}

/** Dataset capability flags: option → [capability key, action]. */
const DATASET_FLAGS: Readonly<Record<string, readonly [string, string]>> = {
  ingest: ['ingest', 'create'],
  query: ['query', 'read'],
  delete: ['data', 'delete'],
}

const ORG_ACTIONS: ReadonlySet<string> = new Set(['create', 'read', 'update', 'delete'])

/** The create request the flags describe. */
export function tokenRequest(name: string, values: OptionValues): TokenCreate {
  const datasetCapabilities: Capabilities = {}
  for (const [flag, [key, action]] of Object.entries(DATASET_FLAGS)) {
    for (const ds of listOpt(values, flag)) {
      const caps = Object.hasOwn(datasetCapabilities, ds) ? datasetCapabilities[ds] : {}
      caps[key] = [action]
      Object.defineProperty(datasetCapabilities, ds, {
        value: caps,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  const orgCapabilities: Record<string, string[]> = {}
  for (const spec of listOpt(values, 'org')) {
    const m = /^([A-Za-z]+)=([a-z,]+)$/.exec(spec)
    const actions = m?.[2].split(',') ?? []
    if (!m || actions.some((a) => !ORG_ACTIONS.has(a))) {
      throw new UsageError(
        `--org takes KEY=ACTIONS with actions from create,read,update,delete; got ${JSON.stringify(spec)}`,
        'tokens create',
      )
    }
    orgCapabilities[m[1]] = actions
  }
  if (Object.keys(datasetCapabilities).length === 0 && Object.keys(orgCapabilities).length === 0) {
    throw new UsageError(
      'a token needs at least one capability: --ingest, --query, --delete or --org',
      'tokens create',
    )
  }
  const description = stringOpt(values, 'description')
  const expiresAt = stringOpt(values, 'expires-at')
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    datasetCapabilities,
    orgCapabilities,
  }
}

/**
 * The store's service layer. Opening it on a store that never served generates the root token: its
 * secret is printed here, since this is the only time anyone can see it.
 */
export async function tokenService(db: Apldb, io: CliIo) {
  // Loaded on demand: the service layer is only needed by the token commands.
  const { createService } = await import('../../service/index.ts')
  const svc = await createService(db, { rootToken: io.env.APLDB_ROOT_TOKEN || undefined })
  if (svc.rootTokenSecret !== undefined) {
    io.stderr.write(
      `apldb: generated this store's root token (shown once; save it): ${svc.rootTokenSecret}\n`,
    )
  }
  return svc
}

/** `apldb tokens create NAME`. */
export const tokensCreateCommand: CommandDef = {
  name: 'tokens create',
  summary: 'create an API token (its secret is shown once)',
  usage: 'tokens create NAME [--ingest DS] [--query DS] [--delete DS] [--org KEY=ACTIONS] [options]',
  details: [
    'DS is a dataset name or * for every dataset. --org grants organisation capabilities, e.g.',
    '--org apiTokens=create,read or --org datasets=create,read,update,delete.',
    '',
    'Example:',
    '  apldb tokens create ci-ingest --ingest http-logs --query http-logs --expires-at 2027-01-01T00:00:00Z',
  ].join('\n'),
  options: {
    description: { type: 'string', value: 'TEXT', description: 'what the token is for' },
    'expires-at': { type: 'string', value: 'TIME', description: 'RFC 3339 expiry (default: never)' },
    ingest: { type: 'string', multiple: true, value: 'DS', description: 'may ingest into DS' },
    query: { type: 'string', multiple: true, value: 'DS', description: 'may query DS' },
    delete: { type: 'string', multiple: true, value: 'DS', description: 'may delete blocks of DS' },
    org: { type: 'string', multiple: true, value: 'KEY=ACTIONS', description: 'organisation capability' },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const req = tokenRequest(positionals[0], values)
    const target = resolveTarget(values, io, 'tokens create')
    const created: ApiToken & { token: string } =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, async (db) => (await tokenService(db, io)).tokens.create(req))
        : ((await target.client.json('POST', '/v2/tokens', { json: req })) as ApiToken & { token: string })
    io.stdout.write(`created token ${created.name} (id ${created.id})\n`)
    io.stdout.write(`token (shown once; it is stored only as a hash): ${created.token}\n`)
    return 0
  },
}

/** `apldb tokens list`. */
export const tokensListCommand: CommandDef = {
  name: 'tokens list',
  summary: 'list API tokens (without their secrets)',
  usage: 'tokens list [options]',
  options: { ...LIST_FORMAT_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const target = resolveTarget(values, io, 'tokens list')
    const list: readonly ApiToken[] =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, async (db) => (await tokenService(db, io)).tokens.list())
        : ((await target.client.json('GET', '/v2/tokens')) as ApiToken[])
    printList(
      list,
      [
        { header: 'id', cell: (t) => t.id },
        { header: 'name', cell: (t) => t.name },
        { header: 'expires', cell: (t) => t.expiresAt ?? 'never' },
        { header: 'capabilities', cell: (t) => capabilitySummary(t) },
        { header: 'description', cell: (t) => t.description ?? '' },
      ],
      values,
      'tokens list',
      io,
    )
    return 0
  },
}

/** `http-logs: ingest,query; org: apiTokens(create,read)`. */
export function capabilitySummary(t: ApiToken): string {
  const parts = Object.entries(t.datasetCapabilities ?? {}).map(
    ([ds, caps]) => `${ds}: ${Object.keys(caps).join(',')}`,
  )
  const org = Object.entries(t.orgCapabilities ?? {}).map(([k, actions]) => `${k}(${actions.join(',')})`)
  if (org.length > 0) parts.push(`org: ${org.join(' ')}`)
  return parts.join('; ')
}
