// storage/datasets-api.ts: dataset administration (`store.datasets`): create, list, get, update,
// delete, trim, vacuum, and declared fields (types, map fields). Every change is a durable manifest
// edit before it is visible.
import * as path from 'node:path'
import { formatRfc3339Nano, parseGoDuration, parseRfc3339 } from '../util/time/index.ts'
import {
  checkDescription,
  checkKind,
  checkRetention,
  type DatasetCreate,
  type DatasetInfo,
  type DatasetUpdate,
  toInfo,
} from './dataset-info.ts'
import { validateDatasetName } from './dataset-name.ts'
import { DatasetRuntime } from './dataset-runtime.ts'
import { StoreError } from './errors.ts'
import { checkDeclaredName, type DeclaredType, mergeFieldTypes } from './field-decls.ts'
import type { FieldInfo } from './snapshot.ts'
import type { Store } from './store.ts'
import { Wal } from './wal/wal.ts'

const DAY_NS = 86_400_000_000_000n

/** Dataset administration (`store.datasets`). */
export class DatasetsApi {
  readonly #store: Store
  constructor(store: Store) {
    this.#store = store
  }

  /** Create a dataset; `dataset_exists` when the name is taken. */
  create(args: DatasetCreate): Promise<DatasetInfo> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        validateDatasetName(args?.name)
        const { retentionDays, useRetentionPeriod } = checkRetention(
          args.retentionDays,
          args.useRetentionPeriod,
        )
        const kind = checkKind(args.kind)
        const description = checkDescription(args.description)
        const ctx = s.context
        let meta: DatasetInfo | undefined
        await ctx.manifest.commit((state) => {
          for (const d of state.datasets.values()) {
            if (d.meta.name === args.name)
              throw new StoreError('dataset_exists', `dataset ${JSON.stringify(args.name)} already exists`)
          }
          const now = formatRfc3339Nano(s.now())
          const m = {
            id: `d${state.nextDatasetNum++}`,
            name: args.name,
            description,
            kind,
            who: args.who ?? '',
            created: now,
            updatedAt: now,
            useRetentionPeriod,
            retentionDays,
          }
          meta = toInfo(m)
          return [{ kind: 'DatasetCreated', dataset: m }]
        })
        const state = ctx.manifest.state
        const ds = [...state.datasets.values()].find((d) => d.meta.name === args.name)
        if (!ds || !meta)
          throw new StoreError(
            'dataset_not_found',
            `dataset ${args.name} not found: it vanished while being created`,
          )
        const { wal } = await Wal.open(ctx.fs, path.join(ctx.root, 'wal', ds.meta.id), {
          sync: ctx.sync,
          onFail: (e) => s.fail(e),
        })
        s.setRuntime(args.name, new DatasetRuntime(ctx, ds.meta, [], wal, 0))
        return meta
      })(),
    )
  }

  /** Every dataset, sorted by name. */
  async list(): Promise<DatasetInfo[]> {
    this.#store.assertUsable()
    return this.#store
      .runtimes()
      .map((rt) => toInfo(rt.meta))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  /** One dataset; `dataset_not_found` when missing. */
  async get(name: string): Promise<DatasetInfo> {
    this.#store.assertUsable()
    return toInfo(this.#store.runtime(name).meta)
  }

  /** Change description, retention and declared field types (omitted fields keep their values). */
  update(name: string, changes: DatasetUpdate): Promise<DatasetInfo> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const rt = s.runtime(name)
        if (changes.fieldTypes !== undefined) {
          const fieldTypes = mergeFieldTypes(rt.meta.fieldTypes, changes.fieldTypes, rt.meta.mapFields ?? [])
          await this.#declare(name, fieldTypes, [...(rt.meta.mapFields ?? [])])
        }
        const description =
          changes.description === undefined ? rt.meta.description : checkDescription(changes.description)
        const days = changes.retentionDays ?? rt.meta.retentionDays
        const use =
          changes.useRetentionPeriod ??
          (changes.retentionDays !== undefined ? true : rt.meta.useRetentionPeriod)
        const { retentionDays, useRetentionPeriod } = checkRetention(days, use)
        const updatedAt = formatRfc3339Nano(s.now())
        await s.context.manifest.commit([
          {
            kind: 'DatasetUpdated',
            id: rt.meta.id,
            description,
            useRetentionPeriod,
            retentionDays,
            updatedAt,
          },
        ])
        rt.setMeta({ ...rt.meta, description, useRetentionPeriod, retentionDays, updatedAt })
        await s.applyRetention(rt)
        return toInfo(rt.meta)
      })(),
    )
  }

  /** Delete a dataset and all its events. Snapshots taken before keep reading it until released. */
  delete(name: string): Promise<void> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const rt = s.runtime(name)
        await s.context.manifest.commit([{ kind: 'DatasetDeleted', id: rt.meta.id }])
        rt.deleted = true
        s.setRuntime(name, undefined)
        await rt.idle()
        await rt.wal.close().catch(() => {})
        await s.context.fs.rmrf(path.join(s.context.root, 'wal', rt.meta.id))
        for (const b of rt.blocks) await s.doom(b)
      })(),
    )
  }

  /**
   * Remove events older than `now - maxDuration` (a Go duration such as `1h0m0s`, `30m`, or
   * `7d`). Block-granular, like Axiom: a block goes only when all its events are older; unsealed
   * events are sealed first so they are covered.
   */
  trim(name: string, maxDuration: string): Promise<{ blocksRemoved: number; rowsRemoved: number }> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const rt = s.runtime(name)
        const dur = typeof maxDuration === 'string' ? parseGoDuration(maxDuration) : null
        if (dur === null || dur < 0n) {
          throw new StoreError(
            'invalid_argument',
            `invalid maxDuration ${JSON.stringify(maxDuration)}: use a Go duration such as "1h0m0s", "30m" or "7d"`,
          )
        }
        await rt.seal(true)
        const cutoff = s.now() - dur
        const old = rt.blocks
          .filter((b) => BigInt(b.meta.zoneMap.maxTime) < cutoff)
          .map((b) => b.meta.blockId)
        const rowsRemoved = await s.removeBlocks(rt, old, 'trim')
        return { blocksRemoved: old.length, rowsRemoved }
      })(),
    )
  }

  /**
   * Vacuum: the dataset forgets the fields that no stored event carries any more (fields outlive the
   * blocks that held them until then: block deletion, trim, retention). At most once per day per
   * dataset: sooner is `vacuum_too_soon`, whose `retryAt` says when. Returns the fields dropped.
   */
  vacuum(name: string): Promise<{ fieldsDropped: string[] }> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const rt = s.runtime(name)
        const now = s.now()
        const last = s.context.manifest.state.datasets.get(rt.meta.id)?.vacuumedAt
        if (last !== undefined) {
          const at = parseRfc3339(last)
          const next = at === null ? now : at + DAY_NS
          if (now < next) {
            const retryAt = formatRfc3339Nano(next)
            throw new StoreError(
              'vacuum_too_soon',
              `dataset ${JSON.stringify(name)} was vacuumed at ${last}; a dataset may be vacuumed once a day, next at ${retryAt}`,
              { retryAt },
            )
          }
        }
        const before = new Set(s.fields(name).map((f) => f.name))
        await s.context.manifest.commit([
          { kind: 'FieldsVacuumed', datasetId: rt.meta.id, at: formatRfc3339Nano(now) },
        ])
        rt.republish()
        const after = new Set(s.fields(name).map((f) => f.name))
        return { fieldsDropped: [...before].filter((f) => !after.has(f)).sort() }
      })(),
    )
  }

  /** The declared field types of a dataset (`{ duration: 'timespan' }`). */
  async fieldTypes(name: string): Promise<Record<string, DeclaredType>> {
    this.#store.assertUsable()
    return { ...this.#store.runtime(name).meta.fieldTypes }
  }

  /** The dataset's map fields, in declaration order. */
  async mapFields(name: string): Promise<string[]> {
    this.#store.assertUsable()
    return [...(this.#store.runtime(name).meta.mapFields ?? [])]
  }

  /**
   * Declare a map field: objects ingested under that (flattened) name afterwards are stored whole
   * and read by key (`['attributes.custom']['http.method']`); blocks stored before keep their
   * flattened fields. `map_field_exists` when already declared.
   */
  createMapField(name: string, field: string): Promise<{ name: string }> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const meta = s.runtime(name).meta
        checkDeclaredName(field, 'map field')
        const current = meta.mapFields ?? []
        if (current.includes(field))
          throw new StoreError('map_field_exists', `map field ${JSON.stringify(field)} already exists`)
        if (meta.fieldTypes?.[field] !== undefined)
          throw new StoreError(
            'invalid_argument',
            `field ${JSON.stringify(field)} is declared a ${meta.fieldTypes[field]}`,
          )
        await this.#declare(name, meta.fieldTypes ?? {}, [...current, field])
        return { name: field }
      })(),
    )
  }

  /** Replace the dataset's map fields by `fields` (no duplicates); returns the new list. */
  setMapFields(name: string, fields: readonly string[]): Promise<string[]> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const meta = s.runtime(name).meta
        if (!Array.isArray(fields))
          throw new StoreError('invalid_argument', 'map fields must be an array of field names')
        const seen = new Set<string>()
        for (const f of fields) {
          checkDeclaredName(f, 'map field')
          if (seen.has(f))
            throw new StoreError('invalid_argument', `map field ${JSON.stringify(f)} is listed twice`)
          if (meta.fieldTypes?.[f] !== undefined)
            throw new StoreError(
              'invalid_argument',
              `field ${JSON.stringify(f)} is declared a ${meta.fieldTypes[f]}`,
            )
          seen.add(f)
        }
        await this.#declare(name, meta.fieldTypes ?? {}, [...fields])
        return [...fields]
      })(),
    )
  }

  /**
   * Stop treating `field` as a map field: later objects under it are flattened again; blocks
   * stored meanwhile keep their map values. `map_field_not_found` when it is not one.
   */
  deleteMapField(name: string, field: string): Promise<void> {
    const s = this.#store
    return s.track(
      (async () => {
        s.assertUsable()
        const meta = s.runtime(name).meta
        const current = meta.mapFields ?? []
        if (!current.includes(field))
          throw new StoreError('map_field_not_found', `map field ${JSON.stringify(field)} does not exist`)
        await this.#declare(
          name,
          meta.fieldTypes ?? {},
          current.filter((f) => f !== field),
        )
      })(),
    )
  }

  /**
   * @internal Make sure `fieldTypes` and `mapFields` are declared on top of what is (OTLP ingest
   * declares its span shape); commits only when something is missing.
   */
  async ensureDeclared(
    name: string,
    fieldTypes: Readonly<Record<string, DeclaredType>>,
    mapFields: readonly string[],
  ): Promise<void> {
    const meta = this.#store.runtime(name).meta
    const types = { ...meta.fieldTypes }
    const maps = [...(meta.mapFields ?? [])]
    let changed = false
    for (const [f, t] of Object.entries(fieldTypes)) {
      if (types[f] === t || maps.includes(f)) continue
      types[f] = t
      changed = true
    }
    for (const f of mapFields) {
      if (maps.includes(f) || types[f] !== undefined) continue
      maps.push(f)
      changed = true
    }
    if (changed) await this.#store.track(this.#declare(name, types, maps))
  }

  /** Commit a dataset's declarations (durable before it is visible to ingest). */
  async #declare(name: string, fieldTypes: Record<string, DeclaredType>, mapFields: string[]): Promise<void> {
    const s = this.#store
    const rt = s.runtime(name)
    const updatedAt = formatRfc3339Nano(s.now())
    await s.context.manifest.commit([
      { kind: 'DatasetFieldsDeclared', id: rt.meta.id, fieldTypes, mapFields, updatedAt },
    ])
    rt.setMeta({ ...rt.meta, fieldTypes, mapFields, updatedAt })
  }

  /** Fields of a dataset with their (possibly composite) types. */
  async fields(name: string): Promise<FieldInfo[]> {
    this.#store.assertUsable()
    return this.#store.fields(name)
  }
}
