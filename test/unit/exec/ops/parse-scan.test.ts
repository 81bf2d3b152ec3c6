// The linear scan of simple/relaxed parse patterns agrees with RE2's leftmost-first match, including
// where the first choice fails and RE2 backtracks, and where RE2's `.` stops at a newline.
import { describe, expect, it } from 'vitest'
import { textMatcher } from '../../../../src/exec/ops/parse-match.ts'
import { patternScan } from '../../../../src/exec/ops/parse-scan.ts'
import type { ParsePatternItem } from '../../../../src/plan/index.ts'

const any: ParsePatternItem = { kind: 'any' }
const text = (t: string): ParsePatternItem => ({ kind: 'text', text: t })
const cap = (name: string, type: 'string' | 'long' | 'real'): ParsePatternItem => ({
  kind: 'capture',
  name,
  type,
})
const simple = (items: ParsePatternItem[]) => ({
  kind: 'pattern' as const,
  mode: 'simple' as const,
  flags: '',
  items,
})

describe('parse linear scan', () => {
  it('covers constants, lazy items before a constant, long captures; not real captures', () => {
    expect(patternScan([cap('a', 'long'), text(','), cap('b', 'string')], false)).not.toBeNull()
    expect(patternScan([cap('a', 'real'), text(',')], false)).toBeNull()
    expect(patternScan([cap('a', 'real'), text(',')], true)).not.toBeNull()
    expect(patternScan([cap('a', 'string'), cap('b', 'string')], false)).toBeNull()
  })

  it('matches as RE2 does, falling back to RE2 where the first choice fails', () => {
    const m = textMatcher(simple([any, text('x='), cap('v', 'long'), text(';')]), ['long'])
    expect(m('x=7;')).toEqual([7])
    // first `x=` is followed by a letter: RE2 backtracks to the second
    expect(m('x=a; x=5;')).toEqual([5])
    expect(m('no pair')).toBeNull()
    const s = textMatcher(simple([cap('a', 'string'), text(' - '), cap('b', 'string')]), ['string', 'string'])
    expect(s('p - q - r')).toEqual(['p', 'q - r'])
  })

  it('leaves texts with a newline to RE2, whose `.` does not cross it', () => {
    const m = textMatcher(simple([any, text('b='), cap('v', 'long')]), ['long'])
    expect(m('a b=1')).toEqual([1])
    expect(m('a\nb=1')).toBeNull()
  })
})
