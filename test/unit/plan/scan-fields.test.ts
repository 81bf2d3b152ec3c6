// test/unit/plan/scan-fields.test.ts: which fields each Scan may read: what the plan above needs,
// always `_time`, every field when the output needs all columns; renames and joins map names back.

import { describe, expect, it } from 'vitest'
import { type LogicalNode, nodeChildren } from '../../../src/plan/index.ts'
import { bind } from './fixtures.ts'

const Q = "['sample-http-logs']"

function scans(node: LogicalNode, out: string[][] = []): string[][] {
  if (node.kind === 'Scan') out.push([node.dataset, ...node.fields])
  for (const c of nodeChildren(node)) scans(c, out)
  return out
}

function fieldsOf(query: string): string[][] {
  const r = bind(query)
  if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
  return scans(r.plan.root)
}

describe('scan fields', () => {
  it('only what filters and aggregations read, plus _time', () => {
    expect(fieldsOf(`${Q} | where uri has 'x' | summarize max(req_duration_ms) by method`)).toEqual([
      ['sample-http-logs', '_time', 'method', 'req_duration_ms', 'uri'],
    ])
  })

  it('every field when the output keeps all columns', () => {
    expect(fieldsOf(`${Q} | where uri has 'x'`)[0]).toHaveLength(17)
  })

  it('a project after extend needs only the extend inputs that survive', () => {
    expect(fieldsOf(`${Q} | extend n = strlen(uri), m = strlen(method) | project n`)).toEqual([
      ['sample-http-logs', '_time', 'uri'],
    ])
  })

  it('columns an extend defines are not read from the scan', () => {
    expect(fieldsOf(`${Q} | project uri, status | extend status = 1 | project status, uri`)).toEqual([
      ['sample-http-logs', '_time', 'uri'],
    ])
  })

  it('renamed columns map back to their source field', () => {
    expect(fieldsOf(`${Q} | project-rename path = uri | summarize count() by path`)).toEqual([
      ['sample-http-logs', '_time', 'uri'],
    ])
  })

  it('| count reads nothing but _time', () => {
    expect(fieldsOf(`${Q} | count`)).toEqual([['sample-http-logs', '_time']])
  })

  it('join sides read their keys and the output columns they feed', () => {
    expect(
      fieldsOf(
        `['otel-demo-traces'] | join kind=inner (${Q}) on $left.trace_id == $right.id | summarize count() by kind, method`,
      ),
    ).toEqual([
      ['otel-demo-traces', '_time', 'kind', 'trace_id'],
      ['sample-http-logs', '_time', 'id', 'method'],
    ])
  })

  it('a suffixed right-side duplicate reads the right field', () => {
    expect(
      fieldsOf(`['otel-demo-traces'] | join (['otel-demo-traces']) on trace_id | project kind1`),
    ).toEqual([
      ['otel-demo-traces', '_time', 'trace_id'],
      ['otel-demo-traces', '_time', 'kind', 'trace_id'],
    ])
  })

  it('union inputs read the needed names they have', () => {
    expect(fieldsOf(`${Q} | union (['otel-demo-traces']) | summarize count() by kind, method`)).toEqual([
      ['sample-http-logs', '_time', 'method'],
      ['otel-demo-traces', '_time', 'kind'],
    ])
  })

  it('a shared let table is specialised per use', () => {
    expect(
      fieldsOf(`let T = ${Q}; T | summarize count() by uri | join (T | summarize count() by uri) on uri`),
    ).toEqual([
      ['sample-http-logs', '_time', 'uri'],
      ['sample-http-logs', '_time', 'uri'],
    ])
  })
})
