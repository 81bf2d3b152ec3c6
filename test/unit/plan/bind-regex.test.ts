// test/unit/plan/bind-regex.test.ts: a literal RE2 pattern RE2 rejects is refused by the binder with
// APL0311 at the pattern argument (line and column in the message), for every function and operator
// whose parameter is a pattern, through the one shared check (plan/check-regex.ts).

import { describe, expect, it } from 'vitest'
import { expectError } from './fixtures.ts'

const Q = "['sample-http-logs']"

describe('invalid literal regex patterns', () => {
  it.each([
    ['extract', `${Q} | extend x = extract('(a', 1, uri)`, "'(a'"],
    ['extract_all', `${Q} | extend x = extract_all('[z-a]', uri)`, "'[z-a]'"],
    ['extract_all groups', `${Q} | extend x = extract_all('a)', dynamic([1]), uri)`, "'a)'"],
    ['replace_regex', `${Q} | extend x = replace_regex('*a', 'b', uri)`, "'*a'"],
    ['replace', `${Q} | extend x = replace('a|*', 'b', uri)`, "'a|*'"],
    ['countof_regex', `${Q} | extend x = countof_regex('a{2,1}', uri)`, "'a{2,1}'"],
    ['trim_regex', `${Q} | extend x = trim_regex('(', uri)`, "'('"],
    ['trim_start_regex', `${Q} | extend x = trim_start_regex('a**', uri)`, "'a**'"],
    ['trim_end_regex', `${Q} | extend x = trim_end_regex('[', uri)`, "'['"],
    ['indexof_regex', `${Q} | extend x = indexof_regex(uri, '(?<x')`, "'(?<x'"],
    ['matches regex', `${Q} | where uri matches regex '(a)\\\\1'`, "'(a)\\\\1'"],
    ['!matches regex', `${Q} | where uri !matches regex 'x++'`, "'x++'"],
  ])('%s', (name, query, at) => {
    expectError(`err-regex-${name.replace(/[^a-z_]+/g, '-')}`, query, 'APL0311', at)
  })

  it('names the line and column of the pattern argument in a multi-line query', () => {
    const query = `${Q}\n| where status == '200'\n| extend x = extract('(a', 1, uri)`
    const d = expectError('err-regex-multiline', query, 'APL0311', "'(a'")
    expect(d.message).toMatch(/^line: 3, col: 22: invalid regular expression/)
  })

  it('a valid pattern binds', () => {
    expect(() =>
      expectError('unused', `${Q} | extend x = extract('(a)', 1, uri)`, 'APL0311', "'(a)'"),
    ).toThrow(/got a plan/)
  })
})
