// exec/kernels/dynamic/dynamic-functions.ts: functions building or reading dynamic values: parse_json,
// todynamic, array_length, bag_pack (pack, pack_dictionary), pack_array (reference rules 7, 36, 37).
// JSON text parses once per dictionary (cached with it); containers built per row are the output.
import type { CellJson } from '../../result.ts'
import type { DynVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { asText, jsonAt } from '../arg-views.ts'
import type { Kernel } from '../kernel.ts'

/** JSON text as a dynamic value; text that is not JSON stays the string (decision §10.7). */
function parseText(s: string): CellJson {
  try {
    return JSON.parse(s) as CellJson
  } catch {
    return s
  }
}

/**
 * Parsed dictionaries: a scan's dictionary lives as long as its cached block vector, so each distinct
 * JSON text of a block is parsed once, however many batches and queries read it. Parsed values are
 * shared and never mutated (kernels build new containers).
 */
const PARSED = new WeakMap<readonly string[], { text: (CellJson | null)[]; strict: (CellJson | null)[] }>()

/** The dictionary's entries parsed (`text`: invalid JSON stays the string; `strict`: null). */
function parsedDict(dict: readonly string[]) {
  let p = PARSED.get(dict)
  if (p === undefined) {
    const text = dict.map(parseText)
    const strict = dict.map((s, i) => (text[i] === s ? null : text[i]))
    p = { text, strict }
    PARSED.set(dict, p)
  }
  return p
}

/** parse_json(x) (`strict`: todynamic's null for invalid JSON): strings parse, dynamic passes. */
const parseWith =
  (strict: boolean): Kernel =>
  (args, n) => {
    const v = args[0]
    if (v.kind === 'dyn') return v
    const values: (CellJson | null)[] = new Array(n)
    if (v.kind === 'str') {
      const cache = parsedDict(v.dict)
      const parsed = strict ? cache.strict : cache.text
      for (let i = 0; i < n; i++) values[i] = v.codes[i] < 0 ? null : parsed[v.codes[i]]
    } else for (let i = 0; i < n; i++) values[i] = mixedStringJson(v, i, strict) ?? jsonAt(v, i)
    return { kind: 'dyn', values } satisfies DynVec
  }

/** A string cell of a mixed vector parsed as JSON text; undefined for other cells. */
function mixedStringJson(v: Vec, i: number, strict: boolean): CellJson | undefined {
  if (v.kind !== 'mixed') return undefined
  const c = v.values[i]
  if (typeof c !== 'string') return undefined
  const j = parseText(c)
  return strict && j === c ? null : j // a parsed text never equals its source
}

/** array_length(x): elements of a dynamic array; null for anything else. */
const arrayLength: Kernel = (args, n) => {
  const v = args[0]
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'dyn' || v.kind === 'mixed') {
    for (let i = 0; i < n; i++) {
      const c = cellAt(v, i)
      if (Array.isArray(c)) {
        values[i] = c.length
        valid[i] = 1
      }
    }
  }
  return { kind: 'num', type: 'long', values, valid }
}

/** bag_pack(k1, v1, …): keys by their text (later duplicates win), null keys skipped. */
const bagPack: Kernel = (args, n) => {
  const pairs = Math.floor(args.length / 2)
  const keys = Array.from({ length: pairs }, (_, p) => asText(args[2 * p], n))
  const values: CellJson[] = new Array(n)
  for (let i = 0; i < n; i++) {
    const entries: [string, CellJson][] = []
    for (let p = 0; p < pairs; p++) {
      const k = keys[p].codes[i]
      if (k >= 0) entries.push([keys[p].dict[k], jsonAt(args[2 * p + 1], i)])
    }
    // fromEntries defines own properties, so a `__proto__` key stays an ordinary key.
    values[i] = Object.fromEntries(entries)
  }
  return { kind: 'dyn', values }
}

/** pack_array(v1, …): the JSON form of each argument. */
const packArray: Kernel = (args, n) => {
  const values: CellJson[] = new Array(n)
  for (let i = 0; i < n; i++) {
    const row: CellJson[] = new Array(args.length)
    for (let k = 0; k < args.length; k++) row[k] = jsonAt(args[k], i)
    values[i] = row
  }
  return { kind: 'dyn', values }
}

/** Dynamic-value kernels keyed by scalar kernel key. */
export const DYNAMIC_FUNCTION_KERNELS = {
  parse_json: parseWith(false),
  todynamic: parseWith(true),
  pack_dictionary: bagPack,
  array_length: arrayLength,
  bag_pack: bagPack,
  pack_array: packArray,
} as const satisfies Record<string, Kernel>
