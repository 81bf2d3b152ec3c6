// plan/bind.ts: the binder's public entries: `bindQuery` (AST → LogicalPlan against a SchemaSource)
// and `compileApl` (parse + bind). Never throw: every failure, internal ones included, is a diagnostic.

import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type { Query, SetOption, Statement } from '../syntax/ast.ts'
import { MAX_NESTING_DEPTH } from '../syntax/limits.ts'
import { parseApl } from '../syntax/parse.ts'
import { BindContext, BindFailure, type BindOptions, rowScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { callsCursorCurrent } from './bind-schema-calls.ts'
import { bindTabular, isTabularSyntax } from './bind-source.ts'
import { type LogicalNode, type LogicalPlan, nodeChildren } from './logical.ts'
import { queryAggregating, queryLimited, resultOrder } from './result-shape.ts'
import { assignScanFields } from './scan-fields.ts'
import type { SchemaSource } from './schema.ts'

export type { BindOptions } from './bind-context.ts'

/** A bound plan (with warnings such as implicit conversions), or the diagnostics explaining why not. */
export type BindResult =
  | { readonly plan: LogicalPlan; readonly warnings: readonly Diagnostic[]; readonly diagnostics?: undefined }
  | { readonly plan?: undefined; readonly diagnostics: readonly Diagnostic[] }

/** Query options `set` accepts, and how each reads its value (absent: `set name;`). */
const SET_OPTIONS: Readonly<Record<string, (ctx: BindContext, s: SetOption) => void>> = {
  stricttypes: (ctx, s) => {
    ctx.strictTypes = boolValue(s, ctx)
  },
  // The seed of every `sample` of the query (exec/ops/sample-exec.ts): a uint32.
  sample_seed: (ctx, s) => {
    const v = s.value?.kind === 'Literal' ? s.value.value : null
    if (typeof v !== 'bigint' || v < 0n || v > 0xffffffffn) {
      return ctx.fail('APL0317', s.value?.span ?? s.span, {
        operator: 'set sample_seed',
        reason: 'the value must be a whole number from 0 to 4294967295',
      })
    }
    ctx.sampleSeed = Number(v)
  },
}

function boolValue(s: SetOption, ctx: BindContext): boolean {
  const v = s.value
  if (v === null) return true
  if (v.kind === 'Literal' && v.type === 'bool' && v.value !== null) return v.value as boolean
  return ctx.fail('APL0317', v.span, {
    operator: `set ${s.name.name}`,
    reason: 'the value must be true or false',
  })
}

function bindSet(s: SetOption, ctx: BindContext): void {
  const apply = Object.hasOwn(SET_OPTIONS, s.name.name) ? SET_OPTIONS[s.name.name] : undefined
  if (apply === undefined) {
    ctx.fail('APL0318', s.name.span, {
      name: s.name.name,
      suggestion: suggest(s.name.name, Object.keys(SET_OPTIONS)),
    })
  }
  apply(ctx, s)
}

function bindStatement(s: Statement, ctx: BindContext): void {
  if (s.kind === 'SetOption') bindSet(s, ctx)
  else if (isTabularSyntax(s.value, ctx)) {
    ctx.defineLet(s.name.name, { kind: 'tabular', node: bindTabular(s.value, ctx) })
  } else {
    ctx.defineLet(s.name.name, { kind: 'scalar', expr: bindExpr(s.value, rowScope([]), ctx) })
  }
}

/** Kusto's rule: `render` is the query's last operator, never inside a let, sub-query or join. */
function checkRenderLast(root: LogicalNode, ctx: BindContext): void {
  // An explicit stack: pipelines may be thousands of nodes deep.
  const stack = [...nodeChildren(root)]
  while (stack.length > 0) {
    const n = stack.pop() as LogicalNode
    if (n.kind === 'Render') ctx.fail('APL0327', n.span, {})
    stack.push(...nodeChildren(n))
  }
}

function bindUnchecked(ast: Query, ctx: BindContext): LogicalPlan {
  for (const s of ast.statements) bindStatement(s, ctx)
  const bound = bindTabular(ast.body, ctx)
  checkRenderLast(bound, ctx)
  const root = assignScanFields(bound)
  return {
    root,
    datasets: [...ctx.datasets].sort(),
    strictTypes: ctx.strictTypes,
    order: resultOrder(root),
    limited: queryLimited(root),
    aggregating: queryAggregating(root),
  }
}

/** Binds a parsed query against `schema`. `opts.text` (the query text) gives diagnostics their line/column. */
export function bindQuery(ast: Query, schema: SchemaSource, opts: BindOptions = {}): BindResult {
  // Without the text, spans stay exact but every location reads as line 1.
  const text = opts.text ?? ' '.repeat(ast.span.start + ast.span.length)
  // A query that calls cursor_current() reads its Scans' row ids (bind-schema-calls.ts).
  const rowId = opts.rowId === true || callsCursorCurrent(ast)
  const ctx = new BindContext(text, schema, opts.capabilities, rowId)
  try {
    return { plan: bindUnchecked(ast, ctx), warnings: ctx.warnings }
  } catch (error) {
    if (error instanceof BindFailure) return { diagnostics: [error.diagnostic] }
    if (error instanceof RangeError) {
      return {
        diagnostics: [
          createDiagnostic(text, 'APL0202', { start: 0, length: 0 }, { limit: MAX_NESTING_DEPTH }),
        ],
      }
    }
    const detail = error instanceof Error ? error.message : String(error)
    return { diagnostics: [createDiagnostic(text, 'APL0900', { start: 0, length: 0 }, { detail })] }
  }
}

/** Parses and binds APL text; never throws. */
export function compileApl(
  text: string,
  schema: SchemaSource,
  opts: Omit<BindOptions, 'text'> = {},
): BindResult {
  const parsed = parseApl(text)
  if (parsed.ast === undefined) return { diagnostics: parsed.diagnostics }
  return bindQuery(parsed.ast, schema, { ...opts, text })
}
