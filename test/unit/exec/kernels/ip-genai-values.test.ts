// The ip and genai families' per-value parsers on their edges (reference rules IP1, IP5, IP6, G6):
// IPv6 text forms, IPv4 in text, the memoized list parse, and model-name matching in the price table.
import { describe, expect, it } from 'vitest'
import { modelPrice, PRICES_AS_OF } from '../../../../src/exec/kernels/genai/model-prices.ts'
import { parsedList } from '../../../../src/exec/kernels/ip/ip-memo.ts'
import { parseIpv4 } from '../../../../src/exec/kernels/ip/ipv4.ts'
import { someIpv4InText } from '../../../../src/exec/kernels/ip/ipv4-in-text.ts'
import { parseIpv6 } from '../../../../src/exec/kernels/ip/ipv6.ts'

const groups = (s: string) =>
  parseIpv6(s)
    ?.groups.map((g) => g.toString(16))
    .join(':') ?? null

describe('IPv6 text (rule IP5)', () => {
  it('expands :: anywhere, reads a dotted IPv4 tail, maps IPv4 texts', () => {
    expect(groups('::')).toBe('0:0:0:0:0:0:0:0')
    expect(groups('::1')).toBe('0:0:0:0:0:0:0:1')
    expect(groups('fe80::')).toBe('fe80:0:0:0:0:0:0:0')
    expect(groups('2001:db8::ff00:42:8329')).toBe('2001:db8:0:0:0:ff00:42:8329')
    expect(groups('::ffff:192.0.2.128')).toBe('0:0:0:0:0:ffff:c000:280')
    expect(groups('10.0.0.1')).toBe('0:0:0:0:0:ffff:a00:1')
    expect(parseIpv6('10.0.0.1/8')?.prefix).toBe(104)
    expect(parseIpv6('2001:db8::/32')?.prefix).toBe(32)
  })
  it('refuses malformed texts', () => {
    for (const s of [
      '',
      ':',
      ':::',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      'g::1',
      '::/129',
      '1:2:3:4:5:6:7::8',
      '::1.2.3',
      '10.0.0.1/33',
    ])
      expect(parseIpv6(s), s).toBeNull()
  })
})

describe('IPv4 text (rule IP1) and addresses in text (rule IP6)', () => {
  it('parses dotted quads with prefixes, nothing looser', () => {
    expect(parseIpv4('255.255.255.255/32')).toEqual({ addr: 0xffffffff, prefix: 32 })
    expect(parseIpv4('0.0.0.0/0')).toEqual({ addr: 0, prefix: 0 })
    for (const s of [
      '1.2.3.4 ',
      ' 1.2.3.4',
      '1.2.3.4/',
      '1.2.3.4/033',
      '1234.1.1.1',
      '1.2.3.4.5',
      '+1.2.3.4',
      '1..2.3',
    ])
      expect(parseIpv4(s), s).toBeNull()
  })
  it('finds delimited addresses only', () => {
    const found = (t: string) => {
      const out: number[] = []
      someIpv4InText(t, (a) => {
        out.push(a)
        return false
      })
      return out
    }
    expect(found('a 1.2.3.4, b [5.6.7.8]. 9.9.9.9.')).toEqual([0x01020304, 0x05060708, 0x09090909])
    expect(found('x1.2.3.4 1.2.3.4y 1.2.3.4.5 v1.2.3.4 1.2.3.256')).toEqual([])
  })
})

describe('memoized list parse', () => {
  it('parses a list once per distinct value and keeps non-strings as null', () => {
    let calls = 0
    const parse = parsedList((s: string) => {
      calls++
      return s.length
    })
    const list = ['a', 'bb', 3]
    expect(parse(list)).toEqual([1, 2, null])
    expect(parse(list)).toEqual([1, 2, null])
    expect(calls).toBe(2)
    expect(parse('abc')).toEqual([3])
    expect(parse(7)).toBeNull()
  })
})

describe(`model prices (rule G6, as of ${PRICES_AS_OF})`, () => {
  it('matches names case-insensitively, without provider prefix or release date, by longest name', () => {
    expect(modelPrice('gpt-4')).toEqual({ input: 30, output: 60 })
    expect(modelPrice('GPT-4o-mini')).toEqual({ input: 0.15, output: 0.6 })
    expect(modelPrice('gpt-4o-mini-2024-07-18')).toEqual(modelPrice('gpt-4o-mini'))
    expect(modelPrice('anthropic/claude-3-opus-20240229')).toEqual({ input: 15, output: 75 })
    expect(modelPrice('gpt-4-0613')).toEqual(modelPrice('gpt-4'))
    expect(modelPrice('gpt-4o-audio-preview')).toEqual(modelPrice('gpt-4o'))
    expect(modelPrice('gpt')).toBeNull()
    expect(modelPrice('llama-3')).toBeNull()
  })
})
