// util/time/go-layout-zone.ts: the zone tokens of Go layouts: numeric offsets (`-0700`,
// `Z07:00`, …) and zone abbreviations (`MST`, Go's `parseTimeZone`). Ports of Go's rules only.

import { isDigitAt } from './digits.ts'
import { Std } from './go-layout-compile.ts'

/** Cursor over the value being parsed: `pos` advances as tokens are consumed. */
export interface Cursor {
  readonly s: string
  pos: number
}

/** Go's `parseTimeZone` for `MST`: `UTC`, `GMT[±h]`, `±hh`, `ChST`/`MeST`, 3–5 capitals. */
export function skipZoneName(cur: Cursor): boolean {
  const s = cur.s
  const rest = s.slice(cur.pos)
  if (rest.startsWith('UTC')) {
    cur.pos += 3
    return true
  }
  if (rest.length < 3) return false
  if (rest.startsWith('ChST') || rest.startsWith('MeST')) {
    cur.pos += 4
    return true
  }
  if (rest.startsWith('GMT')) {
    cur.pos += 3 + signedOffsetLength(rest, 3)
    return true
  }
  if (rest[0] === '+' || rest[0] === '-') {
    const n = signedOffsetLength(rest, 0)
    cur.pos += n
    return n > 0
  }
  let upper = 0
  while (upper < 6 && upper < rest.length) {
    const c = rest.charCodeAt(upper)
    if (c < 65 || c > 90) break
    upper++
  }
  const ok =
    upper === 3 ||
    (upper === 4 && (rest[3] === 'T' || rest.startsWith('WITA'))) ||
    (upper === 5 && rest[4] === 'T')
  if (ok) cur.pos += upper
  return ok
}

/** Go's `parseSignedOffset`: length of `±N` (N ≤ 12) at `at`, or 0. */
function signedOffsetLength(s: string, at: number): number {
  const c = s[at]
  if (c !== '+' && c !== '-') return 0
  let i = at + 1
  let v = 0
  while (isDigitAt(s, i)) {
    v = v * 10 + s.charCodeAt(i) - 48
    if (v > 12) return 0
    i++
  }
  return i === at + 1 ? 0 : i - at
}

/** Numeric zone tokens (`-0700`, `Z07:00`, …): the value's offset in seconds east of UTC. */
export function parseOffset(cur: Cursor, std: number, f: { offset: number }): boolean {
  const s = cur.s
  const iso = std >= Std.ISO8601TZ && std <= Std.ISO8601ColonSecondsTZ
  if (iso && s.charCodeAt(cur.pos) === 90) {
    cur.pos++
    f.offset = 0
    return true
  }
  const p = cur.pos
  const sign = s.charCodeAt(p)
  if (sign !== 43 && sign !== 45) return false
  let hh = -1
  let mm = 0
  let ss = 0
  let len: number
  if (std === Std.ISO8601ColonTZ || std === Std.NumColonTZ) {
    if (s.charCodeAt(p + 3) !== 58) return false
    hh = num2(s, p + 1)
    mm = num2(s, p + 4)
    len = 6
  } else if (std === Std.ISO8601ShortTZ || std === Std.NumShortTZ) {
    hh = num2(s, p + 1)
    len = 3
  } else if (std === Std.ISO8601ColonSecondsTZ || std === Std.NumColonSecondsTZ) {
    if (s.charCodeAt(p + 3) !== 58 || s.charCodeAt(p + 6) !== 58) return false
    hh = num2(s, p + 1)
    mm = num2(s, p + 4)
    ss = num2(s, p + 7)
    len = 9
  } else if (std === Std.ISO8601SecondsTZ || std === Std.NumSecondsTZ) {
    hh = num2(s, p + 1)
    mm = num2(s, p + 3)
    ss = num2(s, p + 5)
    len = 7
  } else {
    hh = num2(s, p + 1)
    mm = num2(s, p + 3)
    len = 5
  }
  // Go's bounds are inclusive of 24 h / 60 min / 60 s: some people write such offsets.
  if (hh < 0 || mm < 0 || ss < 0 || hh > 24 || mm > 60 || ss > 60) return false
  const secs = hh * 3600 + mm * 60 + ss
  f.offset = sign === 45 ? -secs : secs
  cur.pos += len
  return true
}

function num2(s: string, at: number): number {
  return isDigitAt(s, at) && isDigitAt(s, at + 1)
    ? (s.charCodeAt(at) - 48) * 10 + s.charCodeAt(at + 1) - 48
    : -1
}
