// cli/caret.ts: renders APL errors as a terminal reader wants them: the message, then the offending
// line of the query with carets under the span. Works from engine diagnostics (exact spans) and from a
// server's error body (line/column only). Never throws on an out-of-range position.

import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Span } from '../diagnostics/span.ts'
import { displayWidth, isControl } from './display-width.ts'

/** One problem to show: an optional stable code, the message, and where it is. */
export interface LocatedProblem {
  readonly code?: string
  readonly severity?: 'error' | 'warning'
  readonly message: string
  /** UTF-16 offsets into the query; absent when the position is unknown. */
  readonly span?: Span
  readonly notes?: readonly { readonly message: string; readonly span: Span }[]
}

/** The problems of engine diagnostics. */
export function problemsOfDiagnostics(diagnostics: readonly Diagnostic[]): LocatedProblem[] {
  return diagnostics.map((d) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    span: d.span,
    notes: d.notes,
  }))
}

/**
 * The problem in a server's error body (`{ message, detail?: { line, column, length? } }`, api-contract
 * §8); without `detail`, the `line: L, col: C:` prefix of the message locates it. The span has length 1
 * unless the body says more.
 */
export function problemOfErrorBody(source: string, body: unknown, fallback: string): LocatedProblem {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const message = typeof b.message === 'string' && b.message !== '' ? b.message : fallback
  const detail = (typeof b.detail === 'object' && b.detail !== null ? b.detail : {}) as Record<
    string,
    unknown
  >
  let line = typeof detail.line === 'number' ? detail.line : undefined
  let column = typeof detail.column === 'number' ? detail.column : undefined
  if (line === undefined || column === undefined) {
    const m = /line: (\d+), col: (\d+)/.exec(message)
    if (m) {
      line = Number(m[1])
      column = Number(m[2])
    }
  }
  const code = typeof b.code === 'string' ? b.code : typeof detail.code === 'string' ? detail.code : undefined
  if (line === undefined || column === undefined) return { code, message }
  const start = offsetOf(source, line, column)
  const length = typeof detail.length === 'number' && detail.length > 0 ? detail.length : 1
  return { code, message, span: { start, length } }
}

/** Offset of 1-based `line`/`column` in `source`, clamped into the text. */
function offsetOf(source: string, line: number, column: number): number {
  let start = 0
  for (let l = 1; l < line; l++) {
    const nl = source.indexOf('\n', start)
    if (nl < 0) return source.length
    start = nl + 1
  }
  return Math.min(source.length, start + Math.max(0, column - 1))
}

/** The text shown for `problems` in `source`, fitted to `width` columns (Infinity: no limit). */
export function renderProblems(source: string, problems: readonly LocatedProblem[], width: number): string {
  const out: string[] = []
  for (const p of problems) {
    const label = `${p.severity ?? 'error'}${p.code ? ` ${p.code}` : ''}`
    out.push(`${label}: ${p.message}`)
    if (p.span) out.push(...excerpt(source, p.span, width))
    for (const n of p.notes ?? []) {
      out.push(`  note: ${n.message}`)
      out.push(...excerpt(source, n.span, width).map((l) => `  ${l}`))
    }
  }
  return `${out.join('\n')}\n`
}

/** The line holding `span.start`, and a caret line under the span (cut at the end of that line). */
export function excerpt(source: string, span: Span, width: number): string[] {
  const start = Math.max(0, Math.min(span.start, source.length))
  const lineStart = lineStartOf(source, start)
  let lineEnd = source.length
  for (let i = start; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 10 || c === 13) {
      lineEnd = i
      break
    }
  }
  const multiLine = /[\r\n]/.test(source)
  const lineNo = multiLine ? lineNumberOf(source, lineStart) : 0
  const gutter = multiLine ? `${lineNo} | ` : ''
  const blankGutter = multiLine ? `${' '.repeat(String(lineNo).length)} | ` : ''
  let text = blankControls(source.slice(lineStart, lineEnd))
  let caretAt = start - lineStart
  const caretLen = Math.max(1, Math.min(span.length, lineEnd - start))
  const room = width - 2 - gutter.length
  let cut = 0
  if (Number.isFinite(room) && room > 10 && displayWidth(text) > room) {
    // Keep the span in view: start the window a third of the room before it.
    cut = Math.max(0, Math.min(caretAt - Math.floor(room / 3), text.length - room + 1))
    const head = cut > 0 ? '…' : ''
    text = head + text.slice(cut, cut + room - head.length - 1)
    if (cut + room - head.length - 1 < lineEnd - lineStart) text += '…'
    caretAt = caretAt - cut + head.length
  }
  const indent = ' '.repeat(displayWidth(text.slice(0, Math.max(0, caretAt))))
  const spanText = text.slice(caretAt, caretAt + caretLen)
  const carets = '^'.repeat(
    Math.max(1, Math.min(displayWidth(spanText) || 1, Number.isFinite(room) ? room : Infinity)),
  )
  return [`  ${gutter}${text}`, `  ${blankGutter}${indent}${carets}`]
}

/** Control characters (tabs included) as one space each, so carets stay aligned. */
function blankControls(line: string): string {
  let out = ''
  for (let i = 0; i < line.length; i++) out += isControl(line.charCodeAt(i)) ? ' ' : line[i]
  return out
}

function lineStartOf(source: string, offset: number): number {
  for (let i = offset - 1; i >= 0; i--) {
    const c = source.charCodeAt(i)
    if (c === 10 || c === 13) return i + 1
  }
  return 0
}

function lineNumberOf(source: string, lineStart: number): number {
  let line = 1
  for (let i = 0; i < lineStart; i++) {
    const c = source.charCodeAt(i)
    if (c === 10 || (c === 13 && source.charCodeAt(i + 1) !== 10)) line++
  }
  return line
}
