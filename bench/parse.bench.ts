// bench/parse.bench.ts: APL front-end throughput (limits → lex → parse → AST; no binding) over 50
// realistic queries in the style of the apl-reference examples on sample-http-logs.
// Run: `node bench/parse.bench.ts [seconds]` (Node 24). Prints queries/s and µs/query.

import { parseApl } from '../src/syntax/parse.ts'

const HTTP = "['sample-http-logs']"

/** 50 queries as users write them (doc-style; a few span several lines with comments). */
export const QUERIES: readonly string[] = [
  `${HTTP} | where status == '500'`,
  `${HTTP} | summarize count() by bin(_time, 1h)`,
  `${HTTP} | where method == 'GET' | summarize count() by status`,
  `${HTTP} | summarize avg(req_duration_ms) by bin_auto(_time)`,
  `${HTTP} | where req_duration_ms > 500 | project _time, uri, req_duration_ms`,
  `${HTTP} | top 10 by req_duration_ms desc`,
  `${HTTP} | summarize dcount(id) by ['geo.country']`,
  `${HTTP} | summarize percentile(req_duration_ms, 95) by bin(_time, 5m)`,
  `${HTTP} | summarize topk(uri, 5)`,
  `${HTTP} | where uri startswith '/api/v1/' and status !startswith '2'`,
  `${HTTP} | where ['geo.city'] == 'Seattle' | count`,
  `${HTTP} | extend is_error = toint(status) >= 500 | summarize countif(is_error) by bin(_time, 1h)`,
  `${HTTP} | where _time > ago(7d) | summarize count() by method, status | sort by count_ desc`,
  `${HTTP} | project-away ['geo.city'], ['geo.country'] | take 10`,
  `${HTTP} | extend duration_s = req_duration_ms / 1000 | where duration_s > 1`,
  `${HTTP} | summarize max(req_duration_ms), min(req_duration_ms), avg(req_duration_ms) by method`,
  `${HTTP} | where content_type has 'json' | summarize count() by content_type`,
  `${HTTP} | where user_agent contains 'Mozilla' and user_agent !contains 'bot'`,
  `${HTTP} | where method in ('GET', 'POST') | summarize count() by method, bin(_time, 30m)`,
  `${HTTP} | where status !in ('200', '201', '204') | summarize errors = count() by status`,
  `${HTTP} | summarize requests = count(), avg_ms = avg(req_duration_ms) by _time = bin(_time, 1h) | order by _time asc`,
  `${HTTP} | where _time between (ago(1h) .. now()) | summarize count()`,
  `${HTTP} | where uri matches regex @'/api/v1/[a-z]+/commit' | project uri`,
  `${HTTP} | extend hour = datetime_part('hour', _time) | summarize count() by hour | sort by hour asc`,
  `${HTTP} | where is_tls == true | summarize dcount(id) by server_datacenter`,
  `${HTTP} | make-series count() default=0 on _time from ago(1d) to now() step 1h by method`,
  `${HTTP} | summarize make_set(method) by ['geo.country']`,
  `${HTTP} | where resp_body_size_bytes >= 4000 and resp_body_size_bytes <= 5000 | count`,
  `${HTTP} | distinct method, status`,
  `${HTTP} | where * has "GET" and req_duration_ms == 1`,
  `search in (['sample-http-logs']) "error" | take 100`,
  `${HTTP} | project-rename duration = req_duration_ms | project _time, duration`,
  `${HTTP} | where status =~ '500' or status =~ '503' | summarize count() by uri | top 5 by count_`,
  `${HTTP} | extend ok = iff(toint(status) < 400, 'ok', 'error') | summarize count() by ok`,
  `let slow = 500; ${HTTP} | where req_duration_ms > slow | summarize count() by bin(_time, 15m)`,
  `let methods = dynamic(['GET', 'POST']); ${HTTP} | where method in (methods) | count`,
  `${HTTP}\n| where status == '404' // not found\n| summarize count() by uri\n| sort by count_ desc\n| take 20`,
  `${HTTP} | summarize percentiles_array(req_duration_ms, 50, 90, 99) by bin(_time, 1h)`,
  `${HTTP} | where ['geo.country'] in~ ('united states', 'mexico') | summarize count() by ['geo.city']`,
  `${HTTP} | extend path = split(uri, '/')[3] | summarize count() by tostring(path)`,
  `${HTTP} | where uri endswith '/go' and method !~ 'get'`,
  `${HTTP} | summarize sumif(resp_body_size_bytes, status == '200'), avgif(req_duration_ms, method == 'GET') by bin(_time, 1d)`,
  `${HTTP} | join kind=inner (${HTTP} | where status == '500' | project id) on id | count`,
  `${HTTP} | union ['otel-demo-traces'] | summarize count() by bin(_time, 1h)`,
  `${HTTP} | extend s = strcat(method, ' ', uri) | project s | take 50`,
  `${HTTP} | where _time > datetime(2024-01-01) and _time < datetime(2024-02-01T00:00:00Z) | count`,
  `${HTTP} | summarize arg_max(req_duration_ms, uri) by method`,
  `${HTTP} | where isnotempty(['geo.city']) | summarize c = count() by ['geo.city'] | top 10 by c`,
  `${HTTP} | extend d = todouble(req_duration_ms) * 1.5 | where d between (1.0 .. 10.0) | project d`,
  `${HTTP} | where status startswith '5' | summarize count() by bin(_time, 1m), server_datacenter | sort by _time desc`,
]

/** Parses every query for about `seconds`; returns queries per second. */
export function runParseBench(seconds: number): { queriesPerSecond: number; microsPerQuery: number } {
  for (const q of QUERIES) {
    const r = parseApl(q)
    if (r.ast === undefined) throw new Error(`bench query does not parse: ${q}\n${r.diagnostics[0].message}`)
  }
  // Warm-up so the JIT has settled before measuring.
  for (let i = 0; i < 20; i++) for (const q of QUERIES) parseApl(q)
  let parsed = 0
  const start = performance.now()
  const deadline = start + seconds * 1000
  while (performance.now() < deadline) {
    for (const q of QUERIES) parseApl(q)
    parsed += QUERIES.length
  }
  const ms = performance.now() - start
  return { queriesPerSecond: (parsed / ms) * 1000, microsPerQuery: (ms * 1000) / parsed }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 5)
  const { queriesPerSecond, microsPerQuery } = runParseBench(seconds)
  const chars = QUERIES.reduce((n, q) => n + q.length, 0) / QUERIES.length
  console.log(
    `parse: ${QUERIES.length} queries (avg ${chars.toFixed(0)} chars), node ${process.version}: ` +
      `${queriesPerSecond.toFixed(0)} queries/s, ${microsPerQuery.toFixed(1)} µs/query`,
  )
}
