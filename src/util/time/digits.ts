// util/time/digits.ts: fixed-width ASCII digit readers shared by the time parsers. Char-code
// checks only (no regex, no substring), because they sit on the per-event ingest path.

/** The value of the `width` ASCII digits of `s` at `at`, or -1 when any is not a digit. */
export function readDigits(s: string, at: number, width: number): number {
  if (at + width > s.length) return -1
  let v = 0
  for (let i = at; i < at + width; i++) {
    const d = s.charCodeAt(i) - 48
    if (d < 0 || d > 9) return -1
    v = v * 10 + d
  }
  return v
}

/** Whether the char at `i` is an ASCII digit (false past the end). */
export function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i)
  return c >= 48 && c <= 57
}

/** 10^n for n = 0–9, for scaling fractional-second digits to nanoseconds. */
export const POW10: readonly number[] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
