// catalog/aggregate/analysis.ts: aggregations that analyse rather than summarise: `phrases` (frequent
// word sequences of a text column) and `spotlight` (a selected cohort against the rest, per field).
// Axiom's pages leave the exact outputs open; the decisions are written in each row's description.

import { q } from '../example.ts'
import { fixed, param, sig, variadic } from '../signature.ts'
import { aggregate } from './define.ts'

/** Most phrases `phrases` may return. */
export const MAX_PHRASES = 10_000

/** Bar rows a spotlight field reports at most (its highest-scoring values). */
export const SPOTLIGHT_VALUES_PER_FIELD = 10
/** A numeric field with at most this many distinct values (both cohorts) is a bar chart, not a boxplot. */
export const SPOTLIGHT_BAR_DISTINCT = 10

/** Analysis rows. */
export const analysisAggregates = [
  aggregate({
    name: 'phrases',
    tier: 'T3',
    signatures: [
      sig(
        param('column', 'string'),
        param('max_phrases', 'long', { constant: true, range: [1, MAX_PHRASES] }),
      ),
    ],
    returns: fixed('dynamic'),
    // The closed wire list has no `phrases`; `computed` is its generic name.
    wireName: 'computed',
    estimated: true,
    onEmpty: 'emptyArray',
    description:
      "The max_phrases most frequent phrases as one dynamic cell [{phrase, count}], highest count first, ties by phrase (code-unit order). A phrase is a maximal run of words (letters, marks, digits, inner apostrophes), lowercased (’ read as ') and joined by one space, broken by any other non-space character and by an English stop word (dropped; PHRASE_STOPWORDS); count is its occurrences over all rows. Exact while the distinct phrases fit 65,536 counters (Space-Saving past that).",
    example: q('summarize phrases(message, 10)'),
  }),
  aggregate({
    name: 'spotlight',
    tier: 'T3',
    signatures: [variadic([param('selection', 'bool')], [param('field', 'any')], 1, Infinity)],
    returns: fixed('dynamic'),
    wireName: 'spotlight',
    estimated: true,
    onEmpty: 'emptyArray',
    fieldArgs: 1,
    description:
      'Rows where selection is true (selected) against the rest of the group (baseline; a null selection counts as baseline), per field (column references, or `*` for every input column), as one dynamic cell: rows sorted by score (highest first; ties: field order, then value). String, bool, datetime and dynamic fields, and numeric ones (long, real, timespan) with at most 10 distinct values (both cohorts), give bar rows {field, kind: "bar", value, selected_count, baseline_count, selected_rate, baseline_rate, lift, score} (rate = count / events of the cohort, lift = selected_rate / baseline_rate or null, score = |selected_rate − baseline_rate|, both computed over the common denominator so equal differences tie exactly; at most 10 values per field, the highest scores). Other numeric fields give {field, kind: "boxplot", selected, baseline, score} with {count, min, p25, p50, p75, max} per cohort (nearest rank; null without values) and score = the Kolmogorov–Smirnov distance of the two cohorts (0 when one has no values). Empty when either cohort has no rows. Exact up to 4,096 values per field and cohort, estimated (t-digest) past that.',
    example: q("summarize spotlight(status startswith '5', ['geo.country'], method, uri, req_duration_ms)"),
  }),
]
