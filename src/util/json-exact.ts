// cli/json-big.ts: JSON.parse that keeps integers beyond ±2^53 exact (as bigint), for results read
// from a server; the engine sends them as plain digits (exec/format/json.ts).

type SourceContext = { readonly source?: string }

/** Parses JSON text; an integer literal that a double cannot hold exactly becomes a bigint. */
export function parseJsonExact(text: string): unknown {
  // The reviver's third argument (JSON.parse source text access) exists from Node 21.
  const reviver = (_key: string, value: unknown, ctx?: SourceContext): unknown => {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && ctx?.source !== undefined) {
      if (/^-?\d+$/.test(ctx.source)) return BigInt(ctx.source)
    }
    return value
  }
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown)
}
