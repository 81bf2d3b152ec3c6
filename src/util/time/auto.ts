// util/time/auto.ts: timestamp auto-detection for strings (ingest without `timestamp-format`,
// and later `todatetime()`). The common RFC3339 case is tried first and costs one scan.

import { parseEpochString } from './epoch.ts'
import { parseGoLayout } from './go-layout.ts'
import { parseRfc3339 } from './rfc3339.ts'

/** Layouts tried, in order, when a string is neither RFC3339 nor a number. */
export const AUTO_LAYOUTS: readonly string[] = [
  '2006-01-02 15:04:05.999999999 -0700 MST', // Go time.Time.String()
  '2006-01-02 15:04:05.999999999 -0700',
  '2006-01-02 15:04:05.999999999 MST',
  '2/Jan/2006:15:04:05 -0700', // Common Log Format
  'RFC1123Z',
  'RFC1123',
  'RFC850',
  'RFC822Z',
  'RFC822',
  'RubyDate',
  'UnixDate',
  'ANSIC',
]

/**
 * Epoch ns from a timestamp string of unknown format: RFC3339 / ISO 8601 (see `parseRfc3339`),
 * a numeric Unix epoch (unit by magnitude, see `parseEpochString`), then the `AUTO_LAYOUTS`
 * (Go `String()`, Common Log Format, RFC1123/850/822, Ruby/Unix dates, ANSI C). null when none fit.
 */
export function parseTimeAuto(s: string): bigint | null {
  const c = s.charCodeAt(0)
  if (c >= 48 && c <= 57) {
    const t = parseRfc3339(s)
    if (t !== null) return t
  }
  if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46) {
    const t = parseEpochString(s)
    if (t !== null) return t
  }
  for (const layout of AUTO_LAYOUTS) {
    const t = parseGoLayout(s, layout)
    if (t !== null) return t
  }
  return null
}
