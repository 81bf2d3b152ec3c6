// service/monitors/field-readers.ts: typed readers of one field of a monitor or notifier body, each
// refusing a wrong value with 400 and the caller's stable code, naming the field and what it takes.
import { badRequest } from '../service-error.ts'

/** A JSON object; 400 `code` for anything else. */
export function objectOf(code: string, what: string, v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw badRequest(code, `${what} must be a JSON object`)
  }
  return v as Record<string, unknown>
}

/** Refuses keys outside `known` (a misspelt field would otherwise be dropped silently). */
export function knownKeys(
  code: string,
  what: string,
  o: Record<string, unknown>,
  known: ReadonlySet<string>,
) {
  for (const k of Object.keys(o)) {
    if (!known.has(k)) {
      throw badRequest(code, `${what} has no field ${JSON.stringify(k)}; known: ${[...known].join(', ')}`)
    }
  }
}

/** An optional string (null counts as absent) of at most `max` characters. */
export function str(code: string, o: Record<string, unknown>, key: string, max: number): string | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw badRequest(code, `${key} must be a string`)
  if (v.length > max) throw badRequest(code, `${key} is longer than ${max} characters`)
  return v
}

/** An optional boolean (null counts as absent). */
export function bool(code: string, o: Record<string, unknown>, key: string): boolean | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') throw badRequest(code, `${key} must be true or false`)
  return v
}

/** An optional finite number in `[min, max]` (null counts as absent). */
export function num(
  code: string,
  o: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
  whole = false,
): number | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  const ok = typeof v === 'number' && Number.isFinite(v) && (!whole || Number.isInteger(v))
  if (!ok || (v as number) < min || (v as number) > max) {
    const kind = whole ? 'a whole number' : 'a number'
    throw badRequest(code, `${key} must be ${kind} from ${min} to ${max}, got ${JSON.stringify(v)}`)
  }
  return v as number
}

/** An optional array of distinct non-empty strings (null counts as absent). */
export function strings(code: string, o: Record<string, unknown>, key: string): string[] | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x !== '')) {
    throw badRequest(code, `${key} must be an array of non-empty strings`)
  }
  return [...new Set(v as string[])]
}

/** An optional `{name: value}` map of strings (null counts as absent). */
export function stringMap(
  code: string,
  o: Record<string, unknown>,
  key: string,
): Record<string, string> | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  const m = objectOf(code, key, v)
  const out: Record<string, string> = {}
  for (const [k, x] of Object.entries(m)) {
    if (typeof x !== 'string') throw badRequest(code, `${key}.${k} must be a string`)
    Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true })
  }
  return out
}
