// service/monitors/notifier-fields.ts: the notifier document (OpenAPI v2 `Notifier`): validation of a
// create or update body against the kinds table (exactly one kind; field names matched without
// regard to case, as Axiom's Go server decodes them), and the masked form every answer uses.
import { badRequest } from '../service-error.ts'
import { formatSeconds, optionalTime } from '../time-input.ts'
import { knownKeys, objectOf, str } from './field-readers.ts'
import { compileTemplate, TemplateError } from './go-template.ts'
import { type FieldKind, KINDS, NOTIFIER_KINDS, type NotifierKind } from './notifier-kinds.ts'

const CODE = 'invalid_notifier'

/** What every answer shows in place of a secret value; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = '********'

/** One kind's configuration: field → value. */
export type KindConfig = Record<string, string | boolean | string[] | Record<string, string>>

/** A notifier as stored (secrets in clear) and, masked, as answered. */
export interface Notifier {
  /** `notify_` + 24 hex digits. */
  id: string
  name: string
  /** Exactly one kind. */
  properties: Partial<Record<NotifierKind, KindConfig>>
  disabledUntil?: string
  createdAt: string
  createdBy: string
  updatedAt: string
}

/** The fields a body sets. */
export type NotifierFields = Pick<Notifier, 'name' | 'properties' | 'disabledUntil'>

const KNOWN = new Set(['id', 'name', 'properties', 'disabledUntil', 'createdAt', 'createdBy', 'updatedAt'])

function checkValue(kind: NotifierKind, field: string, fk: FieldKind, v: unknown): KindConfig[string] {
  const where = `properties.${kind}.${field}`
  const FIELD: Record<FieldKind, () => KindConfig[string]> = {
    string: () => {
      if (typeof v !== 'string' || v === '') throw badRequest(CODE, `${where} must be a non-empty string`)
      return v
    },
    url: () => {
      let u: URL | undefined
      try {
        u = typeof v === 'string' ? new URL(v) : undefined
      } catch {}
      if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
        throw badRequest(CODE, `${where} must be an http:// or https:// URL, got ${JSON.stringify(v)}`)
      }
      return v as string
    },
    bool: () => {
      if (typeof v !== 'boolean') throw badRequest(CODE, `${where} must be true or false`)
      return v
    },
    strings: () => {
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string' && x !== '')) {
        throw badRequest(CODE, `${where} must be a non-empty array of strings`)
      }
      return v as string[]
    },
    headers: () => {
      const m = objectOf(CODE, where, v)
      const out: Record<string, string> = {}
      for (const [k, x] of Object.entries(m)) {
        if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k))
          throw badRequest(CODE, `${where}: ${JSON.stringify(k)} is not a header name`)
        if (typeof x !== 'string' || /[\r\n]/.test(x))
          throw badRequest(CODE, `${where}.${k} must be a one-line string`)
        Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true })
      }
      return out
    },
    template: () => {
      if (typeof v !== 'string') throw badRequest(CODE, `${where} must be a string (a Go template)`)
      try {
        compileTemplate(v)
      } catch (e) {
        if (e instanceof TemplateError)
          throw badRequest(CODE, `${where} is not a valid template: ${e.message}`)
        throw e
      }
      return v
    },
  }
  return FIELD[fk]()
}

/** Reads one kind's configuration; field names match case-insensitively (Go's `URL` is `url`). */
function checkKind(kind: NotifierKind, raw: unknown): KindConfig {
  const def = KINDS[kind]
  const o = objectOf(CODE, `properties.${kind}`, raw)
  const byLower = new Map(Object.keys(def.fields).map((f) => [f.toLowerCase(), f]))
  const out: KindConfig = {}
  for (const [k, v] of Object.entries(o)) {
    const field = byLower.get(k.toLowerCase())
    if (field === undefined) {
      throw badRequest(
        CODE,
        `properties.${kind} has no field ${JSON.stringify(k)}; known: ${Object.keys(def.fields).join(', ')}`,
      )
    }
    if (v === null || v === undefined || (v === '' && !def.required.includes(field))) continue
    out[field] = checkValue(kind, field, def.fields[field], v)
  }
  for (const f of def.required) {
    if (out[f] === undefined) throw badRequest(CODE, `properties.${kind}.${f} is required`)
  }
  return out
}

/** The one configured kind of `properties`. */
export function kindOf(properties: Notifier['properties']): NotifierKind {
  return NOTIFIER_KINDS.find((k) => properties[k] !== undefined) as NotifierKind
}

/** Validates a create or update body. */
export function checkNotifierBody(body: unknown): NotifierFields {
  const o = objectOf(CODE, 'the notifier', body)
  knownKeys(CODE, 'a notifier', o, KNOWN)
  const name = str(CODE, o, 'name', 256)?.trim()
  if (!name) throw badRequest(CODE, 'name is required: a non-empty string of at most 256 characters')
  const props = objectOf(CODE, 'properties', o.properties ?? null)
  const set = Object.entries(props).filter(([, v]) => v !== null && v !== undefined)
  for (const [k] of set) {
    if (!(NOTIFIER_KINDS as readonly string[]).includes(k)) {
      throw badRequest(
        CODE,
        `properties has no kind ${JSON.stringify(k)}; known: ${NOTIFIER_KINDS.join(', ')}`,
      )
    }
  }
  if (set.length !== 1) {
    throw badRequest(
      CODE,
      `properties must configure exactly one kind (${NOTIFIER_KINDS.join(', ')}), got ${set.length}`,
    )
  }
  const kind = set[0][0] as NotifierKind
  const fields: NotifierFields = { name, properties: { [kind]: checkKind(kind, set[0][1]) } }
  const until = optionalTime('disabledUntil', o.disabledUntil, CODE)
  if (until !== undefined) fields.disabledUntil = formatSeconds(until)
  return fields
}

/** `value` with each secret replaced by the mask (maps keep their keys). */
function maskValue(v: KindConfig[string]): KindConfig[string] {
  if (typeof v === 'string') return SECRET_MASK
  if (typeof v === 'object' && !Array.isArray(v)) {
    return Object.fromEntries(Object.keys(v).map((k) => [k, SECRET_MASK]))
  }
  return v
}

/** The notifier as every answer shows it: secrets masked. */
export function maskNotifier(n: Notifier): Notifier {
  const kind = kindOf(n.properties)
  const config = { ...(n.properties[kind] as KindConfig) }
  for (const f of KINDS[kind].secret) if (config[f] !== undefined) config[f] = maskValue(config[f])
  return { ...structuredClone(n), properties: { [kind]: config } }
}

/** An update's properties with each secret sent back masked replaced by the stored one. */
export function keepMaskedSecrets(next: NotifierFields, prev: Notifier): NotifierFields {
  const kind = kindOf(next.properties)
  const old = prev.properties[kind]
  if (old === undefined) return next
  const config = { ...(next.properties[kind] as KindConfig) }
  for (const f of KINDS[kind].secret) {
    const v = config[f]
    const was = old[f]
    if (v === SECRET_MASK && typeof was === 'string') config[f] = was
    else if (typeof v === 'object' && !Array.isArray(v) && typeof was === 'object' && !Array.isArray(was)) {
      const merged: Record<string, string> = { ...v }
      for (const [h, x] of Object.entries(v))
        if (x === SECRET_MASK && Object.hasOwn(was, h)) merged[h] = was[h]
      config[f] = merged
    }
  }
  return { ...next, properties: { [kind]: config } }
}
