// diagnostics/codes.ts: THE table of stable APL diagnostic codes (APL0001…). Every diagnostic in the
// code base is created from a row of this table; codes are never renumbered or reused.
// Groups: 00xx lexer, 01xx parser, 02xx limits, 03xx binder/semantic, 09xx internal.

/** Severity of a diagnostic: errors stop the query, warnings ride along with a result. */
export type Severity = 'error' | 'warning'

/** One row of the table: severity, HTTP status for the API, and a message template. */
export interface CodeDef<A> {
  /** Stable kebab-case name, for readers and logs; the code itself is the key. */
  readonly name: string
  readonly severity: Severity
  /** HTTP status the API answers with when this diagnostic fails a request. */
  readonly http: number
  /** Message text without the location prefix (the factory adds `line: L, col: C: `). */
  readonly message: (args: A) => string
}

/** Argument object of codes whose message takes no parameters. */
export type NoArgs = Record<string, never>

/** Backtick-quotes a piece of query text for a message, shortened and with control characters shown. */
export function quote(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 37)}…` : text
  let shown = ''
  for (const ch of short) {
    const c = ch.charCodeAt(0)
    // Control characters would garble a one-line message: show them as \uXXXX.
    shown += c < 0x20 || c === 0x7f ? `\\u${c.toString(16).padStart(4, '0')}` : ch
  }
  return `\`${shown}\``
}

/** ` Did you mean X?` when a suggestion exists, else the empty string. */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : `; did you mean ${quote(suggestion)}?`
}

function row<A>(name: string, severity: Severity, http: number, message: (args: A) => string): CodeDef<A> {
  return { name, severity, http, message }
}

/** The table. Add rows at the end of a group; never change the meaning of an existing code. */
export const codes = {
  // ── lexer ───────────────────────────────────────────────────────────────
  APL0001: row<{ quote: string }>(
    'unterminated-string',
    'error',
    400,
    (a) => `unterminated string literal: add a closing ${quote(a.quote)} before the end of the line`,
  ),
  APL0002: row<{ char: string }>(
    'unexpected-character',
    'error',
    400,
    (a) => `unexpected character ${quote(a.char)}`,
  ),
  APL0003: row<{ text: string; hint?: string }>(
    'invalid-number',
    'error',
    400,
    (a) => `invalid number or timespan ${quote(a.text)}${a.hint ? `; ${a.hint}` : ''}`,
  ),
  APL0004: row<{ sequence: string }>(
    'invalid-escape',
    'error',
    400,
    (a) =>
      `invalid escape sequence ${quote(a.sequence)} in string literal (valid: \\' \\" \\\\ \\n \\t \\r \\uXXXX; use @'...' for a verbatim string)`,
  ),

  // ── parser ──────────────────────────────────────────────────────────────
  APL0100: row<{ detail: string }>(
    'invalid-query-text',
    'error',
    400,
    (a) => `the query must be text: ${a.detail}`,
  ),
  APL0101: row<{ expected: string; found: string; suggestion?: string }>(
    'syntax-error',
    'error',
    400,
    (a) => `expected ${a.expected} but found ${a.found}${didYouMean(a.suggestion)}`,
  ),
  APL0102: row<{ expected: string }>(
    'unexpected-end',
    'error',
    400,
    (a) => `unexpected end of query: expected ${a.expected}`,
  ),
  APL0103: row<{ name: string; suggestion?: string }>(
    'unknown-tabular-operator',
    'error',
    400,
    (a) => `unknown tabular operator ${quote(a.name)}${didYouMean(a.suggestion)}`,
  ),
  APL0104: row<{ found: string; hint?: string }>(
    'unexpected-input',
    'error',
    400,
    (a) => `unexpected ${a.found} after the end of the expression${a.hint ? `; ${a.hint}` : ''}`,
  ),
  APL0105: row<{ open: string; close: string }>(
    'unclosed-bracket',
    'error',
    400,
    (a) => `${quote(a.open)} is never closed: expected ${quote(a.close)}`,
  ),
  APL0106: row<{ text: string; reason: string }>(
    'invalid-datetime-literal',
    'error',
    400,
    (a) => `invalid datetime literal ${quote(a.text)}: ${a.reason}`,
  ),
  APL0107: row<{ text: string; reason: string }>(
    'invalid-timespan-literal',
    'error',
    400,
    (a) => `invalid timespan literal ${quote(a.text)}: ${a.reason}`,
  ),
  APL0108: row<{ text: string; reason: string }>(
    'invalid-literal',
    'error',
    400,
    (a) => `invalid literal ${quote(a.text)}: ${a.reason}`,
  ),
  APL0109: row<{ name: string; suggestion?: string }>(
    'unknown-type',
    'error',
    400,
    (a) =>
      `unknown type ${quote(a.name)} (types: bool, long, int, real, double, string, datetime, timespan, dynamic)${didYouMean(a.suggestion)}`,
  ),
  APL0110: row<{ parameter: string; operator: string; reason: string }>(
    'invalid-operator-parameter',
    'error',
    400,
    (a) => `parameter ${quote(a.parameter)} of ${quote(a.operator)} ${a.reason}`,
  ),
  APL0111: row<{ found: string }>(
    'invalid-name-pattern',
    'error',
    400,
    (a) =>
      `invalid column name pattern: unexpected ${a.found} (write a wildcard without spaces, e.g. \`status*\`)`,
  ),
  APL0112: row<{ open: string; found: string }>(
    'mismatched-bracket',
    'error',
    400,
    (a) => `${quote(a.open)} is closed by ${quote(a.found)}`,
  ),

  // ── limits ──────────────────────────────────────────────────────────────
  APL0201: row<{ bytes: number; limit: number }>(
    'query-too-long',
    'error',
    400,
    (a) => `query is too long: ${a.bytes} bytes (the limit is ${a.limit} bytes)`,
  ),
  APL0202: row<{ limit: number }>(
    'nesting-too-deep',
    'error',
    400,
    (a) =>
      `expression is nested too deeply (the limit is ${a.limit} levels of brackets, prefix operators and operator chains)`,
  ),
  APL0203: row<{ tokens: number; limit: number }>(
    'too-many-tokens',
    'error',
    400,
    (a) => `query has too many tokens: ${a.tokens} (the limit is ${a.limit})`,
  ),
  APL0204: row<{ stages: number; limit: number }>(
    'too-many-pipe-stages',
    'error',
    400,
    (a) => `query has too many pipe stages: ${a.stages} (the limit is ${a.limit})`,
  ),
  APL0205: row<{ nodes: number; limit: number }>(
    'expression-too-large',
    'error',
    400,
    (a) =>
      `expression is too large once its let names are expanded: ${a.nodes} terms (the limit is ${a.limit}); a let used several times counts each time`,
  ),

  // ── binder / semantic (used by src/plan) ───────────────────────────────
  APL0301: row<{ name: string; suggestion?: string }>(
    'unknown-field',
    'error',
    400,
    (a) => `unknown field ${quote(a.name)}${didYouMean(a.suggestion)}`,
  ),
  APL0302: row<{ name: string; suggestion?: string }>(
    'unknown-function',
    'error',
    400,
    (a) => `unknown function ${quote(a.name)}${didYouMean(a.suggestion)}`,
  ),
  APL0303: row<{ name: string; suggestion?: string }>(
    'unknown-dataset',
    'error',
    404,
    (a) => `dataset ${quote(a.name)} not found${didYouMean(a.suggestion)}`,
  ),
  APL0304: row<{ name: string; expected: string; actual: number }>(
    'wrong-argument-count',
    'error',
    400,
    (a) => `${quote(a.name)} expects ${a.expected} argument(s) but got ${a.actual}`,
  ),
  APL0305: row<{ name: string; position: number; expected: string; actual: string }>(
    'argument-type-mismatch',
    'error',
    400,
    (a) => `argument ${a.position} of ${quote(a.name)} must be ${a.expected} but is ${a.actual}`,
  ),
  APL0306: row<{ operator: string; left: string; right?: string }>(
    'operator-type-mismatch',
    'error',
    400,
    (a) =>
      a.right === undefined
        ? `operator ${quote(a.operator)} cannot be applied to ${a.left}`
        : `operator ${quote(a.operator)} cannot be applied to ${a.left} and ${a.right}`,
  ),
  APL0307: row<{ feature: string }>(
    'not-supported-yet',
    'error',
    400,
    (a) => `${a.feature} is not supported yet`,
  ),
  APL0308: row<{ name: string }>(
    'aggregation-outside-summarize',
    'error',
    400,
    (a) => `aggregation ${quote(a.name)} can only be used inside summarize or make-series`,
  ),
  APL0309: row<{ name: string; candidates: string }>(
    'ambiguous-column',
    'error',
    400,
    (a) => `column ${quote(a.name)} is ambiguous: it could be ${a.candidates}`,
  ),
  APL0310: row<{ name: string }>(
    'duplicate-column',
    'error',
    400,
    (a) => `column ${quote(a.name)} is defined more than once`,
  ),
  APL0311: row<{ pattern: string; reason: string }>(
    'invalid-regex',
    'error',
    400,
    (a) => `invalid regular expression ${quote(a.pattern)}: ${a.reason}`,
  ),
  APL0312: row<NoArgs>('division-by-zero', 'error', 400, () => 'division by the constant zero'),
  APL0313: row<{ left: string; right: string }>(
    'stricttypes-violation',
    'error',
    400,
    (a) => `set stricttypes: cannot compare ${a.left} with ${a.right} without an explicit conversion`,
  ),
  APL0314: row<{ expected: string; actual: string }>(
    'type-mismatch',
    'error',
    400,
    (a) => `expected ${a.expected} but the expression is ${a.actual}`,
  ),
  APL0315: row<NoArgs>(
    'tabular-expected',
    'error',
    400,
    () => 'expected a tabular expression (a dataset, a let-bound table or a sub-query)',
  ),
  APL0316: row<NoArgs>('scalar-expected', 'error', 400, () => 'expected a scalar expression, not a table'),
  APL0317: row<{ operator: string; reason: string }>(
    'invalid-operator-argument',
    'error',
    400,
    (a) => `invalid argument to ${quote(a.operator)}: ${a.reason}`,
  ),
  APL0318: row<{ name: string; suggestion?: string }>(
    'unknown-option',
    'error',
    400,
    (a) => `unknown query option ${quote(a.name)}${didYouMean(a.suggestion)}`,
  ),
  APL0319: row<{ name: string }>('constant-required', 'error', 400, (a) => `${a.name} must be a constant`),
  APL0320: row<{ name: string }>('invalid-context', 'error', 400, (a) => `${a.name} cannot be used here`),
  APL0321: row<{ name: string }>(
    'unknown-name',
    'error',
    400,
    (a) => `name ${quote(a.name)} does not refer to any field, let variable or dataset`,
  ),
  APL0322: row<{ operator: string }>(
    'delete-operator-not-allowed',
    'error',
    400,
    (a) =>
      `${quote(a.operator)} is not allowed in a block deletion: the query must be one dataset followed only by \`where\` and \`search\``,
  ),
  APL0323: row<{ operator: string }>(
    'monitor-operator-not-allowed',
    'error',
    400,
    (a) =>
      `${quote(a.operator)} is not allowed in a MatchEvent monitor: its query may only filter and reshape events (where, extend, parse, project and its variants)`,
  ),
  APL0324: row<{ detail: string }>('monitor-query-shape', 'error', 400, (a) => `monitor query: ${a.detail}`),
  APL0325: row<{ name: string; suggestion?: string }>(
    'unknown-visualization',
    'error',
    400,
    (a) => `unknown visualization ${quote(a.name)} of render${didYouMean(a.suggestion)}`,
  ),
  APL0326: row<{ name: string; visualization: string; suggestion?: string }>(
    'unknown-render-property',
    'error',
    400,
    (a) => `render ${a.visualization} has no property ${quote(a.name)}${didYouMean(a.suggestion)}`,
  ),
  APL0327: row<NoArgs>(
    'render-not-last',
    'error',
    400,
    () => '`render` must be the last operator of the query',
  ),
  APL0331: row<{ name: string }>(
    'map-field-as-scalar',
    'error',
    400,
    (a) =>
      `${quote(a.name)} is a map field: it holds an object of keys, not one value to compare or compute with; read a key, e.g. ['${a.name}']['key'], or convert it (tostring)`,
  ),
  APL0330: row<{ detail: string }>(
    'implicit-conversion',
    'warning',
    400,
    (a) => `implicit conversion: ${a.detail}`,
  ),

  // ── internal ────────────────────────────────────────────────────────────
  APL0900: row<{ detail: string }>(
    'internal-error',
    'error',
    500,
    (a) => `internal error while processing the query: ${a.detail}`,
  ),
} as const

/** A code of the table, e.g. `'APL0101'`. */
export type Code = keyof typeof codes

/** The argument object a code's message template takes. */
export type CodeArgs<C extends Code> = Parameters<(typeof codes)[C]['message']>[0]

/** True when `value` is a code of the table. */
export function isCode(value: unknown): value is Code {
  return typeof value === 'string' && Object.hasOwn(codes, value)
}
