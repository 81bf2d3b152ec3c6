// cli/commands/migrate.ts: `apldb migrate --dataset NAME --clickhouse URL`: moves a dataset's events
// from a local store directory into a ClickHouse table (clickhouse/migrate.ts), block by block.
import type { ClickHouseStore } from '../../clickhouse/store.ts'
import type { AnyApldb, Apldb } from '../../query/apldb.ts'
import type { Store } from '../../storage/store.ts'
import { type CommandDef, stringOpt } from '../command.ts'
import { UsageError } from '../errors.ts'
import { formatCount } from '../human.ts'
import { dataDir, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb migrate`. */
export const migrateCommand: CommandDef = {
  name: 'migrate',
  summary: 'move a dataset from a store directory to ClickHouse',
  usage: 'migrate --dataset NAME [--data DIR] --clickhouse URL [--database NAME]',
  details: [
    'Copies every event of the dataset (sealed blocks and unsealed events) into the ClickHouse',
    'database, keeping times, ingest times and field types, one ClickHouse block per local block.',
    'The dataset must not yet hold events on ClickHouse. The local store is left as it was.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', value: 'NAME', description: 'the dataset to move (required)' },
    data: TARGET_OPTIONS.data,
    clickhouse: TARGET_OPTIONS.clickhouse,
    database: TARGET_OPTIONS.database,
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const dataset = stringOpt(values, 'dataset')
    if (dataset === undefined) throw new UsageError('--dataset NAME is required', 'migrate')
    if (stringOpt(values, 'clickhouse') === undefined && !io.env.APLDB_CLICKHOUSE)
      throw new UsageError('--clickhouse URL is required (or $APLDB_CLICKHOUSE)', 'migrate')
    const local = dataDir(
      { ...values, clickhouse: undefined },
      { ...io, env: { ...io.env, APLDB_CLICKHOUSE: '' } },
    )
    const remote = dataDir(values, io)
    const { migrateDataset } = await import('../../clickhouse/migrate.ts')
    const report = await withStore(local, true, (from: AnyApldb) =>
      withStore(remote, false, (to: AnyApldb) => {
        if (!('catalog' in to.storage)) throw new UsageError('--clickhouse URL is required', 'migrate')
        return migrateDataset(from as Apldb<Store>, to as Apldb<ClickHouseStore>, dataset)
      }),
    )
    io.stdout.write(
      `moved ${formatCount(report.events)} events of ${report.dataset} in ${formatCount(report.blocks)} blocks\n`,
    )
    return 0
  },
}
