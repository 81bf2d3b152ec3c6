// cli/commands/tokens-more.ts: `apldb tokens delete ID` and `apldb tokens regenerate ID` (api-contract
// §5), on a store directory (through the service layer) or a server. A new secret is printed once.

import { type CommandDef, stringOpt } from '../command.ts'
import { UsageError } from '../errors.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'
import { tokenService } from './tokens.ts'

const route = (id: string) => `/v2/tokens/${encodeURIComponent(id)}`

/** `apldb tokens delete ID`. */
export const tokensDeleteCommand: CommandDef = {
  name: 'tokens delete',
  summary: 'delete an API token (it stops working at once)',
  usage: 'tokens delete ID [options]',
  options: { ...TARGET_OPTIONS },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const id = positionals[0]
    const target = resolveTarget(values, io, 'tokens delete')
    if (target.kind === 'embedded') {
      await withStore(target.dir, true, async (db) => (await tokenService(db, io)).tokens.delete(id))
    } else await target.client.json('DELETE', route(id))
    io.stdout.write(`deleted token ${id}\n`)
    return 0
  },
}

/** `apldb tokens regenerate ID`. */
export const tokensRegenerateCommand: CommandDef = {
  name: 'tokens regenerate',
  summary: 'replace a token by a new secret with the same name and capabilities',
  usage: 'tokens regenerate ID [--old-expires-at TIME] [--expires-at TIME] [options]',
  details: 'The old secret keeps working until --old-expires-at (default: now, i.e. at once).',
  options: {
    'old-expires-at': {
      type: 'string',
      value: 'TIME',
      description: 'when the old secret stops working (RFC 3339; default now)',
    },
    'expires-at': { type: 'string', value: 'TIME', description: 'expiry of the new token (default: never)' },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const id = positionals[0]
    const old = stringOpt(values, 'old-expires-at') ?? new Date().toISOString()
    const expires = stringOpt(values, 'expires-at')
    for (const [flag, v] of [
      ['--old-expires-at', old],
      ['--expires-at', expires],
    ] as const) {
      if (v !== undefined && Number.isNaN(Date.parse(v))) {
        throw new UsageError(
          `${flag} must be an RFC 3339 time, got ${JSON.stringify(v)}`,
          'tokens regenerate',
        )
      }
    }
    const req = {
      existingTokenExpiresAt: old,
      ...(expires !== undefined ? { newTokenExpiresAt: expires } : {}),
    }
    const target = resolveTarget(values, io, 'tokens regenerate')
    const created =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, async (db) =>
            (await tokenService(db, io)).tokens.regenerate(id, req),
          )
        : ((await target.client.json('POST', `${route(id)}/regenerate`, { json: req })) as {
            id: string
            token: string
          })
    io.stdout.write(`regenerated token ${id} as ${created.id}\n`)
    io.stdout.write(`token (shown once; it is stored only as a hash): ${created.token}\n`)
    return 0
  },
}
