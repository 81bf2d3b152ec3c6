// test/unit/exec/kernels/scalar-kernels-vs-reference.test.ts: the T2 scalar kernels and dynamic access
// against the reference evaluator: each query runs on the oracle fixture (8-row blocks, so several
// batches and dictionaries) through the engine with the optimizer on and off, and must equal the
// reference's result (test/differential/result-diff.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QueryResult } from '../../../../src/exec/result.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults, show } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { type Fixture, NOW, openFixture } from '../../../reference/fixture.ts'

const PARTS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond']

const QUERIES: Record<string, readonly string[]> = {
  substring: [
    `logs | extend x = substring(uri, 1, 3) | project uri, x`,
    `logs | extend x = substring(city, 2) | project x`,
    `logs | extend x = substring(msg, bytes % 7, 4) | project x`,
    `logs | extend x = substring(uri, -2, -1), y = substring(uri, 100) | project x, y`,
    `logs | extend x = substring(tostring(duration_ms), 0, 3), y = substring(status, 1) | project x, y`,
    `print x = substring('a😀bc', 1, 2), y = substring('ab', 1, 0)`,
  ],
  strcat: [
    `logs | extend x = strcat(method, ' ', uri, ' ', bytes, ' ', duration_ms, city) | project x`,
    `logs | extend x = strcat(_time, '|', is_tls, status, tags) | project x`,
    `logs | extend x = strcat_delim('-', method, city, bytes) | project x`,
    `logs | extend x = strcat_delim(method, user, city) | project x`,
  ],
  split: [
    `logs | extend x = split(uri, '/') | project x`,
    `logs | extend x = split(city, '') | project x`,
    `logs | extend x = split(msg, substring(user, 0, 1)) | project x`,
  ],
  indexof: [
    `logs | extend x = indexof(uri, 'users') | project x`,
    `logs | extend x = indexof(msg, 'e', 2, 10, 2) | project x`,
    `logs | extend x = indexof(city, 'a', -1), y = indexof(city, 'ã') | project x, y`,
    `logs | extend x = indexof(msg, substring(user, 0, 1), bytes % 3) | project x`,
    `print x = indexof('aaaa', 'aa', 0, -1, 2), y = indexof('a😀b', 'b'), z = indexof('abc', 'c', 0, 2)`,
  ],
  extract: [
    `logs | extend x = extract('/v([0-9]+)/([a-z]+)', 2, uri) | project x`,
    `logs | extend x = extract('(a)|(e)', 2, msg), y = extract('(a)|(e)', 1, msg) | project x, y`,
    `logs | extend x = extract('^(\\\\w+)', 1, city), y = extract('([0-9]+)', 5, uri) | project x, y`,
    `logs | extend x = extract('^([0-9])', 1, status), y = extract('[0-9]+', 0, tostring(bytes)) | project x, y`,
  ],
  todatetime: [
    `logs | extend x = todatetime(strcat('2026-01-0', bytes % 9 + 1, ' 10:30')) | project x`,
    `logs | extend x = todatetime(bytes), y = todatetime(_time), z = todatetime(duration_ms) | project x, y, z`,
    `print x = todatetime('2026-01-05T10:30:00.123456789+01:00'), y = todatetime('nope'), z = todatetime(1.5e18)`,
  ],
  datetime_diff: [
    ...PARTS.map(
      (p) => `logs | extend x = datetime_diff('${p}', _time, datetime(2025-11-15 13:45:10.5)) | project x`,
    ),
    `logs | extend x = datetime_diff('nanosecond', _time, datetime(2026-01-01)), y = datetime_diff('microsecond', datetime(2026-01-01), _time) | project x, y`,
    `logs | extend x = datetime_diff('Week', now(), _time) | project x`,
  ],
  case: [
    `logs | extend x = case(bytes > 2000, 'big', bytes > 500, 'mid', 'small') | project x`,
    `logs | extend x = case(is_tls, duration_ms, bytes) | project x`,
    `logs | extend x = case(method == 'GET', _time, datetime(2020-01-01)) | project x`,
    `logs | extend x = case(isnull(tags), pack_array(1), tags) | project x`,
  ],
  parse_json: [
    `print x = parse_json('{"a":[1,2.5,{"b":null}]}'), y = parse_json('not json'), z = parse_json(42)`,
    `logs | extend x = parse_json(status), y = parse_json(tags), z = parse_json(_time) | project x, y, z`,
    `logs | extend x = parse_json(strcat('{"u":"', user, '","n":', bytes, '}')) | project x`,
  ],
  array_length: [
    `logs | extend x = array_length(tags), y = array_length(split(uri, '/')) | project x, y`,
    `logs | extend x = array_length(parse_json(status)), y = array_length(tags) | project x, y`,
  ],
  bag_pack: [
    `logs | extend x = bag_pack('m', method, 'b', bytes, 't', _time, 'd', duration_ms, city, is_tls) | project x`,
    `logs | extend x = pack('k', 1, 'k', bytes, 's', 1h) | project x`,
    `logs | extend x = pack_array(method, bytes, _time, 90s, tags, is_tls, duration_ms) | project x`,
  ],
  dynamic_access: [
    `logs | extend x = tags[0], y = tags[-1], z = tags[5] | project x, y, z`,
    `logs | extend x = parse_json(strcat('{"u":"', user, '"}')).u | project x`,
    `logs | extend x = bag_pack('a', bytes)['a'], y = tags.foo | project x, y`,
    `logs | extend x = split(uri, '/')[bytes % 5] | project x`,
    `logs | extend x = bag_pack(method, bytes)[method] | project x`,
    `logs | where tostring(tags[0]) == 'a' | project uri`,
  ],
  earlier_t2: [
    `logs | extend a = floor(duration_ms), b = ceiling(duration_ms), c = abs(-bytes), d = round(duration_ms, 1) | project a, b, c, d`,
    `logs | extend a = log(bytes), b = toint(duration_ms), c = toint(status), d = tostring(duration_ms) | project a, b, c, d`,
    `logs | extend a = strlen(city), b = tolower(city), c = toupper(msg) | project a, b, c`,
    `logs | extend a = iff(is_tls, bytes, 0), b = coalesce(city, user), d = coalesce(city, ''), c = not(is_tls) | project a, b, c`,
    `logs | extend a = isnull(city), b = isnotnull(bytes), c = isempty(city), d = isnotempty(city) | project a, b, c, d`,
    `logs | extend a = _time > ago(3d), b = now(-1d) | project a, b`,
  ],
}

/** Whether any cell of the result is non-null (so a comparison is not vacuous). */
function anyValue(r: QueryResult): boolean {
  return r.tables[0].columns.some((c) => c.some((v) => v !== null))
}

describe('T2 kernels = reference (optimizer on and off)', () => {
  let fx: Fixture
  beforeAll(async () => {
    fx = await openFixture()
  })
  afterAll(async () => {
    await fx.close()
  })

  for (const [family, queries] of Object.entries(QUERIES)) {
    describe(family, () => {
      for (const apl of queries) {
        it(apl, async () => {
          const bound = compileApl(apl, schemaFromSnapshot(fx.snap))
          if (!bound.plan) throw new Error(bound.diagnostics.map((d) => d.message).join('; '))
          const ref = await evaluate(fx.snap, bound.plan, { now: NOW })
          expect(anyValue(ref), 'the reference result has values').toBe(true)
          for (const optimize of [true, false]) {
            const got = await runPlan(fx.snap, bound.plan, { now: NOW, optimize })
            const d = diffResults(got, ref, bound.plan.order === 'explicit')
            expect(d, `optimize=${optimize}\n${show(ref.tables[0].columns)}`).toBeUndefined()
          }
        })
      }
    })
  }
})
