// test/differential/corpus.ts: the engine-vs-reference query corpus (T1/T2 queries over the reference
// fixture's logs and generated http logs), shared by the reference differential and the ClickHouse one.
import { httpLogs } from '../../bench/data-gen.ts'
import { NOW_MS } from '../reference/fixture.ts'

export const HTTP = httpLogs(3000, { seed: 11, startMs: NOW_MS - 5 * 86_400_000, spanMs: 5 * 86_400_000 })

export const QUERIES: [dataset: 'logs' | 'http', apl: string][] = [
  ['logs', `logs`],
  ['logs', `logs | where method == 'GET'`],
  ['logs', `logs | where status == '200' | project _time, uri, status`],
  ['logs', `logs | where duration_ms > 10 and is_tls == true`],
  ['logs', `logs | where uri startswith '/api' or uri endswith '.css'`],
  ['logs', `logs | where uri !endswith '.js' and method !~ 'get'`],
  ['logs', `logs | summarize count() by method`],
  ['logs', `logs | summarize count(), avg(duration_ms), min(duration_ms), max(duration_ms) by method`],
  ['logs', `logs | summarize dcount(user), dcount(city) by is_tls`],
  ['logs', `logs | summarize percentile(duration_ms, 50), percentile(duration_ms, 95)`],
  ['logs', `logs | summarize topk(method, 2)`],
  ['logs', `logs | summarize count() by bin(_time, 1d)`],
  ['logs', `logs | summarize n = count() by method, bin(_time, 2d)`],
  ['logs', `logs | top 3 by duration_ms desc`],
  ['logs', `logs | top 5 by uri asc`],
  ['logs', `logs | extend d2 = todouble(duration_ms) * 2 | project uri, d2`],
  ['logs', `logs | count`],
  ['logs', `logs | take 4`],
  ['http', `http | where status == '500' | count`],
  ['http', `http | summarize count() by status`],
  ['http', `http | summarize avg(req_duration_ms), max(req_duration_ms) by method`],
  ['http', `http | summarize count() by bin(_time, 1h)`],
  [
    'http',
    `http | summarize percentile(req_duration_ms, 95), percentile(req_duration_ms, 99) by server_datacenter`,
  ],
  ['http', `http | summarize dcount(id) by ['geo.country']`],
  ['http', `http | summarize count() by uri | top 10 by count_`],
  [
    'http',
    `http | where uri startswith '/api' and method !~ 'get' | summarize count() by ['geo.country'] | top 5 by count_`,
  ],
  ['http', `http | where req_duration_ms > 500 | sort by req_duration_ms desc | take 100`],
  // Top-N with a bound (ops/top-bound.ts: blocks pruned by the heap's root, visited best first, late
  // columns): numeric, time, integer|float and mixed keys, heavy ties, nulls, with and without filters.
  ['http', `http | where req_duration_ms > 1 | sort by req_duration_ms asc | take 20`],
  ['http', `http | top 15 by req_duration_ms desc`],
  ['http', `http | top 40 by resp_body_size_bytes asc`],
  ['http', `http | where method != 'GET' | top 25 by resp_header_size_bytes desc`],
  ['http', `http | top 30 by _time asc`],
  ['http', `http | where status == '200' | sort by _time desc | take 12`],
  ['http', `http | where resp_header_size_bytes < 30 | project-away uri | top 9 by _time asc`],
  ['logs', `logs | where duration_ms > 2 | sort by duration_ms asc | take 3`],
  ['logs', `logs | sort by bytes desc nulls first | take 5`],
  ['logs', `logs | top 4 by bytes asc nulls last`],
  ['logs', `logs | top 6 by bytes asc`],
  ['logs', `logs | top 3 by status desc`],
  ['logs', `logs | top 5 by _time asc`],
  ['logs', `logs | where method != 'GET' | sort by _time desc | take 4`],
  ['http', `http | where _time > ago(1d) | summarize count() by bin(_time, 5m), status`],
  ['logs', `logs | distinct method, is_tls`],
  ['http', `http | distinct method, status`],
  ['logs', `union withsource=ds logs, http | summarize count() by ds, method`],
  ['logs', `union (logs | project x = bytes), (logs | project x = duration_ms)`],
  ['logs', `logs | search "api" and not "users"`],
  ['logs', `logs | where * has 'seattle'`],
  ['http', `http | search "delete"`],
  ['logs', `logs | join kind=inner (logs | summarize n = count() by method) on method`],
  ['logs', `logs | join kind=innerunique (logs | project method, city) on method`],
  [
    'logs',
    `logs | join kind=leftouter (datatable(user:string, nick:string)['u1', 'one', 'u2', 'two']) on user`,
  ],
  [
    'http',
    `http | summarize n = count() by id | join kind=leftouter (http | where status == '500' | summarize e = count() by id) on id`,
  ],
  [
    'logs',
    `logs | project a = status + 1, b = status * 2.5, c = -status, f = status % 7, h = status / 2, i = (status * 2.0) / 3`,
  ],
  [
    'logs',
    `logs | project g = abs(status), k = floor(status), r = round(status), l = bin(status, 100), t = tostring(status * 1.0), n = log(status), s = 1h * status`,
  ],
  ['logs', `logs | extend q = status * 1.0 | where duration_ms > 5 | summarize sum(q / 4), avg(q) by method`],
  ['logs', `logs | where status * 2 > 300 | count`],
  ['logs', `logs | make-series count() on _time step 1d by method`],
  ['logs', `logs | make-series sum(bytes), countif(method == 'GET') on _time step 2d`],
  ['http', `http | make-series count() on _time step 1h by server_datacenter`],
  // arg_min / arg_max: returned columns of the picked row; ties keep the first row in scan order
  // (string and mixed values tie often), across blocks and parallel units.
  ['logs', `logs | summarize arg_max(duration_ms, uri, status) by method`],
  ['logs', `logs | summarize arg_min(duration_ms, *) by is_tls`],
  ['logs', `logs | summarize arg_max(n = status, u = uri), arg_min(_time, user, tags), count()`],
  ['logs', `logs | summarize arg_max(method, uri, city) by bin(_time, 1d)`],
  ['logs', `logs | where method == 'nope' | summarize arg_max(duration_ms, uri)`],
  ['http', `http | summarize arg_max(req_duration_ms, uri, status) by server_datacenter`],
  ['http', `http | summarize arg_min(_time, *) by method`],
  ['http', `http | summarize arg_max(status, id, _time, is_tls) by bin(_time, 1h)`],
  ['http', `http | summarize m = arg_min(method, strlen(uri), ['geo.city']) by status`],
  ['http', `http | where status == '500' | summarize arg_max(resp_body_size_bytes, *)`],
  // Aggregations legacy queries ran before APL did (stdev, variance, histogram, rate, *if forms), and
  // the case-sensitive string operators and `!between`, across block sizes and parallel units.
  ['logs', `logs | summarize stdev(duration_ms), variance(bytes), histogram(bytes, 5) by method`],
  ['http', `http | summarize stdev(req_duration_ms), variance(resp_body_size_bytes) by server_datacenter`],
  ['http', `http | summarize histogram(req_duration_ms, 10)`],
  ['logs', `logs | summarize rate(bytes) by bin(_time, 1d)`],
  ['http', `http | summarize rate(resp_body_size_bytes) by bin(_time, 1h)`],
  ['http', `http | summarize rate(req_duration_ms) by method`],
  ['logs', `logs | make-series rate(bytes) on _time step 2d`],
  [
    'logs',
    `logs | summarize make_set_if(user, is_tls), percentileif(duration_ms, 90, is_tls), topkif(city, 2, bytes > 10)`,
  ],
  [
    'http',
    `http | summarize stdevif(req_duration_ms, status == '200'), make_list_if(id, status == '500') by method`,
  ],
  ['logs', `logs | where uri contains_cs 'api' or uri startswith_cs '/API' or city endswith_cs 'le'`],
  ['logs', `logs | where uri !has_cs 'api' and duration_ms !between (1 .. 10)`],
  // Axiom's string family and the T3 string/set operators (#20): per dictionary entry over blocks.
  [
    'logs',
    `logs | extend t = trim('/', uri), r = replace_string('v1', 'v2', uri), c = countof('/', uri), q = quote(city), z = string_size(city) | project t, r, c, q, z`,
  ],
  [
    'logs',
    `logs | summarize n = count() by p = tostring(parse_url(strcat('https://h', uri)).path), e = url_encode(city)`,
  ],
  [
    'logs',
    `logs | extend a = extract_all('([a-z]+)', dynamic([1]), uri), k = countof_regex('[0-9]', uri), x = replace_regex('[aeiou]', '_', msg) | project a, k, x`,
  ],
  [
    'logs',
    `logs | where msg hasprefix 'up' or city hassuffix_cs 'o' or method in~ ('post') or msg has_any ('baz', 'served')`,
  ],
  [
    'http',
    `http | summarize n = count() by f = format_bytes(resp_body_size_bytes, 1), t = totitle(tolower(method))`,
  ],
  [
    'http',
    `http | where uri !hasprefix 'api' and method !in~ ('get') | summarize count() by i = indexof_regex(uri, '[0-9]')`,
  ],
  // Joins of every kind and unions merged by name (issue 26: compiled to ClickHouse SQL there):
  // duplicate keys on both sides, right-only rows, semi/anti, summaries joined, withsource=.
  ['logs', `logs | join kind=fullouter (logs | summarize n = count() by method) on method`],
  [
    'logs',
    `logs | join kind=rightouter (logs | summarize n = count() by city) on city | project city, n, uri`,
  ],
  ['logs', `logs | join kind=leftanti (logs | where status == '200') on uri`],
  ['logs', `logs | join kind=rightanti (logs | where is_tls == true | project user, method) on user`],
  ['logs', `logs | join kind=leftsemi (logs | where status == '500') on method`],
  ['logs', `logs | join kind=rightsemi (logs | project city, user) on city`],
  ['logs', `logs | join kind=innerunique (logs | summarize c = count() by user) on user | take 20`],
  [
    'http',
    `http | join (http | where method == 'GET' | summarize m = count() by server_datacenter) on server_datacenter | count`,
  ],
  [
    'logs',
    `union withsource=src (logs | where method == 'GET'), (http | where method == 'GET') | summarize count() by src`,
  ],
  ['logs', `union logs, http | where status == '200' | project _time, method, status | take 10`],
  ['logs', `logs | union (logs | project method, status) | summarize count() by method`],
  ['logs', `union (logs | project k = city), (http | project k = ['geo.city']) | distinct k`],
  // Dynamic values and time series (#22): array/bag functions per row; make-series output through
  // series_* chains (typed arrays) across block sizes and parallel units.
  [
    'logs',
    `logs | project a = array_sort_desc(tags), s = array_slice(split(uri, '/'), 1, -1), k = bag_keys(bag_pack('m', method, 'u', user))`,
  ],
  [
    'logs',
    `logs | extend j = parse_json(strcat('{"m":"', method, '","n":', tostring(bytes), '}')) | summarize count() by tostring(j.m), bag_has_key(j, 'n')`,
  ],
  [
    'logs',
    `logs | make-series n = count() default = 0 on _time step 1d by method | extend f = series_fill_linear(series_divide(n, 2)), s = series_stats_dynamic(n)`,
  ],
  [
    'logs',
    `logs | make-series a = avg(duration_ms) default = real(null) on _time step 1d | extend f = series_fill_forward(a), l = series_fill_linear(a), z = series_fir(series_fill_const(a, 0), dynamic([1, 1]))`,
  ],
  [
    'http',
    `http | make-series n = count(), d = max(req_duration_ms) on _time step 1h by status | extend g = series_greater(n, 5), c = series_pearson_correlation(n, d), t = series_sum(n)`,
  ],
  [
    'http',
    `http | make-series n = count() on _time step 1h | extend f = series_fft(n), i = series_iir(n, dynamic([0.5]), dynamic([1, -0.5]))`,
  ],
  // Issue 21 (ops): the parse family, the remaining tabular operators and aggregations.
  ['http', `http | parse uri with '/api/' version '/' rest | summarize count() by version`],
  ['http', `http | parse-where kind=regex uri with * @'/(\\w+)/' seg | summarize n = count() by seg`],
  ['logs', `logs | parse kind=relaxed msg with word ' ' n:long * | project _time, word, n`],
  [
    'logs',
    `logs | extend kv = strcat('m=', method, ',u=', user) | parse-kv kv as (m, u) with (pair_delimiter=',', kv_delimiter='=') | summarize count() by m`,
  ],
  [
    'http',
    `http | summarize percentiles_arrayif(req_duration_ms, dynamic([50, 90]), status == '200') by method`,
  ],
  ['logs', `logs | lookup (logs | summarize n = count() by user) on user | summarize sum(n) by method`],
  [
    'http',
    `http | lookup kind=inner (http | summarize m = max(req_duration_ms) by method) on method | project _time, m`,
  ],
  ['logs', `logs | mv-expand with_itemindex=i tags | summarize count() by tostring(tags), i`],
  // mv-expand of make-series output (typed series columns: the kernel's typed path), long and real.
  [
    'logs',
    `logs | make-series n = count(), b = avg(bytes) default = real(null) on _time step 1d by method | mv-expand with_itemindex=k n to typeof(long), b to typeof(real) | project method, k, n, b`,
  ],
  [
    'http',
    `http | make-series s = sum(req_duration_ms) on _time step 6h | mv-expand s to typeof(real), _time to typeof(datetime) | summarize sum(s), count(), max(_time)`,
  ],
  [
    'http',
    `http | extend a = pack_array(method, status) | mv-expand a to typeof(string) | summarize count() by a`,
  ],
  // IP functions (#20): addresses built from columns (dictionary strings, nulls), constant ranges and
  // lists, text search, IPv6, across block sizes and parallel units.
  [
    'logs',
    `logs | extend ip = strcat('10.', bytes % 256, '.0.', strlen(city)) | project ip, n = parse_ipv4(ip), r = ipv4_is_in_range(ip, '10.0.0.0/12'), p = ipv4_is_private(ip), f = format_ipv4_mask(ip, 16)`,
  ],
  [
    'http',
    `http | extend ip = strcat('192.168.', resp_header_size_bytes % 256, '.', status) | summarize count() by ipv4_is_in_any_range(ip, dynamic(['192.168.0.0/24', '192.168.16.0/20'])), ipv4_netmask_suffix(ip)`,
  ],
  [
    'http',
    `http | where has_ipv4_prefix(strcat('from 10.', resp_header_size_bytes % 4, '.1.1 ok'), '10.1.') | count`,
  ],
  [
    'http',
    `http | extend v6 = strcat('2001:db8::', resp_body_size_bytes % 9999) | summarize count() by ipv6_is_in_range(v6, '2001:db8::/120'), ipv6_compare(v6, '2001:db8::800')`,
  ],
  // GenAI functions (#20): messages as JSON text built per row, a model column, costs summed.
  [
    'logs',
    `logs | extend m = strcat('[{"role":"system","content":"s"},{"role":"user","content":"', city, '"},{"role":"assistant","content":"', method, '"}]') | project u = genai_extract_user_prompt(m), t = genai_conversation_turns(m), r = genai_message_roles(m), c = genai_concat_contents(m, '|')`,
  ],
  [
    'http',
    `http | extend model = iff(is_tls, 'gpt-4o', 'claude-3-5-sonnet') | summarize sum(genai_cost(model, resp_body_size_bytes, resp_header_size_bytes)), sum(genai_estimate_tokens(uri)) by model, method`,
  ],
  // Math, datetime, hash, type and conversion functions (#20, mathtime), across block sizes.
  [
    'logs',
    `logs | extend r = sqrt(duration_ms), p = pow(bytes, 2), s = sign(bytes - 500), g = gamma(duration_ms)`,
  ],
  ['http', `http | summarize n = count() by h = hourofday(_time), d = dayofweek(_time)`],
  ['http', `http | summarize n = count() by w = startofweek(_time), e = endofday(_time)`],
  [
    'http',
    `http | extend p = datetime_part('second', _time), a = datetime_add('month', 1, _time), y = week_of_year(_time)`,
  ],
  ['http', `http | summarize n = count() by k = substring(hash_sha256(id), 0, 2)`],
  [
    'logs',
    `logs | extend t = gettype(status), b = tobool(status), x = tohex(bytes, 4), m = max_of(bytes, duration_ms)`,
  ],
  // toarray, dynamic_to_json, pair family (#20)
  [
    'logs',
    `logs | extend a = toarray(tags), j = dynamic_to_json(bag_pack('u', user, 't', tags, 's', status))`,
  ],
  [
    'logs',
    `logs | extend p = parse_pair(strcat(user, ':', status)), f = find_pair(tags, '*', 'a*'), q = pair('u', user)`,
  ],
  // sample (#21): seeded in the text; rows of a dataset keep by event sequence number
  ['logs', `set sample_seed = 11; logs | sample 0.5 | summarize count() by user`],
  [
    'http',
    `set sample_seed = 3; http | where status != '200' | extend m = tolower(method) | sample 0.25 | summarize count(), sum(req_duration_ms) by m`,
  ],
  ['http', `set sample_seed = 5; http | sample 0.3 | sample 0.5 | project _time, uri`],
  // redact (#21)
  ['logs', `logs | redact replaceToken='#' @'[0-9]' on uri, user | summarize count() by uri, user`],
  ['http', `http | redact redactGroups=true @'/([a-z]+)/' | project _time, uri, method`],
  // phrases and spotlight (#21, agg21b): dictionary text over many blocks; cohorts against the rest
  // per field (categorical, numeric, `*`), grouped, across block sizes and parallel units.
  ['logs', `logs | summarize phrases(msg, 5) by method`],
  ['http', `http | summarize phrases(uri, 10)`],
  ['http', `http | summarize spotlight(status startswith '5', method, ['geo.country'], req_duration_ms)`],
  ['http', `http | summarize spotlight(req_duration_ms > 500, *) by server_datacenter`],
  [
    'logs',
    `logs | extend d = duration_ms * 1ms | summarize spotlight(is_tls, d, city, bytes) by bin(_time, 2d)`,
  ],
  // hash exactness, parse_sql/format_sql, and the functions the binder answers from the schema (#20, scalar20b)
  ['http', `http | summarize n = count() by h = hash(id), s = hash(status, 7)`],
  ['logs', `logs | extend h = hash(bytes * 1000000000000), e = hash(9007199254740993)`],
  [
    'logs',
    `logs | extend m = parse_sql(strcat('select uri, ', method, ' from logs where bytes > ', tostring(bytes))) | extend f = format_sql(m)`,
  ],
  [
    'logs',
    `logs | extend a = column_ifexists('city', user), b = column_ifexists('nope', bytes), c = ensure_field('bytes', typeof(string)), d = ensure_field('nope', typeof(real))`,
  ],
  [
    'http',
    `http | extend t = ingestion_time(), c = cursor_current() | summarize n = count(), lag = max(t - _time), k = dcount(c)`,
  ],
  // parse-kv escape= and greedy= over dictionary-encoded text (#21, kv21)
  [
    'logs',
    `logs | extend kv = strcat('u="', user, '\\\\"x", m=', method, ' ', city) | parse-kv kv as (u, m) with (pair_delimiter=',', kv_delimiter='=', quote='"', escape='\\\\') | summarize count() by u, m`,
  ],
  [
    'logs',
    `logs | extend kv = strcat('m=', method, ' ', msg, ' c=', city, ' x') | parse-kv kv as (m, c) with (pair_delimiter=' ', kv_delimiter='=', greedy=true) | summarize count() by m, c`,
  ],
  // parse-kv's other modes: no delimiters (words), regex, repeated two-character quotes, typed keys (#21, kv21)
  [
    'logs',
    `logs | extend kv = strcat('[', method, '] user: ', user, ', ms=', duration_ms, ' city ', city) | parse-kv kv as (user, ms:long, city) | summarize count(), sum(ms) by user, city`,
  ],
  [
    'logs',
    `logs | extend kv = strcat('m<', method, '> u<', user, '> s< ', status, ' >') | parse-kv kv as (m, u, s:long) with (regex=@'(\\w+)<([^>]*)>') | summarize count() by m, u, s`,
  ],
  [
    'logs',
    `logs | extend kv = strcat('u=(', user, '; x); [m]=[', method, '];d=', duration_ms) | parse-kv kv as (u, m, d:real) with (pair_delimiter=';', kv_delimiter='=', quote='()', quote='[]') | summarize count(), avg(d) by u, m`,
  ],
]
