// Runs every test/apl/<area>/*.apl-test file (format in apl-test-file.ts, STYLE.md rule 10): each file
// against its own fresh store loaded by its `load` directives; each query through the reference
// evaluator (bound with every catalog row) and the engine (bound with its own capabilities) with the
// optimizer on and off. All three must give the expected rows, and the two engine runs must agree. An
// engine answer of `not supported yet` (APL0307, or `not_supported` at run time) fails the record
// unless its header says `unsupported`; a record so marked fails when the engine does run it.
// `APLDB_UPDATE=1` rewrites the expected blocks from the reference's results.
// `*.slow.apl-test` files run only with APLDB_SLOW=1.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import { ENGINE_CAPABILITIES } from '../../src/exec/capabilities.ts'
import { ExecError } from '../../src/exec/context.ts'
import type { QueryResult } from '../../src/exec/result.ts'
import { openStore } from '../../src/index.ts'
import { type BindResult, compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { diffResults } from '../differential/result-diff.ts'
import { evaluate } from '../reference/evaluate.ts'
import { LOGS, NOW, NOW_MS, USERS } from '../reference/fixture.ts'
import { type AplTestRecord, parseAplTestFile, renderTable, rewriteFile, sameRow } from './apl-test-file.ts'

const ROOT = new URL('.', import.meta.url).pathname
const UPDATE = process.env.APLDB_UPDATE === '1'
const SLOW = process.env.APLDB_SLOW === '1'

/** The datasets a `load` directive names: fixture data, or `http <count> seed=<n>` generated logs. */
function dataset(directive: string): [name: string, events: Record<string, unknown>[]] {
  const [name, ...rest] = directive.split(/\s+/)
  if (name === 'logs') return ['logs', LOGS as Record<string, unknown>[]]
  if (name === 'users') return ['users', USERS as Record<string, unknown>[]]
  if (name === 'http') {
    const count = Number(rest[0] ?? 200)
    const seed = Number(rest.find((w) => w.startsWith('seed='))?.slice(5) ?? 42)
    return ['http', httpLogs(count, { seed, startMs: NOW_MS - 5 * 86_400_000, spanMs: 5 * 86_400_000 })]
  }
  throw new Error(`unknown dataset in 'load ${directive}'`)
}

function files(): string[] {
  const out: string[] = []
  for (const area of readdirSync(ROOT, { withFileTypes: true })) {
    if (!area.isDirectory()) continue
    for (const f of readdirSync(join(ROOT, area.name)).sort()) {
      if (!f.endsWith('.apl-test')) continue
      if (f.endsWith('.slow.apl-test') && !SLOW) continue
      out.push(join(area.name, f))
    }
  }
  return out.sort()
}

const unsupported: string[] = []
let queries = 0
afterAll(() => {
  console.log(`apl-files queries=${queries} marked-unsupported=${unsupported.length}`)
  for (const s of unsupported) console.log(`  unsupported: ${s}`)
})

/** The expected-block text of a result: rows of table 0 (sorted under rowsort). */
function actualOf(r: QueryResult, rec: AplTestRecord): { types: string; rows: string[] } {
  const { types, rows } = renderTable(r.tables[0])
  return { types, rows: rec.rowsort ? [...rows].sort() : rows }
}

/** Differences between expected and actual lines (empty = equal). */
function compare(rec: AplTestRecord, got: { types: string; rows: string[] }, who: string): string[] {
  const expected = rec.rowsort ? [...rec.expected].sort() : rec.expected
  const problems: string[] = []
  if (got.types !== rec.types) problems.push(`${who}: types ${got.types} (file says ${rec.types})`)
  const same =
    expected.length === got.rows.length && expected.every((row, i) => sameRow(row, got.rows[i], rec.types))
  if (!same)
    problems.push(`${who} rows:\n    ${got.rows.join('\n    ')}\n  expected:\n    ${expected.join('\n    ')}`)
  return problems
}

/** The `error APLnnnn @start+length` line of a bind failure. */
function errorLine(bound: Extract<BindResult, { plan?: undefined }>): { line: string; d: Diagnostic } {
  const d = bound.diagnostics.find((x) => x.severity === 'error') ?? bound.diagnostics[0]
  return { line: `error ${d.code} @${d.span.start}+${d.span.length}`, d }
}

/** Checks an `error …` expectation against a bind failure; sets it in update mode. */
function expectErrorLine(rec: AplTestRecord, bound: Extract<BindResult, { plan?: undefined }>): string[] {
  const { line, d } = errorLine(bound)
  if (UPDATE) {
    rec.types = ''
    rec.expected = [line]
    return []
  }
  return rec.expected.length === 1 && rec.expected[0] === line ? [] : [`got ${line}: ${d.message}`]
}

/**
 * The engine's runs (optimizer on and off) against the expected rows; 'not supported' when the engine
 * says so. Any other error is thrown.
 */
async function engineRuns(
  snap: Snapshot,
  rec: AplTestRecord,
  plan: NonNullable<BindResult['plan']>,
  where: string,
): Promise<string[] | 'not supported'> {
  const problems: string[] = []
  const runs: QueryResult[] = []
  for (const optimize of [true, false]) {
    try {
      const got = await runPlan(snap, plan, { now: NOW, optimize })
      runs.push(got)
      problems.push(...compare(rec, actualOf(got, rec), `engine (optimize=${optimize})`))
    } catch (e) {
      if (e instanceof ExecError && e.code === 'not_supported') return 'not supported'
      throw new Error(`${where}: ${String(e)}`)
    }
  }
  const d = diffResults(runs[0], runs[1], plan.order === 'explicit')
  if (d) problems.push(`optimizer on vs off: ${d}`)
  return problems
}

async function runRecord(snap: Snapshot, rec: AplTestRecord, file: string): Promise<string[]> {
  queries++
  const where = `${file}:${rec.line}: ${rec.apl.replace(/\n/g, ' ')}`
  const schema = schemaFromSnapshot(snap)
  // The reference is not limited by the engine's kernels; the engine binds as a user's query would.
  const forReference = compileApl(rec.apl, schema)
  const forEngine = compileApl(rec.apl, schema, { capabilities: ENGINE_CAPABILITIES })
  const problems: string[] = []
  const expectsError = rec.expected.length === 1 && rec.expected[0].startsWith('error ')
  if (forReference.plan && !(UPDATE ? forEngine.diagnostics && !rec.unsupported : expectsError)) {
    const ref = await evaluate(snap, forReference.plan, { now: NOW })
    const refText = actualOf(ref, rec)
    if (UPDATE) {
      rec.types = refText.types
      rec.expected = refText.rows
    }
    problems.push(...compare(rec, refText, 'reference'))
  }
  let engine: string[] | 'not supported'
  if (forEngine.plan) engine = await engineRuns(snap, rec, forEngine.plan, where)
  else if (forEngine.diagnostics.some((d) => d.code === 'APL0307')) {
    engine = 'not supported'
    if (expectsError || !forReference.plan) problems.push(...expectErrorLine(rec, forEngine))
  } else engine = expectErrorLine(rec, forEngine)
  if (engine === 'not supported') {
    if (rec.unsupported) unsupported.push(where)
    else
      problems.push('the engine does not support this query: implement it, or mark the record `unsupported`')
  } else {
    if (rec.unsupported) problems.push('marked `unsupported`, but the engine runs it: remove the marker')
    problems.push(...engine)
  }
  return problems.length ? [`${where}\n  ${problems.join('\n  ')}`] : []
}

describe('APL test files', () => {
  for (const file of files()) {
    it(file, async () => {
      const path = join(ROOT, file)
      const parsed = parseAplTestFile(readFileSync(path, 'utf8'), file)
      const store = await openStore({
        clock: () => NOW_MS,
        blockRows: parsed.blockRows,
        sealWorker: false,
        durability: 'none',
      })
      for (const d of parsed.loads) {
        const [name, events] = dataset(d)
        await store.datasets.create({ name })
        await store.ingest(name, events)
      }
      await store.settle()
      const snap = store.snapshot()
      const failures: string[] = []
      try {
        for (const rec of parsed.records) failures.push(...(await runRecord(snap, rec, file)))
      } finally {
        snap.release()
        await store.close()
      }
      if (UPDATE) writeFileSync(path, rewriteFile(parsed))
      expect(parsed.records.length).toBeGreaterThan(0)
      expect(failures, failures.join('\n\n')).toEqual([])
    })
  }
})
