// test/unit/storage/ingest/parse-input.test.ts: format sniffing, JSON arrays, NDJSON (bad lines,
// blank lines, one multi-line object), BOM, byte counting and unreadable input.
import { describe, expect, it } from 'vitest'
import { IngestInputError, parseInput, parseInputSteps } from '../../../../src/storage/ingest/index.ts'
import { StepClock } from '../../../../src/util/loop-turn.ts'

function inputError(fn: () => unknown): IngestInputError {
  try {
    fn()
  } catch (e) {
    if (e instanceof IngestInputError) return e
    throw new Error(`expected IngestInputError, got ${String(e)}`)
  }
  throw new Error('expected a throw')
}

describe('parseInput: JSON arrays', () => {
  it('reads a JSON array of objects', () => {
    const r = parseInput('[{"a":1},{"b":2}]')
    expect(r.events).toEqual([{ a: 1 }, { b: 2 }])
    expect(r.errors).toEqual([])
    expect(r.bytes).toBe(17)
  })

  it('fails non-object elements alone, with their index', () => {
    const r = parseInput('[{"a":1}, 5, null, [1], "x", {"b":2}]')
    expect(r.events).toEqual([{ a: 1 }, { b: 2 }])
    expect(r.errors.map((e) => e.index)).toEqual([1, 2, 3, 4])
    expect(r.errors[0].error).toMatch(/not a JSON object/)
  })

  it('throws invalid_json for a malformed array', () => {
    const e = inputError(() => parseInput('[{"a":1},'))
    expect(e.code).toBe('invalid_json')
    expect(e.message).toMatch(/invalid JSON array/)
  })

  it('survives 1,000,000 nested [ without a RangeError', () => {
    const e = inputError(() => parseInput('['.repeat(1_000_000)))
    expect(e.code).toBe('invalid_json')
    expect(e.message.length).toBeLessThan(300)
  })

  it('reads an empty array', () => {
    expect(parseInput(' [ ] ').events).toEqual([])
  })
})

describe('parseInput: NDJSON', () => {
  it('reads one object per line, skipping blank lines, LF or CRLF', () => {
    const r = parseInput('{"a":1}\n\n  \r\n{"b":2}\r\n{"c":3}')
    expect(r.events).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }])
    expect(r.errors).toEqual([])
  })

  it('fails a bad line alone, reporting its event index and line', () => {
    const r = parseInput('{"a":1}\n\n{"b":\n{"c":3}\n[1]\n')
    expect(r.events).toEqual([{ a: 1 }, { c: 3 }])
    expect(r.errors).toHaveLength(2)
    expect(r.errors[0].index).toBe(1)
    expect(r.errors[0].error).toMatch(/^line 3: invalid JSON/)
    expect(r.errors[1]).toEqual({ index: 3, error: 'line 5: not a JSON object (got an array)' })
  })

  it('accepts one pretty-printed object', () => {
    const r = parseInput('{\n  "a": 1,\n  "b": {"c": [1, 2]}\n}\n')
    expect(r.events).toEqual([{ a: 1, b: { c: [1, 2] } }])
    expect(r.errors).toEqual([])
  })

  it('reads a single-line object', () => {
    expect(parseInput('{"a":1}').events).toEqual([{ a: 1 }])
  })

  it('sniffs the same way when the format is json or ndjson', () => {
    expect(parseInput('{"a":1}\n{"b":2}', { format: 'json' }).events).toHaveLength(2)
    expect(parseInput('[{"a":1}]', { format: 'ndjson' }).events).toHaveLength(1)
  })
})

describe('parseInput: encoding and sniffing', () => {
  it('strips a UTF-8 BOM from strings and bytes but counts its bytes', () => {
    const s = '\ufeff[{"a":"é"}]'
    const fromString = parseInput(s)
    expect(fromString.events).toEqual([{ a: 'é' }])
    expect(fromString.bytes).toBe(3 + 12)
    const bytes = new TextEncoder().encode(s)
    const fromBytes = parseInput(bytes)
    expect(fromBytes.events).toEqual([{ a: 'é' }])
    expect(fromBytes.bytes).toBe(bytes.byteLength)
    expect(parseInput(new TextEncoder().encode('\ufeffa,b\n1,2'), { format: 'csv' }).events).toEqual([
      { a: 1, b: 2 },
    ])
  })

  it('counts UTF-8 bytes of string input', () => {
    expect(parseInput('[{"k":"😀€"}]').bytes).toBe(new TextEncoder().encode('[{"k":"😀€"}]').length)
  })

  it('returns nothing for empty or whitespace-only input', () => {
    expect(parseInput('')).toEqual({ events: [], errors: [], bytes: 0 })
    expect(parseInput(' \n\t ')).toEqual({ events: [], errors: [], bytes: 4 })
  })

  it('throws unsupported_format for other input and unknown formats', () => {
    expect(inputError(() => parseInput('hello')).code).toBe('unsupported_format')
    expect(inputError(() => parseInput('42')).code).toBe('unsupported_format')
    expect(inputError(() => parseInput('{}', { format: 'xml' as 'json' })).code).toBe('unsupported_format')
  })

  it('routes CSV options', () => {
    const r = parseInput('1;x\n2;y', { format: 'csv', csvDelimiter: ';', csvFields: ['n', 's'] })
    expect(r.events).toEqual([
      { n: 1, s: 'x' },
      { n: 2, s: 'y' },
    ])
  })
})

describe('parseInputSteps', () => {
  it('pauses between NDJSON lines when its clock says so, and reads what parseInput reads', () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => (i % 700 === 5 ? '{bad' : `{"i":${i}}`))
    const text = lines.join('\n')
    const steps = parseInputSteps(text, {}, new StepClock(0))
    let pauses = 0
    let r = steps.next()
    for (; !r.done; r = steps.next()) pauses++
    // A clock whose pieces last no time pauses every 256 lines.
    expect(pauses).toBe(Math.floor(3_000 / 256))
    expect(r.value).toEqual(parseInput(text))
    expect(r.value.errors.map((e) => e.index)).toEqual([5, 705, 1405, 2105, 2805])
  })
})
