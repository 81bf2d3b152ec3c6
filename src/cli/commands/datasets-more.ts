// cli/commands/datasets-more.ts: `apldb datasets info|fields|delete NAME` (api-contract §4), against a
// store directory or a server. Delete asks first (or --yes) and says what it removed.

import type { DatasetInfo } from '../../storage/dataset-info.ts'
import { type CommandDef, stringOpt } from '../command.ts'
import { countOf, formatCount } from '../human.ts'
import { LIST_FORMAT_OPTION, printList } from '../list-output.ts'
import { askYesNo } from '../read-input.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

const path = (name: string) => `/v2/datasets/${encodeURIComponent(name)}`

/** `apldb datasets info NAME`: the dataset's settings and its event and field counts. */
export const datasetsInfoCommand: CommandDef = {
  name: 'datasets info',
  summary: 'show a dataset: description, retention, created, events and fields',
  usage: 'datasets info NAME [options]',
  options: { ...LIST_FORMAT_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const name = positionals[0]
    const target = resolveTarget(values, io, 'datasets info')
    const count = `['${name.replace(/'/g, "\\'")}'] | count`
    const { info, events, fields } =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, async (db) => {
            const info = await db.datasets.get(name)
            const res = await db.queryResult(count)
            return {
              info,
              events: Number(res.tables[0].columns[0][0]),
              fields: (await db.datasets.fields(name)).length,
            }
          })
        : await (async () => {
            const info = (await target.client.json('GET', path(name))) as DatasetInfo
            const res = (await target.client.json('POST', '/v1/datasets/_apl?format=tabular', {
              json: { apl: count },
            })) as {
              tables: { columns: unknown[][] }[]
            }
            const fieldList = (await target.client.json('GET', `${path(name)}/fields`)) as unknown[]
            return { info, events: Number(res.tables[0].columns[0][0]), fields: fieldList.length }
          })()
    if (stringOpt(values, 'format')?.toLowerCase() === 'json') {
      io.stdout.write(`${JSON.stringify({ ...info, events, fields }, null, 2)}\n`)
      return 0
    }
    const rows: [string, string][] = [
      ['name', info.name],
      ['description', info.description || '—'],
      ['retention', info.useRetentionPeriod ? `${info.retentionDays} days` : 'forever'],
      ['created', info.created],
      ['events', formatCount(events)],
      ['fields', formatCount(fields)],
    ]
    io.stdout.write(rows.map(([k, v]) => `${k.padEnd(12)} ${v}\n`).join(''))
    return 0
  },
}

/** `apldb datasets fields NAME`. */
export const datasetsFieldsCommand: CommandDef = {
  name: 'datasets fields',
  summary: "list a dataset's fields and their types",
  usage: 'datasets fields NAME [options]',
  options: { ...LIST_FORMAT_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const name = positionals[0]
    const target = resolveTarget(values, io, 'datasets fields')
    const fields =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, (db) => db.datasets.fields(name))
        : ((await target.client.json('GET', `${path(name)}/fields`)) as { name: string; type: string }[])
    printList(
      fields,
      [
        { header: 'field', cell: (f) => f.name },
        { header: 'type', cell: (f) => f.type },
      ],
      values,
      'datasets fields',
      io,
    )
    return 0
  },
}

/** `apldb datasets delete NAME`. */
export const datasetsDeleteCommand: CommandDef = {
  name: 'datasets delete',
  summary: 'delete a dataset and all its events (asks first)',
  usage: 'datasets delete NAME [--yes] [options]',
  details: 'Every event of the dataset goes. Asks y/N unless --yes; declining deletes nothing and exits 1.',
  options: {
    yes: { type: 'boolean', short: 'y', description: 'do not ask' },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const name = positionals[0]
    const target = resolveTarget(values, io, 'datasets delete')
    const confirm = async () =>
      values.yes === true || (await askYesNo(`Delete dataset ${name} and all its events for good?`, io))
    const done = async (remove: () => Promise<unknown>, events: number) => {
      if (!(await confirm())) {
        io.stderr.write('aborted; nothing deleted\n')
        return 1
      }
      await remove()
      io.stdout.write(`deleted dataset ${name} (${countOf(events, 'event')})\n`)
      return 0
    }
    const count = `['${name.replace(/'/g, "\\'")}'] | count`
    if (target.kind === 'embedded') {
      return withStore(target.dir, true, async (db) => {
        await db.datasets.get(name)
        const events = Number((await db.queryResult(count)).tables[0].columns[0][0])
        return done(() => db.datasets.delete(name), events)
      })
    }
    const c = target.client
    await c.json('GET', path(name))
    const res = (await c.json('POST', '/v1/datasets/_apl?format=tabular', { json: { apl: count } })) as {
      tables: { columns: unknown[][] }[]
    }
    return done(() => c.json('DELETE', path(name)), Number(res.tables[0].columns[0][0]))
  },
}
