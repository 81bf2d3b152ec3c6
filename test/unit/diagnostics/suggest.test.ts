// test/unit/diagnostics/suggest.test.ts: edit distance and "did you mean" choices.
import { describe, expect, it } from 'vitest'
import { TABULAR_OPERATOR_NAMES } from '../../../grammar/tokens.ts'
import { editDistance, suggest } from '../../../src/diagnostics/suggest.ts'

describe('editDistance (optimal string alignment)', () => {
  it.each([
    ['', '', 0],
    ['abc', 'abc', 0],
    ['abc', 'abd', 1],
    ['abc', 'ab', 1],
    ['ab', 'ba', 1],
    ['summarise', 'summarize', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
  ])('%s → %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
    expect(editDistance(b, a)).toBe(d)
  })

  it('stops early above the limit', () => {
    expect(editDistance('aaaaaaaa', 'bbbbbbbb', 2)).toBe(3)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })
})

describe('suggest', () => {
  it('finds misspelled tabular operators', () => {
    expect(suggest('summarise', TABULAR_OPERATOR_NAMES)).toBe('summarize')
    expect(suggest('wher', TABULAR_OPERATOR_NAMES)).toBe('where')
    expect(suggest('projcet', TABULAR_OPERATOR_NAMES)).toBe('project')
    expect(suggest('project-awy', TABULAR_OPERATOR_NAMES)).toBe('project-away')
    expect(suggest('mvexpand', TABULAR_OPERATOR_NAMES)).toBe('mv-expand')
  })

  it('prefers a case-only difference, even for short names', () => {
    expect(suggest('Where', TABULAR_OPERATOR_NAMES)).toBe('where')
    expect(suggest('BY', ['by', 'bx'])).toBe('by')
  })

  it('returns undefined when nothing is close, and never the name itself', () => {
    expect(suggest('frobnicate', TABULAR_OPERATOR_NAMES)).toBeUndefined()
    expect(suggest('where', ['where'])).toBeUndefined()
    expect(suggest('ab', ['xy'])).toBeUndefined()
  })

  it('keeps the earlier candidate on ties', () => {
    expect(suggest('cat', ['bat', 'hat'])).toBe('bat')
    expect(suggest('cat', ['hat', 'bat'])).toBe('hat')
  })
})
