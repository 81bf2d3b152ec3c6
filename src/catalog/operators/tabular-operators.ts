// catalog/operators/tabular-operators.ts: rows for every documented tabular operator (apl-reference
// §4, tiers from §9) plus the undocumented `print`/`datatable` sources. Rows only.

import { q } from '../example.ts'
import { tabular } from './tabular-define.ts'

/** Tabular operator rows. */
export const tabularOperators = [
  tabular({
    name: 'where',
    tier: 'T1',
    syntax: '| where Predicate',
    description:
      'Keeps rows whose predicate is true (null and false are dropped); `where * has "x"` searches every field.',
    example: q("where status == '500'"),
  }),
  tabular({
    name: 'summarize',
    tier: 'T1',
    syntax: '| summarize [Col =] Agg(...) [, ...] [by [Col =] GroupExpr [, ...]]',
    description:
      'Groups rows by the `by` keys and computes aggregations; columns are the keys then the aggregates.',
    example: q('summarize count(), avg(req_duration_ms) by bin(_time, 1h), method'),
  }),
  tabular({
    name: 'top',
    tier: 'T1',
    syntax: '| top N by Expr [asc | desc]',
    description: 'The first N rows by an expression; descending unless asc (nulls last for desc).',
    example: q('top 10 by req_duration_ms desc'),
  }),
  tabular({
    name: 'search',
    tier: 'T1',
    position: 'both',
    syntax: 'search [kind=default|case_insensitive|case_sensitive] [in (DatasetPattern)] Predicate',
    description: 'Finds rows where any field matches the search predicate (terms, wildcards, field:"value").',
    example: q('search "GET" and status == "500"'),
  }),
  tabular({
    name: 'extend',
    tier: 'T2',
    syntax: '| extend Col = Expr [, ...]',
    description: 'Adds computed columns; an existing name is replaced.',
    example: q('extend duration_s = req_duration_ms / 1000'),
  }),
  tabular({
    name: 'project',
    tier: 'T2',
    syntax: '| project Col [= Expr] [, ...]',
    description: 'Keeps, renames or computes exactly the listed columns, in list order.',
    example: q("project _time, method, uri, city = ['geo.city']"),
  }),
  tabular({
    name: 'project-away',
    tier: 'T2',
    syntax: '| project-away Col|Wildcard [, ...]',
    description: 'Drops the listed columns (wildcards allowed).',
    example: q("project-away _sysTime, user_agent, ['geo.']*"),
  }),
  tabular({
    name: 'project-keep',
    tier: 'T2',
    syntax: '| project-keep Col|Wildcard [, ...]',
    description: 'Keeps only the listed columns (wildcards allowed), in input order.',
    example: q('project-keep _time, status, req_*'),
  }),
  tabular({
    name: 'project-rename',
    tier: 'T2',
    syntax: '| project-rename New = Old [, ...]',
    description: 'Renames columns and keeps all others.',
    example: q('project-rename duration_ms = req_duration_ms'),
  }),
  tabular({
    name: 'take',
    aliases: ['limit'],
    tier: 'T2',
    syntax: '| take N',
    description: 'The first N rows in the current order (no ordering guarantee without a sort).',
    example: q('take 10'),
  }),
  tabular({
    name: 'sort',
    aliases: ['order'],
    tier: 'T2',
    syntax: '| sort by Expr [asc|desc] [nulls first|last] [, ...]',
    description: 'Sorts by one or more keys; descending by default (decision §10.4).',
    example: q('sort by req_duration_ms desc, _time asc'),
  }),
  tabular({
    name: 'count',
    tier: 'T2',
    syntax: '| count',
    description: 'One row with one column `count_` holding the number of input rows.',
    example: q("where method == 'POST' | count"),
  }),
  tabular({
    name: 'distinct',
    tier: 'T2',
    syntax: '| distinct Col [, ...]',
    description: 'The distinct combinations of the listed columns (only those columns are returned).',
    example: q("distinct method, ['geo.country']"),
  }),
  tabular({
    name: 'join',
    tier: 'T2',
    syntax: '| join [kind=K] Right on Col | $left.A == $right.B [, ...]',
    description: 'Combines rows with matching keys from a right-hand table (inner by default).',
    example: q(
      "join kind=inner (['sample-http-logs'] | where status == '500' | project id, failed_uri = uri) on id",
    ),
  }),
  tabular({
    name: 'union',
    tier: 'T2',
    position: 'both',
    syntax: '| union [withsource=Col] T2 [, T3 ...]',
    description: 'Concatenates the rows of several tables; columns merge by name.',
    example: q("union withsource=source_dataset (['sample-http-logs'] | where method == 'POST')"),
  }),
  tabular({
    name: 'make-series',
    tier: 'T2',
    syntax:
      '| make-series Agg [, ...] [default = V] on TimeCol [from Start to End | in Range] step Step [by Col, ...]',
    description:
      'One row per group whose aggregates are arrays aligned to time buckets, plus the `_time` axis.',
    example: q('make-series count() default = 0 on _time from ago(1d) to now() step 1h by method'),
  }),
  tabular({
    name: 'extend-valid',
    tier: 'T3',
    syntax: '| extend-valid Col = Expr [, ...]',
    description:
      'Like extend, but assigns only valid values (non-empty, non-zero, truthy); otherwise leaves null.',
    example: q("extend-valid city = ['geo.city']"),
  }),
  tabular({
    name: 'project-reorder',
    tier: 'T3',
    syntax: '| project-reorder Col|Wildcard [asc|desc|granny-asc|granny-desc] [, ...]',
    description: 'Moves the listed columns first; the others keep their order after them.',
    example: q('project-reorder status, method, uri'),
  }),
  tabular({
    name: 'parse',
    tier: 'T3',
    syntax: '| parse [kind=simple|regex|relaxed [flags=..]] Expr with [*] "const" Col[:type] [*] ...',
    description: 'Extracts columns from a string by literal anchors (or regex); unmatched rows get nulls.',
    example: q("parse uri with '/api/' version '/' resource '/' *"),
  }),
  tabular({
    name: 'parse-kv',
    tier: 'T3',
    syntax:
      "| parse-kv Expr as (Key[:type], ...) [with (pair_delimiter=';', kv_delimiter='=' [, quote='\"'] [, escape='\\\\'] [, greedy=true]) | with (regex=@'(key)(value)')]",
    description:
      'Extracts the listed keys from key/value pairs in a string into columns: by given delimiters, by any non-alphanumeric character (no delimiters), or by a two-group regex.',
    example: q("parse-kv message as (level:string, code:long) with (pair_delimiter=';', kv_delimiter='=')"),
  }),
  tabular({
    name: 'parse-where',
    tier: 'T3',
    syntax: '| parse-where [kind=simple|regex [flags=..]] Expr with ...',
    description: 'Like parse, but drops rows that do not match.',
    example: q("parse-where uri with '/api/' version '/' rest"),
  }),
  tabular({
    name: 'lookup',
    tier: 'T3',
    syntax: '| lookup [kind=leftouter|inner] LookupTable on Col | $left.A == $right.B [, ...]',
    description: 'Appends columns of a small dimension table by key (left outer by default).',
    example: q("lookup (datatable(status:string, label:string)['200', 'OK', '500', 'Error']) on status"),
  }),
  tabular({
    name: 'mv-expand',
    tier: 'T3',
    syntax: '| mv-expand [kind=bag|array] [with_itemindex=Idx] Col [to typeof(T)] [, Col2 ...] [limit N]',
    description: 'One row per element of a dynamic array (or per bag property); other columns are repeated.',
    example: q("extend segment = split(uri, '/') | mv-expand segment"),
  }),
  tabular({
    name: 'sample',
    tier: 'T3',
    syntax: '| sample Proportion',
    description:
      'Keeps each row independently with probability p (0 < p < 1; not a row count). The choice is a hash of the seed and the row: a dataset event by its sequence number, any other row by its position in the input (exec/ops/sample-exec.ts). Seed: `set sample_seed = N;`, else QueryOptions.sampleSeed, else random per query.',
    example: q('sample 0.1'),
  }),
  tabular({
    name: 'redact',
    tier: 'T3',
    syntax:
      '| redact [replaceToken="*"] [replaceHash=false] [redactGroups=false] Regex [, Regex ...] [on Col [, ...]]',
    description:
      'Masks regex matches in string columns (default: every string column): each character by a one-character token (default `*`), the match by a longer token, or by a hash (first 8 characters of the base64url SHA-256) with replaceHash; only capturing groups with redactGroups. Regexes apply in turn.',
    example: q("redact replaceToken='x' @'\\d+' on uri"),
  }),
  tabular({
    name: 'getschema',
    tier: 'T3',
    syntax: '| getschema',
    description: 'One row per input column: ColumnName, ColumnOrdinal, ColumnType, DataType.',
    example: q('getschema'),
  }),
  tabular({
    name: 'render',
    tier: 'T3',
    syntax:
      '| render timechart|linechart|areachart|barchart|columnchart|piechart|scatterchart [with (title=…, xcolumn=Col, ycolumns=Col, ..., series=Col, ..., kind=stacked, ...)]',
    description:
      "Kusto's visualization hint, the last operator: the rows pass unchanged and the result carries the chart to draw.",
    example: q('summarize count() by bin(_time, 1h), status | render timechart with (title="requests")'),
  }),
  tabular({
    name: 'externaldata',
    tier: 'T3',
    position: 'source',
    syntax: 'externaldata (Col:type, ...) ["url", ...] [with (format="csv", ignoreFirstRecord=true)]',
    description:
      'Reads a table from URLs when the query runs (formats csv, scsv, tsv, psv, json, multijson, ndjson, raw, txt; ignoreFirstRecord). In-process: local file: URLs by default; the HTTP server reads nothing unless configured; remote URLs only through a fetch function the application supplies; 5 MiB per source.',
    example: "externaldata (id:string, label:string) ['https://example.com/labels.csv'] with (format='csv')",
  }),
  tabular({
    name: 'print',
    tier: 'T3',
    position: 'source',
    syntax: 'print [Col =] Expr [, ...]',
    description: 'One row of computed columns, reading no dataset.',
    example: 'print now_ = now(), answer = 6 * 7',
  }),
  tabular({
    name: 'datatable',
    tier: 'T3',
    position: 'source',
    syntax: 'datatable(Col:type, ...) [v, v, ...]',
    description: 'An inline table; values are listed row by row.',
    example: "datatable(status:string, label:string)['200', 'OK', '500', 'Error']",
  }),
]
