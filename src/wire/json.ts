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

/** Arrays longer than this are walked element by element by `stringifyWireChunks`. */
const SLICE_ELEMENTS = 2000

/** Characters gathered into one chunk of `stringifyWireChunks` before it is joined. */
const CHUNK_CHARS = 1 << 16

/**
 * `stringifyWire` with a turn of the event loop every TURN_MS of work on long arrays (a 20,000-row
 * result or 10,000 ingest failures took 50–80 ms to write in one piece), as chunks of about
 * CHUNK_CHARS characters: joining one text of megabytes took 40 ms more, and so does encoding it at
 * once. Plain objects and arrays are walked; every other value, and every array of at most
 * SLICE_ELEMENTS elements, is written by `stringifyWire`. The chunks joined equal `stringifyWire(value)`.
 * `clock`: the pieces' clock (tests pass one whose pieces last no time).
 */
export async function stringifyWireChunks(value: unknown, clock = new StepClock()): Promise<string[]> {
  const chunks: string[] = []
  let parts: string[] = []
  let chars = 0
  const push = (text: string) => {
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
    if (Array.isArray(v) && (v.length > SLICE_ELEMENTS || hasLongArray(v))) {
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
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && isPlain(v) && hasLongArray(v)) {
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

/** Whether `v` holds an array longer than SLICE_ELEMENTS, at most a few levels down. */
function hasLongArray(v: unknown, depth = 0): boolean {
  if (depth > 4 || v === null || typeof v !== 'object') return false
  if (Array.isArray(v)) {
    if (v.length > SLICE_ELEMENTS) return true
    for (const x of v) if (x !== null && typeof x === 'object' && hasLongArray(x, depth + 1)) return true
    return false
  }
  if (!isPlain(v)) return false
  for (const k of Object.keys(v)) if (hasLongArray((v as Record<string, unknown>)[k], depth + 1)) return true
  return false
}
