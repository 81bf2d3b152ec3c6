// test/unit/syntax/print.test.ts: printApl gives canonical text and parse(print(ast)) equals ast
// (spans stripped), for fixed cases and for queries from the grammar-based generator.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { printApl } from '../../../src/syntax/print.ts'
import { stripSpans } from '../../../src/syntax/strip-spans.ts'
import { queryArb } from '../../property/apl-arbitrary.ts'
import { parseOk } from './helpers.ts'

/** parse → print → parse: the two trees must match, and printing must be idempotent. */
function roundTrip(text: string): string {
  const first = parseOk(text)
  const printed = printApl(first)
  const second = parseOk(printed)
  expect(stripSpans(second), printed).toEqual(stripSpans(first))
  expect(printApl(second)).toBe(printed)
  return printed
}

describe('printApl canonical text', () => {
  it.each([
    [`['sample-http-logs'] | where status == '500'`, `["sample-http-logs"] | where status == "500"`],
    ['T|where a<>b and not c', 'T | where a != b and not c'],
    ['T | where (a + b) * c > 1 or (x)', 'T | where (a + b) * c > 1 or x'],
    ['T | where not (a and b)', 'T | where not (a and b)'],
    ['T | extend y = -(-x)', 'T | extend y = --x'],
    ['T | where a has b == true', 'T | where a has b == true'],
    ['T | where (a == b) == c', 'T | where (a == b) == c'],
    ['T | where a - (b - c)', 'T | where a - (b - c)'],
    ['T | limit 5 | order by x', 'T | take 5 | sort by x'],
    [
      'print 1.5h, 90m, 1d, 100ms, 5tick, 0.5microseconds, 7nanosecond',
      'print 90m, 90m, 1d, 100ms, 5ticks, 5ticks, 7nanoseconds',
    ],
    ['print long(-3), -3, real(-0.0), 1.0, 1e21', 'print long(-3), -3, real(-0.0), 1.0, 1e+21'],
    [`print @'c:\\x', 'it\\'s'`, `print "c:\\\\x", "it's"`],
    ['print datetime(2019-11-30 23:59:59.9)', 'print datetime(2019-11-30T23:59:59.9Z)'],
    [`print dynamic({'a':[1,-2]})`, 'print dynamic({"a": [1, -2]})'],
    ['T | make-series count() on t in range(1, 2, 3)', 'T | make-series count() on t from 1 to 2 step 3'],
    ['T | join kind=inner (S) on a', 'T | join kind=inner S on a'],
    ["T | project-away ['geo.']*, a*b", 'T | project-away ["geo."]*, a*b'],
    ['let x = 1; T', 'let x = 1;\nT'],
    ['print datetime (x)', 'print datetime (x)'],
    ['T | where x in ((S | project a), 1)', 'T | where x in ((S | project a), 1)'],
  ])('%s', (text, expected) => {
    expect(roundTrip(text)).toBe(expected)
  })

  it('round-trips every operator and literal form', () => {
    for (const text of [
      'search kind=case_sensitive in (github*, T) "x" and f:"y" | union withsource=ds a*, (S | take 1), hn',
      'T | parse kind=regex flags=Ui m with * "a" b:long * | parse-where m with "x" y | parse-kv m as (a:string, b) with (pair_delimiter=\';\')',
      'T | mv-expand kind=array with_itemindex=i a to typeof(long), b limit 5 | redact replaceToken="*" @"\\d+" on a',
      'T | project-reorder a granny-asc, b* desc | extend-valid x = 1 | project-rename a = b | project-keep a | getschema | sample 0.5',
      'T | lookup kind=leftouter L on x | top 3 by y asc nulls first | summarize by z | distinct a, b | count',
      'datatable(a:long, b:string)[1, "x", -2, "y", long(null)] | extend y = x.b.["c"][0]',
      'externaldata (a:string) ["http://x"] with (format="csv", ignoreFirstRecord=true)',
      'set stricttypes; set x = -1h; print typeof(int), real(nan), real(+inf), bool(null), timespan(-5m), null',
      'T | where x between (1 .. 5) and y !between (ago(1h) .. now()) and z !in~ ("a") and w has_any ("b")',
      'T | where a matches regex "x" and b !matches regex "y" and $left.c == $right.d and m["k"][0].p == 1',
    ]) {
      roundTrip(text)
    }
  })
})

describe('printApl round trip on generated queries (fc.letrec grammar generator)', () => {
  it('parse(print(ast)) equals ast for valid generated queries', () => {
    const seed = Number(process.env.APL_PRINT_SEED ?? Date.now() % 1_000_000)
    console.log(`print round-trip seed=${seed}`)
    fc.assert(
      fc.property(queryArb, (text) => {
        roundTrip(text)
      }),
      { seed, numRuns: 400, interruptAfterTimeLimit: 20_000 },
    )
  })
})
