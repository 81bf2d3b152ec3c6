// bench/bind.bench.ts: parse + bind throughput (issue 3) over 50 realistic sample-http-logs queries.
// Prints queries/s for parse alone and for parse + bind (each query bound against a static schema).
// Run: node bench/bind.bench.ts [seconds-per-phase]

import { EXAMPLE_FIELDS } from '../src/catalog/example.ts'
import { compileApl, staticSchema } from '../src/plan/index.ts'
import { parseApl } from '../src/syntax/parse.ts'

const SECONDS = Number(process.argv[2] ?? 2)

const schema = staticSchema({
  'sample-http-logs': EXAMPLE_FIELDS,
  'otel-demo-traces': {
    _time: 'datetime',
    trace_id: 'string',
    span_id: 'string',
    'service.name': 'string',
    kind: 'string',
  },
})

const D = "['sample-http-logs']"

/** Queries in the style of the APL docs' sample-http-logs examples (apl-reference §9b.1). */
const QUERIES: readonly string[] = [
  `${D} | where status == '500'`,
  `${D} | summarize count() by status`,
  `${D} | where method == 'GET' | summarize count() by bin(_time, 1h)`,
  `${D} | summarize avg(req_duration_ms) by method`,
  `${D} | summarize percentile(req_duration_ms, 95) by bin_auto(_time)`,
  `${D} | top 10 by req_duration_ms desc`,
  `${D} | summarize count() by uri | top 5 by count_`,
  `${D} | where ['geo.country'] == 'United States' | summarize dcount(id) by ['geo.city']`,
  `${D} | summarize topk(uri, 10)`,
  `${D} | where uri startswith '/api/v1' and uri !endswith 'ping'`,
  `${D} | where method !~ 'get' | count`,
  `${D} | summarize min(req_duration_ms), max(req_duration_ms), avg(req_duration_ms) by server_datacenter`,
  `${D} | where todouble(status) >= 500 | summarize errors = count() by bin(_time, 5m)`,
  `${D} | where toreal(resp_body_size_bytes) > 4000.5 | take 100`,
  `search in (${D}) "GET"`,
  `${D} | search "error" and status:"5*"`,
  `${D} | where * has "Mozilla" | take 20`,
  `${D} | extend is_error = status startswith '5' | summarize countif(is_error) by bin(_time, 1h)`,
  `${D} | project _time, method, uri, status | sort by _time desc | take 50`,
  `${D} | where req_duration_ms > 1 and resp_body_size_bytes >= 4000 and resp_body_size_bytes <= 5000`,
  `${D} | summarize count() by method, status | order by count_ desc`,
  `${D} | where content_type contains 'json' | summarize avg(resp_body_size_bytes) by method`,
  `${D} | extend kb = resp_body_size_bytes / 1024.0 | summarize sum(kb) by bin(_time, 1d)`,
  `${D} | summarize make_set(method) by ['geo.country']`,
  `${D} | summarize percentiles_array(req_duration_ms, 50, 90, 99) by bin(_time, 1h)`,
  `${D} | where is_tls == true | summarize count() by server_datacenter`,
  `${D} | distinct method, status`,
  `${D} | project-away ['geo.']*, user_agent | take 10`,
  `${D} | project-rename path = uri | summarize count() by path`,
  `${D} | where _time > ago(1h) | summarize count() by bin(_time, 1m)`,
  `${D} | where _time between (ago(2h) .. now()) | count`,
  `let slow = 1.5; ${D} | where req_duration_ms > slow | summarize count() by method`,
  `let methods = dynamic(['GET', 'POST']); ${D} | where method in (methods) | take 10`,
  `${D} | where status in ('500', '502', '503', '504') | summarize count() by status, bin(_time, 15m)`,
  `${D} | summarize avgif(req_duration_ms, method == 'GET'), sumif(resp_body_size_bytes, is_tls) by bin(_time, 1h)`,
  `${D} | extend class = case(status startswith '5', 'server', status startswith '4', 'client', 'ok') | summarize count() by class`,
  `${D} | extend speed = iff(req_duration_ms > 1, 'slow', 'fast') | summarize count() by speed`,
  `${D} | make-series count() default = 0 on _time from ago(1d) to now() step 1h by method`,
  `${D} | summarize dcountif(id, status == '200') by method`,
  `${D} | where uri has 'payment' or uri has 'buy' | project _time, uri, req_duration_ms`,
  `${D} | summarize arg = max(resp_header_size_bytes) by content_type | sort by arg`,
  `${D} | where isnotempty(['geo.city']) | summarize count() by ['geo.city'] | top 10 by count_`,
  `${D} | extend host = tolower(server_datacenter) | distinct host`,
  `${D} | where strlen(uri) > 30 | project uri`,
  `${D} | where method == 'POST' | join kind=inner (['otel-demo-traces'] | where kind == 'server') on $left.id == $right.trace_id | count`,
  `${D} | union ['otel-demo-traces'] | summarize count() by bin(_time, 1h)`,
  `${D} | summarize total = count(), errors = countif(status startswith '5') by bin(_time, 1h) | extend rate = todouble(errors) / total`,
  `${D} | where method == 'GET' and status == '200' and ['geo.country'] == 'France' | summarize avg(req_duration_ms) by ['geo.city']`,
  `${D} | summarize count() by bin(req_duration_ms, 0.5) | sort by req_duration_ms asc`,
  `set stricttypes; ${D} | where toint(status) >= 500 | summarize count() by status`,
]

function check(): void {
  if (QUERIES.length !== 50) throw new Error(`expected 50 queries, have ${QUERIES.length}`)
  for (const q of QUERIES) {
    const r = compileApl(q, schema)
    if (r.plan === undefined) throw new Error(`query does not bind: ${q}\n${r.diagnostics[0].message}`)
  }
}

function measure(label: string, run: (q: string) => unknown): void {
  // Warm up so the JIT has compiled the parser and binder before timing.
  for (let i = 0; i < 5; i++) for (const q of QUERIES) run(q)
  let n = 0
  const t0 = performance.now()
  const deadline = t0 + SECONDS * 1000
  while (performance.now() < deadline) {
    for (const q of QUERIES) run(q)
    n += QUERIES.length
  }
  const secs = (performance.now() - t0) / 1000
  const rate = Math.round(n / secs)
  console.log(
    `${label.padEnd(12)} queries=${n} time=${secs.toFixed(2)}s queries/s=${rate.toLocaleString('en-US')} µs/query=${((secs * 1e6) / n).toFixed(1)}`,
  )
}

check()
measure('parse', (q) => parseApl(q))
measure('parse+bind', (q) => compileApl(q, schema))
