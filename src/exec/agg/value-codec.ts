// exec/agg/value-codec.ts: tagged binary encoding of the loose values states keep (list elements, topk
// keys, arg_max payloads): null, undefined, bool, number, bigint, string, arrays, plain objects.
// Must never accept anything it cannot rebuild exactly (Maps, class instances, functions): it throws.

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'

const T_UNDEFINED = 0
const T_NULL = 1
const T_FALSE = 2
const T_TRUE = 3
const T_NUMBER = 4
const T_BIGINT = 5
const T_STRING = 6
const T_ARRAY = 7
const T_OBJECT = 8

/** Nesting accepted on read: ingest cuts nesting at 100, so deeper bytes are corrupt. */
const MAX_DEPTH = 128

/** Appends `v` to `w`; throws AGG_UNSERIALIZABLE for values outside the supported set. */
export function writeValue(w: ByteWriter, v: unknown): void {
  if (v === undefined) w.u8(T_UNDEFINED)
  else if (v === null) w.u8(T_NULL)
  else if (typeof v === 'boolean') w.u8(v ? T_TRUE : T_FALSE)
  else if (typeof v === 'number') {
    w.u8(T_NUMBER)
    w.f64(v)
  } else if (typeof v === 'bigint') {
    w.u8(T_BIGINT)
    w.str(v.toString())
  } else if (typeof v === 'string') {
    w.u8(T_STRING)
    w.str(v)
  } else writeComposite(w, v)
}

function writeComposite(w: ByteWriter, v: unknown): void {
  if (Array.isArray(v)) {
    w.u8(T_ARRAY)
    w.u32(v.length)
    for (const x of v) writeValue(w, x)
    return
  }
  const proto = typeof v === 'object' ? Object.getPrototypeOf(v) : undefined
  if (proto === Object.prototype || proto === null) {
    const keys = Object.keys(v as object)
    w.u8(T_OBJECT)
    w.u32(keys.length)
    for (const k of keys) {
      w.str(k)
      writeValue(w, (v as Record<string, unknown>)[k])
    }
    return
  }
  throw new AggStateError('AGG_UNSERIALIZABLE', `cannot carry a ${describe(v)} between workers`)
}

/** Reads one value written by `writeValue`. */
export function readValue(r: ByteReader, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new AggStateError('AGG_CORRUPT_STATE', 'value nesting too deep')
  const tag = r.u8()
  switch (tag) {
    case T_UNDEFINED:
      return undefined
    case T_NULL:
      return null
    case T_FALSE:
      return false
    case T_TRUE:
      return true
    case T_NUMBER:
      return r.f64()
    case T_BIGINT: {
      const s = r.str()
      if (!/^-?\d+$/.test(s)) throw new AggStateError('AGG_CORRUPT_STATE', 'bad bigint in state')
      return BigInt(s)
    }
    case T_STRING:
      return r.str()
    case T_ARRAY: {
      const n = r.count(1)
      const out = new Array<unknown>(n)
      for (let i = 0; i < n; i++) out[i] = readValue(r, depth + 1)
      return out
    }
    case T_OBJECT: {
      const n = r.count(5)
      const out: Record<string, unknown> = {}
      for (let i = 0; i < n; i++) {
        const k = r.str()
        // defineProperty: a '__proto__' key stays a plain key instead of replacing the prototype.
        Object.defineProperty(out, k, {
          value: readValue(r, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      return out
    }
  }
  throw new AggStateError('AGG_CORRUPT_STATE', `unknown value tag ${tag}`)
}

function describe(v: unknown): string {
  if (typeof v === 'object' && v !== null) return v.constructor?.name ?? 'object'
  return typeof v
}
