// wire/json.ts: the JSON text of a wire object. Writes a bigint as its exact digits (a JSON
// number, never a string), even when some library has patched `BigInt.prototype.toJSON`.

import { StepClock } from '../util/loop-turn.ts'

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

/** Values of more than this many members (arrays' elements and objects' keys, all levels counted) are walked by `stringifyWireChunks`. */
const SLICE_ELEMENTS = 2000

/** Characters gathered into one chunk of `stringifyWireChunks` before it is joined. */
const CHUNK_CHARS = 1 << 16

/**
 * Most characters of one body `stringifyWireChunks` writes (128 Mi): a result whose cells share
 * one large value (a `let` array in every row) is small in memory and huge as text.
 */
export const MAX_WIRE_CHARS = 1 << 27

/** A body that would pass `MAX_WIRE_CHARS` (thrown before the text is complete; nothing was sent). */
export class WireTooLarge extends Error {
  readonly code = 'response_too_large'
  readonly maxChars: number
  constructor(maxChars: number) {
    super(
      `the response would pass ${maxChars} characters of JSON; narrow the query (project fewer or smaller columns, take fewer rows)`,
    )
    this.name = 'WireTooLarge'
    this.maxChars = maxChars
  }
}

/**
 * `stringifyWire` with a turn of the event loop every TURN_MS of work on large values (a 20,000-row
 * result or 10,000 ingest failures took 50–80 ms to write in one piece), as chunks of about
 * CHUNK_CHARS characters: joining one text of megabytes took 40 ms more, and so does encoding it at
 * once. Plain objects and arrays of more than SLICE_ELEMENTS members in all (however deep) are
 * walked; every other value is written by `stringifyWire`. The chunks joined equal
 * `stringifyWire(value)`; past `maxChars` in all, WireTooLarge is thrown instead.
 * `clock`: the pieces' clock (tests pass one whose pieces last no time).
 */
export async function stringifyWireChunks(
  value: unknown,
  clock = new StepClock(),
  maxChars = MAX_WIRE_CHARS,
): Promise<string[]> {
  const chunks: string[] = []
  let parts: string[] = []
  let chars = 0
  let total = 0
  const push = (text: string) => {
    total += text.length
    if (total > maxChars) throw new WireTooLarge(maxChars)
    parts.push(text)
    chars += text.length
    if (chars >= CHUNK_CHARS) {
      chunks.push(parts.join(''))
      parts = []
      chars = 0
    }
  }
  // A long body starts on a turn of its own (the work before it, a query's last step, ran without one).
  let started = false
  const start = async () => {
    if (started) return
    started = true
    await clock.pause()
  }
  const write = async (v: unknown): Promise<boolean> => {
    if (Array.isArray(v) && large(v)) {
      await start()
      push('[')
      for (let i = 0; i < v.length; i++) {
        if (i > 0) push(',')
        if (!(await write(v[i]))) push('null')
        if (clock.due()) await clock.pause()
      }
      push(']')
      return true
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && isPlain(v) && large(v)) {
      await start()
      push('{')
      let first = true
      for (const k of Object.keys(v)) {
        const x = (v as Record<string, unknown>)[k]
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue
        push(`${first ? '' : ','}${JSON.stringify(k)}:`)
        first = false
        await write(x)
      }
      push('}')
      return true
    }
    const text = stringifyWire(v) as string | undefined
    if (text === undefined) return false
    push(text)
    return true
  }
  if (!(await write(value))) {
    const text = stringifyWire(value) as string | undefined
    return text === undefined ? [] : [text]
  }
  if (parts.length > 0) chunks.push(parts.join(''))
  return chunks
}

/** A plain object without `toJSON` (walked member by member). */
function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v)
  return (
    (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function'
  )
}

/**
 * Whether `v` has more than SLICE_ELEMENTS members in all, counting every level (a member shared by
 * several parents counts each time, as it is written each time). Stops counting past the bound, so
 * it costs at most about SLICE_ELEMENTS steps.
 */
function large(v: object): boolean {
  let left = SLICE_ELEMENTS
  const stack: object[] = [v]
  while (stack.length > 0) {
    const x = stack.pop() as object
    const members = Array.isArray(x) ? x : isPlain(x) ? Object.values(x) : []
    left -= members.length
    if (left < 0) return true
    for (const m of members) if (m !== null && typeof m === 'object') stack.push(m)
  }
  return false
}
