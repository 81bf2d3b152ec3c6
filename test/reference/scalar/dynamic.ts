// test/reference/scalar/dynamic.ts: the reference's dynamic functions, row at a time: parse_json,
// array_length, bag_pack/pack, pack_array. Written from the functions' documentation, never from engine
// code.

import { fromJson, type Json, toJson, type Value } from '../values.ts'
import { type FamilyImpls, text } from './define.ts'

/** `parse_json`: JSON text to a dynamic value; invalid JSON gives the input string (decision §10.7). */
function parseJson(v: Value): Value {
  if (typeof v !== 'string') return v
  try {
    return fromJson(JSON.parse(v) as Json)
  } catch {
    return v
  }
}

/** `bag_pack(k1, v1, …)`: keys by their `tostring` text (later duplicates win); null keys are skipped. */
function bagPack(args: readonly Value[]): Value {
  const entries: [string, Json][] = []
  for (let i = 0; i + 1 < args.length; i += 2) {
    if (args[i] !== null) entries.push([text(args[i]), toJson(args[i + 1])])
  }
  return Object.fromEntries(entries)
}

/** The dynamic family. */
export const DYNAMIC: FamilyImpls<'dynamic'> = {
  parse_json: ([v]) => parseJson(v),
  array_length: ([v]) => (Array.isArray(v) ? BigInt(v.length) : null),
  bag_pack: bagPack,
  pack_array: (args) => args.map(toJson),
}
