// test/cli/caret.test.ts: APL errors render with the offending line and carets under the span, from
// engine diagnostics (exact spans) and from a server's error body (line and column).

import { describe, expect, it } from 'vitest'
import { excerpt, problemOfErrorBody, problemsOfDiagnostics, renderProblems } from '../../src/cli/caret.ts'
import { compileApl, staticSchema } from '../../src/plan/index.ts'

const schema = staticSchema({ logs: { _time: 'datetime', status: 'string', method: 'string' } })

function diagnose(apl: string) {
  const bound = compileApl(apl, schema)
  if (bound.diagnostics === undefined) throw new Error(`expected ${apl} to fail`)
  return problemsOfDiagnostics(bound.diagnostics)
}

describe('renderProblems', () => {
  it('puts carets under the span of an engine diagnostic', () => {
    const apl = "['logs'] | where stauts == '500'"
    expect(renderProblems(apl, diagnose(apl), 80)).toBe(
      [
        'error APL0301: line: 1, col: 18: unknown field `stauts`; did you mean `status`?',
        "  ['logs'] | where stauts == '500'",
        '                   ^^^^^^',
        '',
      ].join('\n'),
    )
  })

  it('numbers the line of a multi-line query', () => {
    const apl = "['logs']\n| where status == '500'\n| summarize count() by methd"
    const text = renderProblems(apl, diagnose(apl), 80)
    expect(text.split('\n').slice(1, 3)).toEqual([
      '  3 | | summarize count() by methd',
      `    | ${' '.repeat(23)}^^^^^`,
    ])
  })

  it('keeps the span in view on a line wider than the terminal', () => {
    const apl = `['logs'] | where ${"status == 'x' or ".repeat(10)}nope == 1`
    const [line, carets] = excerpt(apl, { start: apl.indexOf('nope'), length: 4 }, 40)
    expect(line.length).toBeLessThanOrEqual(40)
    expect(line).toContain('nope')
    expect(line.startsWith('  …')).toBe(true)
    expect(carets.indexOf('^')).toBe(line.indexOf('nope'))
    expect(carets.trim()).toBe('^^^^')
  })

  it('marks the end of the query for an unexpected end', () => {
    const apl = "['logs'] | where"
    const lines = renderProblems(apl, diagnose(apl), 80).split('\n')
    expect(lines[2].indexOf('^')).toBe(2 + apl.length)
  })
})

describe('problemOfErrorBody', () => {
  const apl = "['logs']\n| where stauts == 1"

  it('reads detail.line/column', () => {
    const p = problemOfErrorBody(
      apl,
      { code: 400, message: 'unknown field', detail: { line: 2, column: 9 } },
      'x',
    )
    expect(p.span).toEqual({ start: 17, length: 1 })
    expect(excerpt(apl, p.span!, 80)).toEqual(['  2 | | where stauts == 1', '    |         ^'])
  })

  it('falls back to the `line: L, col: C:` prefix of the message', () => {
    const p = problemOfErrorBody(apl, { message: 'line: 2, col: 9: unknown field `stauts`' }, 'x')
    expect(p.span?.start).toBe(17)
  })

  it('has no span when the body says nothing about a position', () => {
    expect(problemOfErrorBody(apl, 'not json', 'POST failed').span).toBeUndefined()
  })
})
