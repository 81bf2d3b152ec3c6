// test/unit/exec/ops/external-data.test.ts: externaldata (#21, Axiom's externaldata page): csv with a
// header skipped, tsv, json/ndjson by column name, txt lines, several URLs, a lookup against a dataset;
// the engine equals the reference; access (file root, refused remote, a fetch function, the HTTP
// server's default of none) and every failure as a clear error with a stable code.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExecError } from '../../../../src/exec/context.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { externalReader } from '../../../../src/query/external-access.ts'
import { runPlan } from '../../../../src/query/run-apl.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'

let dir: string
let store: Apldb
const NOW_MS = Date.UTC(2026, 0, 2)
const url = (name: string) => pathToFileURL(join(dir, 'data', name)).href

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apldb-external-'))
  await mkdir(join(dir, 'data'))
  await writeFile(
    join(dir, 'data', 'emp.csv'),
    'employeeID,email,n\n00001,"tifa@acme.com",3\n00002,"bar, ret@acme.com",\n',
  )
  await writeFile(join(dir, 'data', 'emp.tsv'), '00003\tcid@acme.com\t7\n')
  await writeFile(
    join(dir, 'data', 'svc.json'),
    '[{"serviceName":"frontend","n":1},{"serviceName":"cart","n":2.5}]',
  )
  await writeFile(join(dir, 'data', 'svc.ndjson'), '{"serviceName":"email","n":3}\n{"n":4}\n')
  await writeFile(join(dir, 'data', 'lines.txt'), 'first line\nsecond, line\n')
  await writeFile(join(dir, 'data', 'bad.csv'), 'x,abc\n')
  await writeFile(join(dir, 'secret.csv'), 'top,secret\n')
  store = await openStore({ durability: 'none', clock: () => NOW_MS })
  await store.datasets.create({ name: 'logs' })
  await store.ingest('logs', [
    { _time: NOW_MS - 10, employeeID: '00001', sev: 'high' },
    { _time: NOW_MS - 20, employeeID: '00003', sev: 'high' },
    { _time: NOW_MS - 30, employeeID: '00009', sev: 'low' },
  ])
})
afterAll(async () => {
  await store.close()
  await rm(dir, { recursive: true, force: true })
})

/** Engine and reference over the same plan; returns the engine's rows. */
async function both(apl: string): Promise<unknown[][]> {
  const snap = store.storage.snapshot()
  try {
    const bound = compileApl(apl, schemaFromSnapshot(snap))
    if (!bound.plan) throw new Error(bound.diagnostics.map((d) => d.message).join('; '))
    const now = BigInt(NOW_MS) * 1_000_000n
    const ref = await evaluate(snap, bound.plan, { now })
    const got = await runPlan(snap, bound.plan, { now, readExternal: externalReader({ fileRoot: dir }) })
    expect(diffResults(got, ref, bound.plan.order === 'explicit')).toBeUndefined()
    const cols = got.tables[0].columns
    return (cols[0] ?? []).map((_, i) => cols.map((c) => c[i]))
  } finally {
    snap.release()
  }
}

describe('externaldata', () => {
  it("csv with ignoreFirstRecord (and the page's skipFirstRow), quoted cells, typed columns, empty → null", async () => {
    const q = (opt: string) =>
      `externaldata (employeeID:string, email:string, n:long) ['${url('emp.csv')}'] with (format='csv', ${opt}=true)`
    const rows = [
      ['00001', 'tifa@acme.com', 3],
      ['00002', 'bar, ret@acme.com', null],
    ]
    expect(await both(q('ignoreFirstRecord'))).toEqual(rows)
    expect(await both(q('skipFirstRow'))).toEqual(rows)
  })

  it('several URLs, tsv, json and ndjson by name, txt lines', async () => {
    expect(
      await both(
        `externaldata (id:string, email:string, n:real) ['${url('emp.tsv')}'] with (format='tsv') | project id, n`,
      ),
    ).toEqual([['00003', 7]])
    expect(
      await both(
        `externaldata (serviceName:string, n:real) ['${url('svc.json')}', '${url('svc.ndjson')}'] with (format='multijson')`,
      ),
    ).toEqual([
      ['frontend', 1],
      ['cart', 2.5],
      ['email', 3],
      [null, 4],
    ])
    expect(await both(`externaldata (line:string) ['${url('lines.txt')}'] with (format='txt')`)).toEqual([
      ['first line'],
      ['second, line'],
    ])
  })

  it("as a let and a lookup table against a dataset (the page's example)", async () => {
    const rows = await both(
      `let employees = externaldata (employeeID:string, email:string, n:long) ['${url('emp.csv')}'] with (format="csv", ignoreFirstRecord=true); logs | where sev == 'high' | lookup employees on employeeID | project employeeID, email | sort by employeeID asc`,
    )
    expect(rows).toEqual([
      ['00001', 'tifa@acme.com'],
      ['00003', null],
    ])
  })

  it('explain shows a leaf read at run time', async () => {
    const r = await store.explain(`externaldata (a:string) ['${url('lines.txt')}'] with (format='txt')`)
    expect(r.logical).toContain('ExternalData: [a:string] format=txt read at run time from')
    expect(r.physical).toContain('ExternalDataExec txt sources 1')
  })

  it('access: in-process default reads files; a root refuses files outside it; remote URLs need fetch', async () => {
    const secret = pathToFileURL(join(dir, 'secret.csv')).href
    const q = (u: string) => `externaldata (a:string, b:string) ['${u}']`
    expect((await store.queryResult(q(secret))).tables[0].columns[1]).toEqual(['secret'])
    await expect(
      store.queryResult(q(secret), { externalData: { fileRoot: join(dir, 'data') } }),
    ).rejects.toMatchObject({ code: 'external_data_refused' })
    await expect(store.queryResult(q(secret), { externalData: { fileRoot: null } })).rejects.toMatchObject({
      code: 'external_data_refused',
    })
    await expect(store.queryResult(q('https://example.com/x.csv'))).rejects.toMatchObject({
      code: 'external_data_refused',
    })
    const asked: string[] = []
    const fetched = await store.queryResult(q('https://example.com/x.csv'), {
      externalData: {
        fetch: async (u) => {
          asked.push(u.href)
          return 'r,1\n'
        },
      },
    })
    expect(asked).toEqual(['https://example.com/x.csv'])
    expect(fetched.tables[0].columns).toEqual([['r'], ['1']])
  })

  it('the HTTP routes run without an access: every URL is refused', async () => {
    const snap = store.storage.snapshot()
    try {
      const plan = compileApl(
        `externaldata (a:string) ['${url('lines.txt')}']`,
        schemaFromSnapshot(snap),
      ).plan
      if (!plan) throw new Error('no plan')
      await expect(runPlan(snap, plan, { now: 1n })).rejects.toMatchObject({ code: 'external_data_refused' })
    } finally {
      snap.release()
    }
  })

  it('errors: a missing file, a value of the wrong type, too large a source, bad JSON', async () => {
    const fail = async (apl: string, code: string, text: string, maxBytes?: number) => {
      const e = await store
        .queryResult(apl, maxBytes ? { externalData: { fileRoot: 'any', maxBytes } } : {})
        .catch((x: unknown) => x)
      expect(e).toBeInstanceOf(ExecError)
      expect(e).toMatchObject({ code })
      expect((e as Error).message).toContain(text)
    }
    await fail(`externaldata (a:string) ['${url('missing.csv')}']`, 'external_data_invalid', 'ENOENT')
    await fail(`externaldata (a:string, b:long) ['${url('bad.csv')}']`, 'external_data_invalid', "column 'b'")
    await fail(`externaldata (a:string) ['${url('emp.csv')}']`, 'external_data_invalid', 'more than the 8', 8)
    await fail(
      `externaldata (a:string) ['${url('lines.txt')}'] with (format='json')`,
      'external_data_invalid',
      'not JSON',
    )
  })

  it('binder errors with spans: a bad URL scheme, an unknown format or property', () => {
    const bad = (apl: string, at: string) => {
      const r = compileApl(apl, { fields: () => undefined, datasetNames: () => [] } as never)
      expect(r.diagnostics?.[0]?.code).toBe('APL0317')
      expect(
        apl.slice(
          r.diagnostics?.[0]?.span.start,
          (r.diagnostics?.[0]?.span.start ?? 0) + (r.diagnostics?.[0]?.span.length ?? 0),
        ),
      ).toBe(at)
    }
    bad(`externaldata (a:string) ['ftp://x/y.csv']`, `'ftp://x/y.csv'`)
    bad(`externaldata (a:string) ['file:///x.csv'] with (format='xml')`, `'xml'`)
    bad(`externaldata (a:string) ['file:///x.csv'] with (colour=1)`, `colour=1`)
  })
})
