// clickhouse/snapshot.ts: the Snapshot a query on this backend pins: dataset names and schemas from the
// catalog as of the pin (no blocks: the data stays in ClickHouse), with the ClickHouse engine attached
// so the executor sends the plan's ClickHouse part as SQL (exec/remote.ts).
import { attachRemote } from '../exec/remote.ts'
import type { BlockSource, DatasetView, FieldInfo, ScanBatch, ScanOptions } from '../storage/snapshot.ts'
import { Snapshot } from '../storage/snapshot.ts'
import { EMPTY_TAIL } from '../storage/tail-chunks.ts'
import type { Catalog } from './catalog.ts'
import type { ClickHouseEngine } from './engine.ts'

const NO_BLOCKS: BlockSource = {
  loadColumns: async () => [],
  tailBatch: async () => ({ rowCount: 0, columns: [] }),
  release: () => {},
}

/** A pinned catalog view (see module header). */
export class ClickHouseSnapshot extends Snapshot {
  readonly #schemas: ReadonlyMap<string, FieldInfo[]>

  constructor(catalog: Catalog, engine: ClickHouseEngine) {
    const datasets = new Map<string, DatasetView>()
    const schemas = new Map<string, FieldInfo[]>()
    for (const name of catalog.names()) {
      const d = catalog.dataset(name)
      if (!d) continue
      datasets.set(name, { meta: d.meta, blocks: [], tail: EMPTY_TAIL })
      schemas.set(name, catalog.schema(name))
    }
    super({ id: catalog.version, datasets }, NO_BLOCKS)
    this.#schemas = schemas
    attachRemote(this, engine)
  }

  override schema(name: string): FieldInfo[] {
    return this.#schemas.get(name) ?? []
  }

  /** Every Scan compiles to SQL, so the executor never reads blocks of this snapshot. */
  override async *scan(_name: string, _opts: ScanOptions = {}): AsyncGenerator<ScanBatch> {
    yield* []
  }
}
