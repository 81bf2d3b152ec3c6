// Unit: which queries `apldb query` fetches page by page: one dataset and row operators that keep
// `_time` as it is; anything that aggregates, sorts, joins, caps or rewrites `_time` is one request.
import { describe, expect, it } from 'vitest'
import { pageable } from '../../src/cli/pageable.ts'

describe('pageable', () => {
  it.each([
    "['ds']",
    'ds',
    "['ds'] | where a == 1 | extend b = a * 2",
    "['ds'] | search 'x' | project _time, a",
    "['ds'] | project-away b, c* | project-keep _*, a",
    "['ds'] | project-rename x = a",
  ])('pages %s', (apl) => expect(pageable(apl)).toBe(true))

  it.each([
    "['ds'] | summarize count() by bin(_time, 1h)",
    "['ds'] | take 10",
    "['ds'] | sort by a",
    "['ds'] | project a",
    "['ds'] | project-away _time",
    "['ds'] | project-keep a*",
    "['ds'] | extend _time = now()",
    "['ds'] | project _time = bin(_time, 1h), a",
    "['ds'] | project-rename t = _time",
    "let x = 1; ['ds']",
    "union ['a'], ['b']",
    "['ds'] | where (",
  ])('does not page %s', (apl) => expect(pageable(apl)).toBe(false))
})
