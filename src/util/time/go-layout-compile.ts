// util/time/go-layout-compile.ts: splits a Go reference-time layout (`Mon Jan 2 15:04:05 MST
// 2006`) into literal prefixes and std tokens, a port of Go's `nextStdChunk`. No parsing here.

/** A std token kind (Go's `std*` constants). */
export const Std = {
  None: 0,
  LongMonth: 1, // January
  Month: 2, // Jan
  NumMonth: 3, // 1
  ZeroMonth: 4, // 01
  LongWeekDay: 5, // Monday
  WeekDay: 6, // Mon
  Day: 7, // 2
  UnderDay: 8, // _2
  ZeroDay: 9, // 02
  UnderYearDay: 10, // __2
  ZeroYearDay: 11, // 002
  Hour: 12, // 15
  Hour12: 13, // 3
  ZeroHour12: 14, // 03
  Minute: 15, // 4
  ZeroMinute: 16, // 04
  Second: 17, // 5
  ZeroSecond: 18, // 05
  LongYear: 19, // 2006
  Year: 20, // 06
  PM: 21, // PM
  pm: 22, // pm
  TZ: 23, // MST
  ISO8601TZ: 24, // Z0700
  ISO8601SecondsTZ: 25, // Z070000
  ISO8601ShortTZ: 26, // Z07
  ISO8601ColonTZ: 27, // Z07:00
  ISO8601ColonSecondsTZ: 28, // Z07:00:00
  NumTZ: 29, // -0700
  NumSecondsTZ: 30, // -070000
  NumShortTZ: 31, // -07
  NumColonTZ: 32, // -07:00
  NumColonSecondsTZ: 33, // -07:00:00
  FracSecond0: 34, // .000 / ,000 (exact digits)
  FracSecond9: 35, // .999 / ,999 (optional digits)
} as const

/** One layout piece: literal text to match, then one std token (`Std.None` ends the layout). */
export interface LayoutChunk {
  readonly prefix: string
  readonly std: number
  /** Digit count of a fractional-second token; 0 otherwise. */
  readonly digits: number
}

const ZERO_STD = [Std.ZeroMonth, Std.ZeroDay, Std.ZeroHour12, Std.ZeroMinute, Std.ZeroSecond, Std.Year]

const ZONES_DASH: readonly [string, number][] = [
  ['-070000', Std.NumSecondsTZ],
  ['-07:00:00', Std.NumColonSecondsTZ],
  ['-0700', Std.NumTZ],
  ['-07:00', Std.NumColonTZ],
  ['-07', Std.NumShortTZ],
]
const ZONES_Z: readonly [string, number][] = [
  ['Z070000', Std.ISO8601SecondsTZ],
  ['Z07:00:00', Std.ISO8601ColonSecondsTZ],
  ['Z0700', Std.ISO8601TZ],
  ['Z07:00', Std.ISO8601ColonTZ],
  ['Z07', Std.ISO8601ShortTZ],
]

function startsLower(s: string, i: number): boolean {
  const c = s.charCodeAt(i)
  return c >= 97 && c <= 122
}

/** The std token starting at `i`, as [std, length, digits], or null when `i` is literal text. */
function stdAt(layout: string, i: number): [number, number, number] | null {
  const c = layout[i]
  const at = (lit: string): boolean => layout.startsWith(lit, i)
  switch (c) {
    case 'J':
      if (at('January')) return [Std.LongMonth, 7, 0]
      if (at('Jan') && !startsLower(layout, i + 3)) return [Std.Month, 3, 0]
      return null
    case 'M':
      if (at('Monday')) return [Std.LongWeekDay, 6, 0]
      if (at('Mon') && !startsLower(layout, i + 3)) return [Std.WeekDay, 3, 0]
      if (at('MST')) return [Std.TZ, 3, 0]
      return null
    case '0': {
      const n = layout.charCodeAt(i + 1) - 49 // '1'..'6'
      if (n >= 0 && n <= 5) return [ZERO_STD[n], 2, 0]
      if (at('002')) return [Std.ZeroYearDay, 3, 0]
      return null
    }
    case '1':
      return at('15') ? [Std.Hour, 2, 0] : [Std.NumMonth, 1, 0]
    case '2':
      return at('2006') ? [Std.LongYear, 4, 0] : [Std.Day, 1, 0]
    case '_':
      if (at('_2')) return [Std.UnderDay, 2, 0] // `_2006` never gets here (see compileGoLayout)
      if (at('__2')) return [Std.UnderYearDay, 3, 0]
      return null
    case '3':
      return [Std.Hour12, 1, 0]
    case '4':
      return [Std.Minute, 1, 0]
    case '5':
      return [Std.Second, 1, 0]
    case 'P':
      return at('PM') ? [Std.PM, 2, 0] : null
    case 'p':
      return at('pm') ? [Std.pm, 2, 0] : null
    case '-':
      for (const [lit, std] of ZONES_DASH) if (at(lit)) return [std, lit.length, 0]
      return null
    case 'Z':
      for (const [lit, std] of ZONES_Z) if (at(lit)) return [std, lit.length, 0]
      return null
    case '.':
    case ',': {
      const d = layout[i + 1]
      if (d !== '0' && d !== '9') return null
      let j = i + 1
      while (layout[j] === d) j++
      // Only a fraction when the run of 0s/9s is not followed by another digit.
      const next = layout.charCodeAt(j)
      if (next >= 48 && next <= 57) return null
      return [d === '0' ? Std.FracSecond0 : Std.FracSecond9, j - i, j - i - 1]
    }
    default:
      return null
  }
}

/** Splits `layout` into chunks; the last chunk has `std === Std.None` and the trailing literal. */
export function compileGoLayout(layout: string): LayoutChunk[] {
  const chunks: LayoutChunk[] = []
  let start = 0
  let i = 0
  while (i < layout.length) {
    // `_2006` is a literal underscore followed by the long year.
    if (layout.startsWith('_2006', i)) {
      chunks.push({ prefix: layout.slice(start, i + 1), std: Std.LongYear, digits: 0 })
      i += 5
      start = i
      continue
    }
    const hit = stdAt(layout, i)
    if (hit === null) {
      i++
      continue
    }
    chunks.push({ prefix: layout.slice(start, i), std: hit[0], digits: hit[2] })
    i += hit[1]
    start = i
  }
  chunks.push({ prefix: layout.slice(start), std: Std.None, digits: 0 })
  return chunks
}
