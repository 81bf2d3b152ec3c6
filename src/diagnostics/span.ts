// diagnostics/span.ts: source spans (UTF-16 offsets into the query text) and their line/column view.
// Must never produce NaN or negative numbers: every span handed out is clamped into the text.

/** A half-open range of the query text: `[start, start + length)`, in UTF-16 code units. */
export interface Span {
  /** Offset of the first code unit, 0-based. */
  readonly start: number
  /** Number of code units covered; 0 for a point (for example "end of input"). */
  readonly length: number
}

/** A 1-based line and column (column counted in UTF-16 code units). */
export interface LineColumn {
  readonly line: number
  readonly column: number
}

/** Builds a span clamped into `[0, textLength]`; non-finite inputs collapse to the end of the text. */
export function clampSpan(start: number, length: number, textLength: number): Span {
  const s = Number.isFinite(start) && start >= 0 ? Math.min(Math.trunc(start), textLength) : textLength
  const l = Number.isFinite(length) && length > 0 ? Math.min(Math.trunc(length), textLength - s) : 0
  return { start: s, length: l }
}

/** The smallest span covering both `a` and `b`. */
export function coverSpans(a: Span, b: Span): Span {
  const start = Math.min(a.start, b.start)
  const end = Math.max(a.start + a.length, b.start + b.length)
  return { start, length: end - start }
}

/** Line and column of `offset` in `text`; `\r\n`, `\n` and a lone `\r` each end a line. */
export function lineColumn(text: string, offset: number): LineColumn {
  const end = Math.max(0, Math.min(Number.isFinite(offset) ? offset : text.length, text.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}
