// test/unit/storage/ingest/security.test.ts: prototype-pollution keys are stored as ordinary
// fields and never reach Object.prototype, through every input path.
import { afterEach, describe, expect, it } from 'vitest'
import { normalizeEvent, parseInput } from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'

const opts = { receiveTime: 1n, sysTime: 2n }

function events(text: string, format?: 'csv'): FlatEvent[] {
  return parseInput(text, { format }).events.map((raw) => {
    const r = normalizeEvent(raw, opts)
    if (!r.ok) throw new Error(r.error)
    return r.event
  })
}

afterEach(() => {
  // Every test must leave Object.prototype untouched.
  expect({} as Record<string, unknown>).not.toHaveProperty('polluted')
  expect(Object.keys(Object.prototype)).toEqual([])
})

describe('prototype pollution', () => {
  it('stores a JSON __proto__ key as a plain flattened field', () => {
    const [e] = events('{"__proto__":{"polluted":1},"ok":true}')
    expect(Object.keys(e.fields)).toEqual(['__proto__.polluted', 'ok'])
    expect(e.fields['__proto__.polluted']).toBe(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('stores __proto__, constructor and prototype leaves as own fields', () => {
    const [e] = events('{"__proto__":"p","constructor":"c","prototype":"q"}')
    expect(Object.keys(e.fields).sort()).toEqual(['__proto__', 'constructor', 'prototype'])
    expect(Object.getOwnPropertyDescriptor(e.fields, '__proto__')?.value).toBe('p')
    expect(e.fields.constructor).toBe('c')
  })

  it('reads nothing from the prototype chain for absent keys', () => {
    const [e] = events('{"a":1}')
    expect(e.fields.constructor).toBeUndefined()
    expect(e.fields.toString).toBeUndefined()
    expect(e.fields.hasOwnProperty).toBeUndefined()
    expect('constructor' in e.fields).toBe(false)
  })

  it('keeps __proto__ inside arrays as a plain key', () => {
    const [e] = events('{"arr":[{"__proto__":{"polluted":1}}]}')
    const inner = (e.fields.arr as Record<string, unknown>[])[0]
    expect(Object.keys(inner)).toEqual(['__proto__'])
    expect(Object.getOwnPropertyDescriptor(inner, '__proto__')?.value).toEqual({ polluted: 1 })
  })

  it('keeps __proto__ in labels and in CSV headers as a plain key', () => {
    const labels = JSON.parse('{"__proto__":{"polluted":1}}')
    const r = normalizeEvent({ a: 1 }, { ...opts, labels })
    expect(r.ok && r.event.fields['__proto__.polluted']).toBe(1)
    const [e] = events('__proto__,constructor\n1,2\n', 'csv')
    expect(Object.getOwnPropertyDescriptor(e.fields, '__proto__')?.value).toBe(1)
    expect(e.fields.constructor).toBe(2)
  })

  it('keeps a constructor.prototype path as a dotted field', () => {
    const [e] = events('{"constructor":{"prototype":{"polluted":1}}}')
    expect(Object.keys(e.fields)).toEqual(['constructor.prototype.polluted'])
  })
})
