// util/json-exact.ts: JSON.parse that keeps integers beyond ±2^53 exact (as bigint): for ingested
// JSON text (NDJSON, JSON arrays, HTTP bodies) and for results the CLI reads from a server (the
// engine writes them as plain digits: wire/json.ts). A reviver with source access: slower
// than a plain parse, so ingest runs it only on text whose plain parse met a number that large.

type SourceContext = { readonly source?: string }
type Reviver = (this: unknown, key: string, value: unknown) => unknown

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

/** Parses JSON text; every integer literal that a double cannot hold exactly becomes a bigint. */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, exactInteger as Reviver)
}
