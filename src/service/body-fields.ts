// service/body-fields.ts: small readers for fields of a parsed JSON body, each refusing a wrong type
// with a 400 that names the field. No defaults beyond "absent".
import { badRequest } from './service-error.ts'

/** A JSON object body; 400 `invalid_body` for anything else (an empty body included). */
export function objectBody(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw badRequest('invalid_body', 'the request body must be a JSON object')
  }
  return v as Record<string, unknown>
}

/** An optional string field (`""` and null count as absent). */
export function optString(o: Record<string, unknown>, key: string): string | undefined {
  const v = o[key]
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string') throw badRequest('invalid_body', `${key} must be a string`)
  return v
}

/** A required non-empty string field. */
export function reqString(o: Record<string, unknown>, key: string): string {
  const v = optString(o, key)
  if (v === undefined) throw badRequest('invalid_body', `${key} is required`)
  return v
}

/** An optional boolean field. */
export function optBool(o: Record<string, unknown>, key: string): boolean | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') throw badRequest('invalid_body', `${key} must be true or false`)
  return v
}

/** An optional non-negative safe integer field. */
export function optCount(o: Record<string, unknown>, key: string): number | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw badRequest('invalid_body', `${key} must be a whole number ≥ 0`)
  }
  return v
}
