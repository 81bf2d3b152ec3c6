// catalog/scalar/datetime.ts: functions that compute datetimes from the query clock, timespans or
// epoch numbers, and date-part arithmetic. Calendar extraction and start/end-of lives in calendar.ts.

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('datetime')

const DIFF_PARTS = [
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
  'millisecond',
  'microsecond',
  'nanosecond',
]

const PART_PARTS = [
  'year',
  'quarter',
  'month',
  'week_of_year',
  'day',
  'dayofyear',
  'hour',
  'minute',
  'second',
  'millisecond',
  'microsecond',
  'nanosecond',
]

/** `unixtime_<unit>_todatetime(n) → datetime`. */
function fromUnix<N extends string>(name: N, unit: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param(unit, 'numeric'))],
    returns: fixed('datetime'),
    description: `Converts whole ${unit} since the Unix epoch to a datetime (a fraction is truncated; null outside the datetime range).`,
    example: q(`extend t = ${name}(resp_body_size_bytes)`),
  })
}

/** Datetime arithmetic rows. */
export const datetimeFunctions = [
  fn({
    name: 'now',
    tier: 'T2',
    volatile: true,
    signatures: [sig(opt('offset', 'timespan'))],
    returns: fixed('datetime'),
    description: 'The query clock (the same value for the whole query), plus an optional offset.',
    example: q('where _time > now(-1h)'),
  }),
  fn({
    name: 'ago',
    tier: 'T2',
    volatile: true,
    signatures: [sig(param('timespan', 'timespan'))],
    returns: fixed('datetime'),
    description: 'now() minus the timespan.',
    example: q('where _time > ago(7d)'),
  }),
  fn({
    name: 'datetime_diff',
    tier: 'T2',
    signatures: [
      sig(
        param('part', 'string', { constant: true, oneOf: DIFF_PARTS }),
        param('datetime1', 'datetime'),
        param('datetime2', 'datetime'),
      ),
    ],
    returns: fixed('long'),
    description:
      'Number of `part` boundaries (year, month, day, hour, …) between datetime2 and datetime1 (datetime1 - datetime2).',
    example: q("extend lag_ms = datetime_diff('millisecond', _sysTime, _time)"),
  }),
  fn({
    name: 'datetime_add',
    tier: 'T3',
    signatures: [
      sig(
        param('part', 'string', { constant: true, oneOf: DIFF_PARTS }),
        param('value', 'long'),
        param('datetime', 'datetime'),
      ),
    ],
    returns: fixed('datetime'),
    description: 'Adds `value` units of `part` (calendar-aware for month, quarter and year) to a datetime.',
    example: q("extend next_day = datetime_add('day', 1, _time)"),
  }),
  fn({
    name: 'datetime_part',
    tier: 'T3',
    signatures: [
      sig(param('part', 'string', { constant: true, oneOf: PART_PARTS }), param('datetime', 'datetime')),
    ],
    returns: fixed('long'),
    description: 'One calendar part of a datetime (year, month, hour, …) as a number.',
    example: q("extend hour = datetime_part('hour', _time)"),
  }),
  fromUnix('unixtime_seconds_todatetime', 'seconds'),
  fromUnix('unixtime_milliseconds_todatetime', 'milliseconds'),
  fromUnix('unixtime_microseconds_todatetime', 'microseconds'),
  fromUnix('unixtime_nanoseconds_todatetime', 'nanoseconds'),
]
