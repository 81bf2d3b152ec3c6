// service/annotation-fields.ts: the Annotation shape (api-contract.md §6) and its field rules:
// validation of a create body and of a JSON merge-patch update. Pure; storage is annotations.ts.
import { badRequest } from './service-error.ts'
import { formatTime, optionalTime } from './time-input.ts'

/** An annotation as the API returns it. Times are RFC 3339 Nano, UTC. */
export interface Annotation {
  id: string
  datasets: string[]
  type: string
  title?: string
  description?: string
  url?: string
  time: string
  endTime?: string
}

/** `POST /v2/annotations` body (`time` defaults to the request time). */
export interface CreateAnnotationRequest {
  datasets: string[]
  type: string
  title?: string
  description?: string
  url?: string
  time?: string
  endTime?: string | null
}

/** `PUT /v2/annotations/{id}` body: any subset; `null` removes an optional field (merge-patch). */
export type UpdateAnnotationRequest = {
  [K in keyof CreateAnnotationRequest]?: CreateAnnotationRequest[K] | null
}

const TYPE = /^[a-z0-9-]+$/
const CODE = 'invalid_annotation'
const TEXT_LIMITS = { title: 256, description: 512, url: 512 } as const
type TextField = keyof typeof TEXT_LIMITS
/** Most datasets one annotation names. */
export const MAX_ANNOTATION_DATASETS = 100
/** Longest dataset name an annotation may name (Axiom's dataset names are 1–128 characters). */
const MAX_DATASET_NAME = 128

function checkDatasets(v: unknown): string[] {
  if (!Array.isArray(v) || v.length === 0 || !v.every((d) => typeof d === 'string' && d !== '')) {
    throw badRequest(CODE, 'datasets must be a non-empty array of dataset names')
  }
  const names = [...new Set(v as string[])]
  if (names.length > MAX_ANNOTATION_DATASETS)
    throw badRequest(
      CODE,
      `datasets names ${names.length} datasets; an annotation may name at most ${MAX_ANNOTATION_DATASETS}`,
    )
  if (names.some((d) => d.length > MAX_DATASET_NAME))
    throw badRequest(CODE, `a dataset name is longer than ${MAX_DATASET_NAME} characters`)
  return names
}

function checkType(v: unknown): string {
  if (typeof v !== 'string' || !TYPE.test(v) || v.length > 256) {
    throw badRequest(CODE, 'type must match ^[a-z0-9-]+$ and be at most 256 characters, such as "deploy"')
  }
  return v
}

function checkText(field: TextField, v: unknown): string {
  if (typeof v !== 'string') throw badRequest(CODE, `${field} must be a string`)
  if (v.length > TEXT_LIMITS[field]) {
    throw badRequest(CODE, `${field} is longer than ${TEXT_LIMITS[field]} characters`)
  }
  return v
}

function checkTime(field: 'time' | 'endTime', v: unknown): string | undefined {
  const ns = optionalTime(field, v, CODE)
  return ns === undefined ? undefined : formatTime(ns)
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function checkOrder(a: Omit<Annotation, 'id'>): void {
  if (a.endTime !== undefined && Date.parse(a.endTime) < Date.parse(a.time)) {
    // ms precision is enough to catch a reversed interval; equal instants are fine.
    throw badRequest(CODE, 'endTime must not be before time')
  }
}

/** Validates a create body; `now` (RFC 3339) is the default `time`. Unknown keys are ignored. */
export function checkCreate(body: unknown, now: string): Omit<Annotation, 'id'> {
  if (!isObject(body)) throw badRequest(CODE, 'the request body must be a JSON object')
  const out: Omit<Annotation, 'id'> = {
    datasets: checkDatasets(body.datasets),
    type: checkType(body.type),
    time: checkTime('time', body.time) ?? now,
  }
  for (const f of Object.keys(TEXT_LIMITS) as TextField[]) {
    if (body[f] !== undefined && body[f] !== null && body[f] !== '') out[f] = checkText(f, body[f])
  }
  const end = checkTime('endTime', body.endTime)
  if (end !== undefined) out.endTime = end
  checkOrder(out)
  return out
}

/** Applies a JSON merge-patch to `current`: given keys replace, `null` removes optional ones. */
export function applyPatch(current: Annotation, patch: unknown): Annotation {
  if (!isObject(patch)) throw badRequest(CODE, 'the request body must be a JSON object')
  const next: Annotation = { ...current }
  const has = (k: string) => Object.hasOwn(patch, k) && patch[k] !== undefined
  if (has('datasets')) next.datasets = checkDatasets(patch.datasets)
  if (has('type')) next.type = checkType(patch.type)
  if (has('time')) {
    const t = checkTime('time', patch.time)
    if (t === undefined) throw badRequest(CODE, 'time cannot be removed; send an RFC 3339 time')
    next.time = t
  }
  if (has('endTime')) {
    const e = checkTime('endTime', patch.endTime)
    if (e === undefined) delete next.endTime
    else next.endTime = e
  }
  for (const f of Object.keys(TEXT_LIMITS) as TextField[]) {
    if (!has(f)) continue
    if (patch[f] === null || patch[f] === '') delete next[f]
    else next[f] = checkText(f, patch[f])
  }
  checkOrder(next)
  return next
}
