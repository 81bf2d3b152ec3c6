// util/time/format.ts: epoch ns → Go-compatible UTC text (RFC3339Nano and `time.Time.String()`).
// Exact to the ns; never goes through Date. Allocation-light: it runs once per output row.

import { civilFromDays, NS_PER_SECOND, SECONDS_PER_DAY } from './civil.ts'

const civil = new Int32Array(3)
const PAD9 = '000000000'

/** Splits ns into whole seconds (floored) and the 0–999,999,999 ns remainder. */
function split(ns: bigint): [number, number] {
  let secs = ns / NS_PER_SECOND
  let frac = ns % NS_PER_SECOND
  if (frac < 0n) {
    frac += NS_PER_SECOND
    secs -= 1n
  }
  return [Number(secs), Number(frac)]
}

function pad2(n: number): string {
  return n < 10 ? '0' + n : '' + n
}

/** Go's 4-digit zero-padded year (a leading '-' before year 0). */
function year4(y: number): string {
  const abs = y < 0 ? -y : y
  const s = abs < 10 ? '000' + abs : abs < 100 ? '00' + abs : abs < 1000 ? '0' + abs : '' + abs
  return y < 0 ? '-' + s : s
}

/** `.ddd` with trailing zeros trimmed, or '' for a zero fraction. */
function fraction(frac: number): string {
  if (frac === 0) return ''
  let s = '' + frac
  s = PAD9.slice(s.length) + s
  let end = 9
  while (s.charCodeAt(end - 1) === 48) end--
  return '.' + s.slice(0, end)
}

/** The last day formatted and its `YYYY-MM-DD` (a result's times mostly share their day). */
let lastDays = Number.NaN
let lastDate = ''

/** `YYYY-MM-DD` of a day number since the epoch. */
function date(days: number): string {
  if (days !== lastDays) {
    civilFromDays(days, civil)
    lastDate = year4(civil[0]) + '-' + pad2(civil[1]) + '-' + pad2(civil[2])
    lastDays = days
  }
  return lastDate
}

/** `YYYY-MM-DD`, the separator, `HH:MM:SS` and the trimmed fraction. */
function dateTime(ns: bigint, sep: string): string {
  const [secs, frac] = split(ns)
  const days = Math.floor(secs / SECONDS_PER_DAY)
  const sod = secs - days * SECONDS_PER_DAY
  const hh = Math.floor(sod / 3600)
  const mm = Math.floor((sod % 3600) / 60)
  const ss = sod % 60
  return date(days) + sep + pad2(hh) + ':' + pad2(mm) + ':' + pad2(ss) + fraction(frac)
}

/**
 * Go `time.RFC3339Nano` in UTC: `2024-08-14T22:26:25Z`, `2025-03-26T12:12:42.68112905Z`
 * (trailing fractional zeros trimmed, no fraction when zero).
 */
export function formatRfc3339Nano(ns: bigint): string {
  return dateTime(ns, 'T') + 'Z'
}

/** Go `time.Time.String()` for a UTC time: `2024-08-25 00:18:19 +0000 UTC` (fraction trimmed). */
export function formatGoTimeString(ns: bigint): string {
  return dateTime(ns, ' ') + ' +0000 UTC'
}
