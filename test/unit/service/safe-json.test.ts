// Defensive JSON bodies: nesting bounded before parsing, prototype-poisoning keys refused at any
// depth, invalid UTF-8 refused; ordinary bodies parse as JSON.parse would.
import { describe, expect, it } from 'vitest'
import { jsonDepth, MAX_BODY_DEPTH, parseJsonBody } from '../../../src/service/safe-json.ts'

const enc = (s: string) => new TextEncoder().encode(s)

describe('safe JSON bodies', () => {
  it('parses ordinary bodies; empty is undefined', () => {
    expect(parseJsonBody(enc('{"a":[1,{"b":"]"}]}'))).toEqual({ a: [1, { b: ']' }] })
    expect(parseJsonBody(enc('  '))).toBeUndefined()
  })

  it('measures depth outside strings and stops past the limit', () => {
    expect(jsonDepth('{"a":"[[[[["}', 10)).toBe(1)
    expect(jsonDepth('{"a":"\\"[[["}', 10)).toBe(1)
    expect(jsonDepth('[[[]],[[[]]]]', 10)).toBe(4)
    expect(jsonDepth('['.repeat(1000), 5)).toBe(6)
  })

  it('refuses nesting past the limit, at the boundary exactly', () => {
    const nest = (d: number) => '['.repeat(d) + ']'.repeat(d)
    expect(parseJsonBody(enc(nest(MAX_BODY_DEPTH)))).toBeDefined()
    expect(() => parseJsonBody(enc(nest(MAX_BODY_DEPTH + 1)))).toThrow(/nested deeper/)
  })

  it.each(['{"__proto__":{}}', '{"a":{"constructor":1}}', '[{"b":[{"prototype":null}]}]'])(
    'refuses %s',
    (s) => {
      expect(() => parseJsonBody(enc(s))).toThrow(/is not allowed/)
      expect(({} as Record<string, unknown>).b).toBeUndefined()
    },
  )

  it('refuses invalid UTF-8 and invalid JSON with 400s', () => {
    expect(() => parseJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(/UTF-8/)
    expect(() => parseJsonBody(enc('{"a":'))).toThrow(/not valid JSON/)
  })
})
