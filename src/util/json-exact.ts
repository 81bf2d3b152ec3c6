// util/json-exact.ts: JSON.parse that keeps integers beyond ±2^53 exact (as bigint): for ingested
// JSON text (NDJSON, JSON arrays, HTTP bodies) and for results the CLI reads from a server (the
// engine writes them as plain digits: exec/format/json.ts). Native speed for text without one.

type SourceContext = { readonly source?: string }
type Reviver = (this: unknown, key: string, value: unknown) => unknown

/** Deepest nesting the check below looks into (ingest cuts events at 100 levels anyway). */
const MAX_DEPTH = 128

/**
 * The reviver's third argument (JSON.parse source text access, Node ≥ 21) gives each number's own
 * text: an integer literal a double cannot hold exactly becomes a bigint (beyond int64 too: the
 * caller decides what such a value means); other numbers stay numbers.
 */
function exactInteger(_key: string, value: unknown, ctx?: SourceContext): unknown {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && ctx?.source !== undefined) {
    if (/^-?\d+$/.test(ctx.source)) return BigInt(ctx.source)
  }
  return value
}

/**
 * True when `v` holds an integral number beyond ±2^53: a big integer literal rounded by the parse
 * (or a float literal such as 1e300, which the reviver then keeps as it is).
 */
function holdsUnsafeInteger(v: unknown, depth: number): boolean {
  if (typeof v === 'number')
    return (v > Number.MAX_SAFE_INTEGER || v < -Number.MAX_SAFE_INTEGER) && v - v === 0
  if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return false
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (holdsUnsafeInteger(v[i], depth + 1)) return true
    return false
  }
  for (const k in v) if (holdsUnsafeInteger((v as Record<string, unknown>)[k], depth + 1)) return true
  return false
}

/**
 * Parses JSON text; an integer literal that a double cannot hold exactly becomes a bigint. The
 * native parse runs first; only a value holding a rounded integer is parsed again with the reviver
 * (a walk over the parsed value costs a fraction of the parse; a scan of the text costs more).
 */
export function parseJsonExact(text: string): unknown {
  const v: unknown = JSON.parse(text)
  return holdsUnsafeInteger(v, 0) ? JSON.parse(text, exactInteger as Reviver) : v
}
