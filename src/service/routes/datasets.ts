// service/routes/datasets.ts: `/v2/datasets` (api-contract.md §4): list, get, create (409 on a
// duplicate), update (Go sends every field; JS a subset), delete and trim (204), vacuum, fields and
// map fields. Thin: validation and durability are the store's (storage/datasets-api.ts).

import { StoreError } from '../../storage/errors.ts'
import { objectBody, optString, reqString } from '../body-fields.ts'
import type { Reply, RouteContext } from '../route-types.ts'
import { badRequest, ServiceError } from '../service-error.ts'

/** `GET /v2/datasets`. */
export async function listDatasets(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.db.datasets.list() }
}

/** `GET /v2/datasets/{id}`. */
export async function getDataset(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.db.datasets.get(ctx.params.id) }
}

function numberOrUndefined(o: Record<string, unknown>, key: string): number | undefined {
  const v = o[key]
  return v === undefined || v === null ? undefined : (v as number)
}

function boolOrUndefined(o: Record<string, unknown>, key: string): boolean | undefined {
  const v = o[key]
  return v === undefined || v === null ? undefined : (v as boolean)
}

/** `POST /v2/datasets` (the store type-checks retention and kind). */
export async function createDataset(ctx: RouteContext): Promise<Reply> {
  const b = objectBody(await ctx.json())
  const info = await ctx.db.datasets.create({
    name: reqString(b, 'name'),
    description: optString(b, 'description'),
    kind: optString(b, 'kind'),
    retentionDays: numberOrUndefined(b, 'retentionDays'),
    useRetentionPeriod: boolOrUndefined(b, 'useRetentionPeriod'),
    who: ctx.principal.id,
  })
  return { status: 200, body: info }
}

/** `PUT /v2/datasets/{id}`: omitted fields keep their values. */
export async function updateDataset(ctx: RouteContext): Promise<Reply> {
  const b = objectBody(await ctx.json())
  const description = b.description === null ? undefined : b.description
  if (description !== undefined && typeof description !== 'string') {
    throw badRequest('invalid_body', 'description must be a string')
  }
  const info = await ctx.db.datasets.update(ctx.params.id, {
    description,
    retentionDays: numberOrUndefined(b, 'retentionDays'),
    useRetentionPeriod: boolOrUndefined(b, 'useRetentionPeriod'),
  })
  return { status: 200, body: info }
}

/** `DELETE /v2/datasets/{id}`: 204. */
export async function deleteDataset(ctx: RouteContext): Promise<Reply> {
  await ctx.db.datasets.delete(ctx.params.id)
  return { status: 204 }
}

/** `POST /v2/datasets/{id}/trim` with `{"maxDuration":"1h0m0s"}`: 204. */
export async function trimDataset(ctx: RouteContext): Promise<Reply> {
  const b = objectBody(await ctx.json())
  await ctx.db.datasets.trim(ctx.params.id, reqString(b, 'maxDuration'))
  return { status: 204 }
}

/**
 * `POST /v2/datasets/{id}/vacuum`: 200 `{}` once the fields no stored event carries are dropped (Axiom
 * queues the request; here it is done when the answer comes). Once a day per dataset, else 429 with
 * `Retry-After` as an HTTP date, as Axiom's spec gives it.
 */
export async function vacuumDataset(ctx: RouteContext): Promise<Reply> {
  try {
    await ctx.db.datasets.vacuum(ctx.params.id)
    return { status: 200, body: {} }
  } catch (e) {
    if (!(e instanceof StoreError) || e.code !== 'vacuum_too_soon' || e.retryAt === undefined) throw e
    return {
      status: 429,
      headers: { 'retry-after': new Date(Date.parse(e.retryAt)).toUTCString() },
      body: { code: 429, message: e.message, error: e.code },
    }
  }
}

/** `GET /v2/datasets/{id}/fields`: name and API type of every field. */
export async function datasetFields(ctx: RouteContext): Promise<Reply> {
  const fields = await ctx.db.datasets.fields(ctx.params.id)
  return {
    status: 200,
    body: fields.map((f) => ({ name: f.name, type: f.type, description: '', unit: '', hidden: false })),
  }
}

/**
 * `GET /v2/datasets/{id}/fields/{field}`: one field (a declared but not yet stored field has its
 * declared type); 404 for a field the dataset neither stores nor declares.
 */
export async function datasetField(ctx: RouteContext): Promise<Reply> {
  const name = ctx.params.field
  const stored = (await ctx.db.datasets.fields(ctx.params.id)).find((f) => f.name === name)
  const declared = (await ctx.db.datasets.fieldTypes(ctx.params.id))[name]
  const mapped = (await ctx.db.datasets.mapFields(ctx.params.id)).includes(name)
  const type = stored?.type ?? declared ?? (mapped ? 'map' : undefined)
  if (type === undefined)
    throw new ServiceError(404, 'field_not_found', `dataset has no field ${JSON.stringify(name)}`)
  return { status: 200, body: { name, type, description: '', unit: '', hidden: false } }
}

/**
 * `PUT /v2/datasets/{id}/fields/{field}` with a DatasetField (`{"name","type"}`): declares the field's
 * type (`timespan`; `""` or the stored type removes a declaration). Applies to events ingested after.
 */
export async function updateDatasetField(ctx: RouteContext): Promise<Reply> {
  const b = objectBody(await ctx.json())
  const name = ctx.params.field
  const type = reqString(b, 'type')
  if (b.name !== undefined && b.name !== name) throw badRequest('invalid_body', 'name must match the path')
  const declare = type === 'timespan' ? 'timespan' : type === '' ? null : undefined
  if (declare === undefined)
    throw badRequest(
      'invalid_body',
      `a field can be declared a timespan (or "" to remove it), not ${JSON.stringify(type)}`,
    )
  await ctx.db.datasets.update(ctx.params.id, { fieldTypes: { [name]: declare } })
  return datasetField(ctx)
}

/** `GET /v2/datasets/{id}/mapfields`: the dataset's map fields. */
export async function datasetMapFields(ctx: RouteContext): Promise<Reply> {
  return { status: 200, body: await ctx.db.datasets.mapFields(ctx.params.id) }
}

/** `POST /v2/datasets/{id}/mapfields` with `{"name"}`: 409 when it exists. */
export async function createMapField(ctx: RouteContext): Promise<Reply> {
  const b = objectBody(await ctx.json())
  return { status: 200, body: await ctx.db.datasets.createMapField(ctx.params.id, reqString(b, 'name')) }
}

/** `PUT /v2/datasets/{id}/mapfields` with `["a","b"]`: replaces the list. */
export async function updateMapFields(ctx: RouteContext): Promise<Reply> {
  const b = await ctx.json()
  if (!Array.isArray(b) || !b.every((x) => typeof x === 'string'))
    throw badRequest('invalid_body', 'the body must be a JSON array of map field names')
  return { status: 200, body: await ctx.db.datasets.setMapFields(ctx.params.id, b) }
}

/** `DELETE /v2/datasets/{id}/mapfields/{field}`: 204; 404 when it is not a map field. */
export async function deleteMapField(ctx: RouteContext): Promise<Reply> {
  await ctx.db.datasets.deleteMapField(ctx.params.id, ctx.params.field)
  return { status: 204 }
}
