// cli/commands/datasets.ts: `apldb datasets [list]` and `apldb datasets create NAME`, against a store
// directory or a server (api-contract §4).

import type { DatasetInfo } from '../../storage/dataset-info.ts'
import { type CommandDef, intOpt, stringOpt } from '../command.ts'
import { LIST_FORMAT_OPTION, printList } from '../list-output.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb datasets list` (also plain `apldb datasets`). */
export const datasetsListCommand: CommandDef = {
  name: 'datasets list',
  summary: 'list the datasets (the default of `apldb datasets`)',
  usage: 'datasets [list] [options]',
  options: { ...LIST_FORMAT_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const target = resolveTarget(values, io, 'datasets list')
    const list =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, (db) => db.datasets.list())
        : ((await target.client.json('GET', '/v2/datasets')) as DatasetInfo[])
    printList(
      list,
      [
        { header: 'name', cell: (d) => d.name },
        { header: 'description', cell: (d) => d.description },
        { header: 'retention', cell: (d) => (d.useRetentionPeriod ? `${d.retentionDays} d` : 'forever') },
        { header: 'created', cell: (d) => d.created },
      ],
      values,
      'datasets list',
      io,
    )
    return 0
  },
}

/** `apldb datasets create NAME`. */
export const datasetsCreateCommand: CommandDef = {
  name: 'datasets create',
  summary: 'create a dataset',
  usage: 'datasets create NAME [--description TEXT] [--retention-days N] [options]',
  options: {
    description: { type: 'string', value: 'TEXT', description: 'what the dataset holds' },
    'retention-days': {
      type: 'string',
      value: 'N',
      description: 'drop events older than N days (default: keep)',
    },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const name = positionals[0]
    const description = stringOpt(values, 'description')
    const retention = stringOpt(values, 'retention-days')
    const retentionDays =
      retention === undefined ? undefined : intOpt(values, 'retention-days', 0, 'datasets create')
    const req = {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(retentionDays !== undefined ? { retentionDays, useRetentionPeriod: true } : {}),
    }
    const target = resolveTarget(values, io, 'datasets create')
    const created =
      target.kind === 'embedded'
        ? await withStore(target.dir, false, (db) => db.datasets.create(req))
        : ((await target.client.json('POST', '/v2/datasets', { json: req })) as DatasetInfo)
    io.stdout.write(`created dataset ${created.name}\n`)
    return 0
  },
}
