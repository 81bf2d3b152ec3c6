// service/capabilities.ts: the capability model of API tokens (api-contract.md §5): which keys and
// actions exist, validation of a token's capability maps, and the checks routes ask for. A
// principal is whoever a request authenticated as; the root principal holds every capability.
import { badRequest } from './service-error.ts'

/** Actions a capability grants. */
export type Action = 'create' | 'read' | 'update' | 'delete'

/** Dataset capability keys and the actions each may hold (§5). */
export const DATASET_CAPABILITIES = {
  ingest: ['create'],
  query: ['read'],
  starredQueries: ['create', 'read', 'update', 'delete'],
  virtualFields: ['create', 'read', 'update', 'delete'],
  trim: ['update'],
  vacuum: ['update'],
  data: ['delete'],
  share: ['create', 'read', 'delete'],
} as const satisfies Record<string, readonly Action[]>

const CRUD = ['create', 'read', 'update', 'delete'] as const

/** Organisation capability keys and the actions each may hold (§5). */
export const ORG_CAPABILITIES = {
  annotations: CRUD,
  apiTokens: CRUD,
  dashboards: CRUD,
  datasets: CRUD,
  endpoints: CRUD,
  flows: CRUD,
  integrations: CRUD,
  monitors: CRUD,
  notifiers: CRUD,
  rbac: CRUD,
  users: CRUD,
  views: CRUD,
  auditLog: ['read'],
  billing: ['read', 'update'],
  sharedAccessKeys: ['read', 'update'],
} as const satisfies Record<string, readonly Action[]>

/** A dataset capability key. */
export type DatasetCapKey = keyof typeof DATASET_CAPABILITIES
/** An organisation capability key. */
export type OrgCapKey = keyof typeof ORG_CAPABILITIES

/** Capabilities on one dataset: key → actions (omitted keys grant nothing). */
export type DatasetCapabilities = Partial<Record<DatasetCapKey, Action[]>>
/** Dataset name (or `*` for every dataset) → its capabilities. */
export type DatasetCapabilityMap = Record<string, DatasetCapabilities>
/** Organisation capabilities: key → actions. */
export type OrgCapabilities = Partial<Record<OrgCapKey, Action[]>>

/** Who a request authenticated as. */
export interface Principal {
  /** Token id (`root` for the root token). */
  readonly id: string
  readonly name: string
  /** The root token: every capability. */
  readonly root: boolean
  readonly datasetCapabilities: DatasetCapabilityMap
  readonly orgCapabilities: OrgCapabilities
}

/** The dataset key that stands for every dataset. */
export const ALL_DATASETS = '*'

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function checkActions(where: string, v: unknown, allowed: readonly string[]): Action[] {
  if (v === null || v === undefined) return []
  if (!Array.isArray(v)) throw badRequest('invalid_capabilities', `${where} must be an array of actions`)
  const out = new Set<Action>()
  for (const a of v) {
    // Go's client decodes "" as "no action"; keep accepting it.
    if (a === '') continue
    if (typeof a !== 'string' || !allowed.includes(a)) {
      throw badRequest(
        'invalid_capabilities',
        `${where}: unknown action ${JSON.stringify(a)}; allowed: ${allowed.join(', ')}`,
      )
    }
    out.add(a as Action)
  }
  return [...out].sort()
}

function checkKeys<K extends string>(
  where: string,
  v: unknown,
  table: Readonly<Record<K, readonly Action[]>>,
): Partial<Record<K, Action[]>> {
  if (v === null || v === undefined) return {}
  if (!isPlainObject(v)) throw badRequest('invalid_capabilities', `${where} must be an object`)
  const out: Partial<Record<K, Action[]>> = {}
  for (const [key, actions] of Object.entries(v)) {
    if (!Object.hasOwn(table, key)) {
      throw badRequest(
        'invalid_capabilities',
        `${where}: unknown capability ${JSON.stringify(key)}; known: ${Object.keys(table).join(', ')}`,
      )
    }
    const list = checkActions(`${where}.${key}`, actions, table[key as K])
    // Empty entries are left out, as the clients expect (§5).
    if (list.length > 0) out[key as K] = list
  }
  return out
}

/** Validates and normalizes `datasetCapabilities` of a token request (null/absent → `{}`). */
export function checkDatasetCapabilities(v: unknown): DatasetCapabilityMap {
  if (v === null || v === undefined) return {}
  if (!isPlainObject(v)) throw badRequest('invalid_capabilities', 'datasetCapabilities must be an object')
  const out: DatasetCapabilityMap = {}
  for (const [dataset, caps] of Object.entries(v)) {
    if (dataset === '')
      throw badRequest('invalid_capabilities', 'datasetCapabilities has an empty dataset name')
    const c = checkKeys(`datasetCapabilities[${JSON.stringify(dataset)}]`, caps, DATASET_CAPABILITIES)
    if (Object.keys(c).length > 0) Object.defineProperty(out, dataset, { value: c, enumerable: true })
  }
  return out
}

/** Validates and normalizes `orgCapabilities` of a token request (null/absent → `{}`). */
export function checkOrgCapabilities(v: unknown): OrgCapabilities {
  return checkKeys('orgCapabilities', v, ORG_CAPABILITIES)
}

/** True when `p` may do `action` under `cap` on `dataset` (directly or through `*`). */
export function allowsDataset(p: Principal, dataset: string, cap: DatasetCapKey, action: Action): boolean {
  if (p.root) return true
  const has = (key: string) =>
    Object.hasOwn(p.datasetCapabilities, key) && (p.datasetCapabilities[key][cap]?.includes(action) ?? false)
  return has(dataset) || has(ALL_DATASETS)
}

/** True when `p` may do `action` under `cap` on at least one dataset. */
export function allowsAnyDataset(p: Principal, cap: DatasetCapKey, action: Action): boolean {
  if (p.root) return true
  return Object.values(p.datasetCapabilities).some((c) => c[cap]?.includes(action) ?? false)
}

/** True when `p` holds the organisation capability. */
export function allowsOrg(p: Principal, cap: OrgCapKey, action: Action): boolean {
  if (p.root) return true
  return p.orgCapabilities[cap]?.includes(action) ?? false
}

/**
 * True when every capability in the maps is one `p` holds itself, so a token can never mint a
 * token stronger than itself. A `*` entry is covered only by the principal's own `*` entry.
 */
export function covers(p: Principal, datasets: DatasetCapabilityMap, org: OrgCapabilities): boolean {
  if (p.root) return true
  for (const [ds, caps] of Object.entries(datasets)) {
    for (const [cap, actions] of Object.entries(caps) as [DatasetCapKey, Action[]][]) {
      for (const a of actions) {
        const ok =
          ds === ALL_DATASETS
            ? (p.datasetCapabilities[ALL_DATASETS]?.[cap]?.includes(a) ?? false)
            : allowsDataset(p, ds, cap, a)
        if (!ok) return false
      }
    }
  }
  for (const [cap, actions] of Object.entries(org) as [OrgCapKey, Action[]][]) {
    for (const a of actions) if (!allowsOrg(p, cap, a)) return false
  }
  return true
}
