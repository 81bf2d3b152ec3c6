// test/unit/plan/fixtures.ts: the binder's test schema (modelled on sample-http-logs, apl-reference §9b.1,
// plus a mixed-type variant and otel traces) and helpers asserting explain goldens, codes and spans.

import { readFileSync, writeFileSync } from 'node:fs'
import { expect } from 'vitest'
import { EXAMPLE_FIELDS } from '../../../src/catalog/example.ts'
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.ts'
import { ENGINE_CAPABILITIES } from '../../../src/exec/capabilities.ts'
import {
  type BindResult,
  type Capabilities,
  compileApl,
  explainPlan,
  type LogicalPlan,
  staticSchema,
} from '../../../src/plan/index.ts'

/** sample-http-logs fields (§9b.1), a copy whose `status`/`req_duration_ms` are multi-typed, and traces. */
export const SCHEMA = staticSchema({
  'sample-http-logs': EXAMPLE_FIELDS,
  'mixed-http-logs': {
    _time: 'datetime',
    _sysTime: 'datetime',
    status: ['string', 'integer'],
    method: 'string',
    req_duration_ms: ['integer', 'float'],
  },
  'otel-demo-traces': {
    _time: 'datetime',
    _sysTime: 'datetime',
    trace_id: 'string',
    span_id: 'string',
    'service.name': 'string',
    kind: 'string',
    'attributes.custom': 'array',
    events: 'array',
  },
  'github-push-event': { _time: 'datetime', repo: 'string', actor: 'string', size: 'integer' },
  'github-issues-event': { _time: 'datetime', repo: 'string', actor: 'string', action: 'string' },
})

/** Parses and binds `query` against SCHEMA, with the engine's capabilities unless told otherwise. */
export function bind(query: string, capabilities: Capabilities = ENGINE_CAPABILITIES): BindResult {
  return compileApl(query, SCHEMA, { capabilities })
}

const GOLDEN_DIR = new URL('../../golden/explain/', import.meta.url)

/** One diagnostic as a golden line: `APL0301 @29+6 line: 1, col: 30: unknown field …`. */
export function diagnosticLine(d: Diagnostic): string {
  return `${d.code} @${d.span.start}+${d.span.length} ${d.message}`
}

/** Compares `body` with golden file `<name>.txt` (query on the first line); UPDATE_GOLDEN=1 rewrites it. */
export function expectGolden(name: string, query: string, body: string): void {
  const url = new URL(`${name}.txt`, GOLDEN_DIR)
  const actual = `query: ${query}\n${body}\n`
  if (process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(url, actual)
    return
  }
  let expected: string
  try {
    expected = readFileSync(url, 'utf8')
  } catch {
    throw new Error(`golden file ${url.pathname} is missing: run with UPDATE_GOLDEN=1 to create it`)
  }
  expect(actual).toBe(expected)
}

/** Binds `query`, expects a plan, and checks its explain text against golden `name`. */
export function expectPlan(name: string, query: string): LogicalPlan {
  const r = bind(query)
  if (r.plan === undefined)
    throw new Error(`expected a plan for ${query}, got ${r.diagnostics.map(diagnosticLine).join('\n')}`)
  const warnings = r.warnings.map((w) => `warning ${diagnosticLine(w)}`)
  expectGolden(name, query, [explainPlan(r.plan), ...warnings].join('\n'))
  return r.plan
}

/**
 * Binds `query`, expects exactly one diagnostic with `code` whose span covers the text `at` (its first
 * match after the text `after`, when given), and checks the message against golden `name`.
 */
export function expectError(
  name: string,
  query: string,
  code: string,
  at: string,
  after?: string,
  capabilities?: Capabilities,
): Diagnostic {
  const r = bind(query, capabilities)
  if (r.diagnostics === undefined)
    throw new Error(`expected ${code} for ${query}, got a plan:\n${explainPlan(r.plan)}`)
  expect(r.diagnostics).toHaveLength(1)
  const d = r.diagnostics[0]
  expect(d.code).toBe(code)
  const from = after === undefined ? 0 : query.indexOf(after) + after.length
  expect(from, `\`${after}\` is not in the query`).toBeGreaterThanOrEqual(0)
  const start = query.indexOf(at, from)
  expect(start, `\`${at}\` is not in the query`).toBeGreaterThanOrEqual(0)
  expect(d.span).toEqual({ start, length: at.length })
  expectGolden(name, query, diagnosticLine(d))
  return d
}
