// parseApl keeps the ASTs of recent valid queries by text (syntax/parse.ts): a repeat returns the same
// AST, deep-frozen so no caller can change what every later repeat gets; different text, errors and
// long text are parsed every time.
import { describe, expect, it } from 'vitest'
import { parseApl } from '../../../src/syntax/parse.ts'

describe('parseApl cache', () => {
  it('a repeat of the same text returns the same frozen AST', () => {
    const text = "['t'] | where x > 1 | summarize count() by bin(_time, 5m), k"
    const a = parseApl(text)
    const b = parseApl(text)
    expect(a.ast).toBeDefined()
    expect(b.ast).toBe(a.ast)
    expect(Object.isFrozen(a.ast)).toBe(true)
    const before = structuredClone(a.ast)
    // Strict-mode modules: a write to a frozen node throws instead of changing the shared AST.
    expect(() => {
      ;(a.ast as unknown as { statements: unknown[] }).statements.push(1)
    }).toThrow(TypeError)
    expect(parseApl(text).ast).toEqual(before)
  })

  it('other text gets its own AST; errors are not kept', () => {
    const a = parseApl("['t'] | take 1")
    const b = parseApl("['t'] | take 2")
    expect(a.ast).not.toBe(b.ast)
    const bad = "['t'] | take"
    const e1 = parseApl(bad)
    const e2 = parseApl(bad)
    expect(e1.diagnostics?.length).toBeGreaterThan(0)
    expect(e2.diagnostics).toEqual(e1.diagnostics)
  })

  it('past 256 texts the oldest is parsed again (a new AST)', () => {
    const first = parseApl("['t'] | take 100000")
    for (let i = 0; i < 300; i++) parseApl(`['t'] | take ${i}`)
    const again = parseApl("['t'] | take 100000")
    expect(again.ast).toEqual(first.ast)
    expect(again.ast).not.toBe(first.ast)
  })
})
