// test/reference/scalar/dynamic.ts: the reference's dynamic functions, row at a time: parse_json,
// todynamic, array_length, bag_pack/pack/pack_dictionary, pack_array, bag_has_key, bag_keys, bag_zip,
// len (rules 99–101). Written from the functions' documentation, never from engine code.

import { DateTime, fromJson, type Json, Timespan, toJson, type Value } from '../values.ts'
import { atPath } from './array.ts'
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

/** A property bag value, or null. */
function bag(v: Value): Record<string, Json> | null {
  return v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v instanceof DateTime) &&
    !(v instanceof Timespan)
    ? (v as Record<string, Json>)
    : null
}

/** Rule 110: a `$` key is a path (`.a`, `['a']`, `[0]`) that must exist; any other key a top-level key. */
function hasKey([v, k]: readonly Value[]): Value {
  const b = bag(v)
  if (b === null || k === null) return null
  const key = text(k)
  if (!key.startsWith('$')) return Object.hasOwn(b, key)
  const path: (string | number)[] = []
  let rest = key.slice(1)
  while (rest) {
    const m = /^(?:\.([^.[\]]+)|\[\s*(-?\d+)\s*\]|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\])/.exec(rest)
    if (!m) return false
    path.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? m[4]))
    rest = rest.slice(m[0].length)
  }
  return atPath(b, path) !== undefined
}

/** Rule 111 (Axiom): string keys paired with values up to the shorter array. */
function bagZip([k, v]: readonly Value[]): Value {
  if (!Array.isArray(k) || !Array.isArray(v)) return null
  const out: [string, Json][] = []
  const n = Math.min(k.length, v.length)
  for (let i = 0; i < n; i++) if (typeof k[i] === 'string') out.push([k[i] as string, v[i] as Json])
  return Object.fromEntries(out)
}

/** Rule 112: code points of a string, elements of an array, else null. */
function len([v]: readonly Value[]): Value {
  if (typeof v === 'string') return BigInt([...v].length)
  return Array.isArray(v) ? BigInt(v.length) : null
}

/** todynamic: as parse_json, but text that is not JSON gives null. */
function toDynamic(v: Value): Value {
  if (typeof v !== 'string') return v
  try {
    return fromJson(JSON.parse(v) as Json)
  } catch {
    return null
  }
}

/** The dynamic family. */
export const DYNAMIC: FamilyImpls<'dynamic'> = {
  parse_json: ([v]) => parseJson(v),
  array_length: ([v]) => (Array.isArray(v) ? BigInt(v.length) : null),
  bag_pack: bagPack,
  pack_array: (args) => args.map(toJson),
  pack_dictionary: bagPack,
  todynamic: ([v]) => toDynamic(v),
  bag_has_key: hasKey,
  bag_keys: ([v]) => (bag(v) ? Object.keys(bag(v) ?? {}) : null),
  bag_zip: bagZip,
  len,
}
