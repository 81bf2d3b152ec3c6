// wire/json.ts: the JSON text of a wire object. Writes a bigint as its exact digits (a JSON
// number, never a string), even when some library has patched `BigInt.prototype.toJSON`.

// JSON.rawJSON (Node ≥ 21) is not in the ES2024 lib typings yet.
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

// JSON.stringify applies `toJSON` before the replacer sees a value, so the replacer reads the raw
// value from its holder (`this[key]`): @axiomhq/js, once imported, sets BigInt.prototype.toJSON to
// `toString`, which would otherwise turn every big long into a string.
function bigintAsDigits(this: Record<string, unknown>, key: string, v: unknown): unknown {
  const raw = this[key]
  return typeof raw === 'bigint' ? rawJSON(raw.toString()) : v
}

/**
 * `JSON.stringify` for wire objects whose integers may be `bigint`: those are written as plain
 * digits (`12345678901234567891`). While `BigInt.prototype.toJSON` is unset, a value without a
 * bigint takes the native path with no replacer, and the replacer pass runs only after the native
 * one has met a bigint (and thrown); with it set, the replacer pass always runs.
 */
export function stringifyWire(value: unknown): string {
  if ((BigInt.prototype as { toJSON?: unknown }).toJSON !== undefined)
    return JSON.stringify(value, bigintAsDigits)
  try {
    return JSON.stringify(value)
  } catch (e) {
    if (!(e instanceof TypeError) || !/BigInt/i.test(e.message)) throw e
    return JSON.stringify(value, bigintAsDigits)
  }
}
