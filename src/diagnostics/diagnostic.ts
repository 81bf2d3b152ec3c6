// diagnostics/diagnostic.ts: the Diagnostic value, its factory (the only way to make one) and AplError.
// Must never build a message by hand: text comes from the codes table, prefixed with line and column.

import { type Code, type CodeArgs, codes, type Severity } from './codes.ts'
import { clampSpan, lineColumn, type Span } from './span.ts'

/** Extra context attached to a diagnostic, pointing at another place in the query. */
export interface DiagnosticNote {
  /** Note text, already prefixed with `line: L, col: C: `. */
  readonly message: string
  readonly span: Span
}

/** One problem found in a query: stable code, severity, located message, span and notes. */
export interface Diagnostic {
  readonly code: Code
  readonly severity: Severity
  /** Human-readable text, starting with `line: L, col: C: ` (1-based, from `span.start`). */
  readonly message: string
  /** Where the problem is, in UTF-16 offsets of the query; always inside the text. */
  readonly span: Span
  readonly notes: readonly DiagnosticNote[]
}

/** `line: L, col: C: ` for an offset of `source`. */
export function locationPrefix(source: string, offset: number): string {
  const { line, column } = lineColumn(source, offset)
  return `line: ${line}, col: ${column}: `
}

/** A note for `createDiagnostic`, located in `source`. */
export function createNote(source: string, span: Span, text: string): DiagnosticNote {
  const s = clampSpan(span.start, span.length, source.length)
  return { message: locationPrefix(source, s.start) + text, span: s }
}

/** Creates a diagnostic from the codes table; the span is clamped into `source`. */
export function createDiagnostic<C extends Code>(
  source: string,
  code: C,
  span: Span,
  args: CodeArgs<C>,
  notes: readonly DiagnosticNote[] = [],
): Diagnostic {
  const def = codes[code]
  const s = clampSpan(span.start, span.length, source.length)
  const text = (def.message as (a: CodeArgs<C>) => string)(args)
  return { code, severity: def.severity, message: locationPrefix(source, s.start) + text, span: s, notes }
}

/** An exception carrying one or more diagnostics (for callers that prefer throwing). */
export class AplError extends Error {
  readonly diagnostics: readonly Diagnostic[]

  constructor(diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => `${d.code} ${d.message}`).join('\n') || 'APL error')
    this.name = 'AplError'
    this.diagnostics = diagnostics
  }

  /** HTTP status of the first error diagnostic (400 when there is none). */
  get httpStatus(): number {
    const first = this.diagnostics.find((d) => d.severity === 'error')
    return first === undefined ? 400 : codes[first.code].http
  }
}
