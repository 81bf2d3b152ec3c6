// test/unit/storage/ingest/limits.test.ts: field-name size, string size and nesting-depth limits,
// including hostile depths that must not overflow the stack.
import { describe, expect, it } from 'vitest'
import {
  MAX_NESTING_DEPTH,
  MAX_STRING_BYTES,
  normalizeEvent,
  TOO_LONG_STRING,
  utf8ByteLength,
} from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent, JsonValue } from '../../../../src/storage/types.ts'

const opts = { receiveTime: 5n, sysTime: 6n }

function ok(raw: unknown): FlatEvent {
  const res = normalizeEvent(raw, opts)
  if (!res.ok) throw new Error(res.error)
  return res.event
}

/**
 * `{"":{"":…{"v":1}}}` with `levels` nested objects below the event. Empty keys keep the dotted
 * name (`'.'.repeat(levels) + 'v'`) under the 200-byte name limit.
 */
function nestedObjects(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = { v: 1 }
  for (let i = 1; i < levels; i++) inner = { '': inner }
  return { '': inner }
}

/** `{a:[[…[1]…]]}` with `levels` nested arrays. */
function nestedArrays(levels: number): Record<string, unknown> {
  let inner: unknown[] = [1]
  for (let i = 1; i < levels; i++) inner = [inner]
  return { a: inner }
}

function arrayDepth(v: JsonValue): { depth: number; leaf: JsonValue } {
  let depth = 0
  let cur: JsonValue = v
  while (Array.isArray(cur)) {
    depth++
    cur = cur[0]
  }
  return { depth, leaf: cur }
}

describe('field name limit', () => {
  it('accepts 200 bytes and fails the event at 201, counting UTF-8 bytes', () => {
    expect(ok({ ['n'.repeat(200)]: 1 }).fields['n'.repeat(200)]).toBe(1)
    const r = normalizeEvent({ ['n'.repeat(201)]: 1 }, opts)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatch(/201 bytes long; the limit is 200 bytes/)
    expect(normalizeEvent({ ['é'.repeat(100)]: 1 }, opts).ok).toBe(true) // 200 bytes
    expect(normalizeEvent({ ['é'.repeat(100) + 'x']: 1 }, opts).ok).toBe(false) // 201 bytes
  })

  it('checks the flattened dotted name', () => {
    expect(normalizeEvent({ ['a'.repeat(100)]: { ['b'.repeat(99)]: 1 } }, opts).ok).toBe(true) // 200
    expect(normalizeEvent({ ['a'.repeat(100)]: { ['b'.repeat(100)]: 1 } }, opts).ok).toBe(false) // 201
  })

  it("reports the event's own time when the timestamp was readable", () => {
    const r = normalizeEvent({ ['n'.repeat(300)]: 1, _time: 1_723_674_385 }, opts)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.time).toBe(1_723_674_385_000_000_000n)
  })
})

describe('string value limit (1 MiB of UTF-8)', () => {
  it('keeps exactly 1 MiB and replaces one byte more', () => {
    expect(ok({ s: 'x'.repeat(MAX_STRING_BYTES) }).fields.s).toHaveLength(MAX_STRING_BYTES)
    expect(ok({ s: 'x'.repeat(MAX_STRING_BYTES + 1) }).fields.s).toBe(TOO_LONG_STRING)
  })

  it('counts bytes, not UTF-16 units', () => {
    const s = '€'.repeat(Math.floor(MAX_STRING_BYTES / 3) + 1) // 3 bytes each
    expect(utf8ByteLength(s)).toBeGreaterThan(MAX_STRING_BYTES)
    expect(ok({ s }).fields.s).toBe(TOO_LONG_STRING)
    expect(ok({ a: [s] }).fields.a).toEqual([TOO_LONG_STRING])
  })

  it('measures UTF-8 like TextEncoder, surrogates included', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\udc00x', 'x\ud800']) {
      expect(utf8ByteLength(s)).toBe(new TextEncoder().encode(s).length)
    }
  })
})

describe('nesting depth limit', () => {
  it(`keeps ${MAX_NESTING_DEPTH} nested objects and cuts the ${MAX_NESTING_DEPTH + 1}st`, () => {
    const name = `${'.'.repeat(MAX_NESTING_DEPTH)}v`
    expect(ok(nestedObjects(MAX_NESTING_DEPTH)).fields[name]).toBe(1)
    expect({ ...ok(nestedObjects(MAX_NESTING_DEPTH + 1)).fields }).toEqual({})
  })

  it(`keeps ${MAX_NESTING_DEPTH} nested arrays and turns the ${MAX_NESTING_DEPTH + 1}st into null`, () => {
    expect(arrayDepth(ok(nestedArrays(MAX_NESTING_DEPTH)).fields.a as JsonValue)).toEqual({
      depth: MAX_NESTING_DEPTH,
      leaf: 1,
    })
    expect(arrayDepth(ok(nestedArrays(MAX_NESTING_DEPTH + 1)).fields.a as JsonValue)).toEqual({
      depth: MAX_NESTING_DEPTH,
      leaf: null,
    })
  })

  it('counts objects and arrays together', () => {
    // The event wraps 99 nested objects (levels 1–99), the array is level 100 and the object
    // inside it level 101, so that object becomes null while the array is kept.
    const build = (wraps: number): unknown => {
      let inner: unknown = [{ deep: 1 }]
      for (let i = 0; i < wraps; i++) inner = { a: inner }
      return inner
    }
    expect(ok(build(100)).fields[`${'a.'.repeat(99)}a`]).toEqual([null])
    expect(ok(build(99)).fields[`${'a.'.repeat(98)}a`]).toEqual([{ deep: 1 }])
  })

  it('survives 100,000 nested arrays and objects without a stack overflow', () => {
    const arrays = JSON.parse(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    expect(arrayDepth(ok(arrays).fields.a as JsonValue).depth).toBe(MAX_NESTING_DEPTH)
    expect({ ...ok(nestedObjects(100_000)).fields }).toEqual({})
  })

  it('cuts cycles like too-deep containers, in linear time', () => {
    const a: Record<string, unknown> = { x: 1 }
    a.self = a
    a.list = [a, { back: a }]
    const arr: unknown[] = [1]
    arr.push(arr)
    a.arr = arr
    expect({ ...ok(a).fields }).toEqual({ x: 1, list: [null, { back: null }], arr: [1, null] })
  })

  it('keeps a shared (non-cyclic) object at every place it appears', () => {
    const shared = { v: 1 }
    expect({ ...ok({ a: shared, b: shared, c: [shared, shared] }).fields }).toEqual({
      'a.v': 1,
      'b.v': 1,
      c: [{ v: 1 }, { v: 1 }],
    })
  })

  it('fails an event whose getter throws, without throwing', () => {
    const ev = {
      get boom(): never {
        throw new Error('nope')
      },
    }
    const r = normalizeEvent(ev, opts)
    expect(r).toEqual({ ok: false, error: 'cannot read the event: nope', time: opts.receiveTime })
  })
})
