// catalog/scalar/calendar.ts: calendar parts of a datetime (day of week, month, …) and the start/end
// of its day, week, month or year, all in UTC. Rows only.

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('calendar')

/** `name(datetime) → long`. */
function partOf<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('datetime', 'datetime'))],
    returns: fixed('long'),
    description,
    example: q(`summarize count() by ${name}(_time)`),
  })
}

/** `name(datetime [, offset]) → datetime`, offset in whole units of the period. */
function boundaryOf<N extends string>(name: N, description: string) {
  return fn({
    name,
    tier: 'T3',
    signatures: [sig(param('datetime', 'datetime'), opt('offset', 'long'))],
    returns: fixed('datetime'),
    description: `${description} An optional offset moves that many periods forward or back.`,
    example: q(`summarize count() by ${name}(_time)`),
  })
}

/** Calendar rows. */
export const calendarFunctions = [
  partOf('dayofmonth', 'Day of the month, 1 to 31.'),
  partOf(
    'dayofweek',
    'Day of the week as a number, 0 = Sunday … 6 = Saturday (Axiom; Kusto returns a timespan).',
  ),
  partOf('dayofyear', 'Day of the year, 1 to 366.'),
  partOf('getmonth', 'Month number, 1 to 12.'),
  partOf('getyear', 'Year number.'),
  partOf('hourofday', 'Hour of the day, 0 to 23.'),
  partOf('monthofyear', 'Month number, 1 to 12.'),
  partOf('week_of_year', 'ISO 8601 week number, 1 to 53.'),
  boundaryOf('startofday', 'Midnight at the start of the day.'),
  boundaryOf('startofweek', 'Start of the week (Sunday 00:00).'),
  boundaryOf('startofmonth', 'Start of the month.'),
  boundaryOf('startofyear', 'Start of the year.'),
  boundaryOf('endofday', 'Last instant of the day, 23:59:59.9999999 (one 100 ns tick before midnight).'),
  boundaryOf('endofweek', 'Last instant of the week (Saturday 23:59:59.9999999).'),
  boundaryOf('endofmonth', 'Last instant of the month (its last day, 23:59:59.9999999).'),
  boundaryOf('endofyear', 'Last instant of the year (December 31, 23:59:59.9999999).'),
]
