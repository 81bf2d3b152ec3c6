// service/safe-json.ts: JSON request bodies of the API routes, parsed defensively: valid UTF-8,
// nesting bounded before the parser runs, and no `__proto__`, `constructor` or `prototype` keys
// (prototype poisoning). Ingest bodies are not parsed here (see ingest-shape.ts).
import { badRequest } from './service-error.ts'

/** Deepest nesting of arrays and objects an API body may have. */
export const MAX_BODY_DEPTH = 64

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Deepest array/object nesting of JSON text, stopping once it passes `limit` (strings skipped). */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > max) {
        max = depth
        if (max > limit) return max
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--
  }
  return max
}

function reviver(key: string, value: unknown): unknown {
  if (FORBIDDEN_KEYS.has(key)) {
    throw badRequest('forbidden_key', `JSON key ${JSON.stringify(key)} is not allowed in request bodies`)
  }
  return value
}

/** Parses a JSON body; undefined for an empty one. 400 on bad UTF-8, bad JSON, depth or keys. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    throw badRequest('invalid_json', 'the request body is not valid UTF-8')
  }
  if (text.trim() === '') return undefined
  if (jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw badRequest('too_deep', `the JSON body is nested deeper than ${MAX_BODY_DEPTH} levels`)
  }
  try {
    return JSON.parse(text, reviver)
  } catch (e) {
    if (e instanceof SyntaxError)
      throw badRequest('invalid_json', `the request body is not valid JSON: ${e.message}`)
    throw e
  }
}

/** Parses a JSON header value (such as `X-Axiom-Event-Labels`) under the same rules. */
export function parseJsonText(text: string): unknown {
  return parseJsonBody(new TextEncoder().encode(text))
}
