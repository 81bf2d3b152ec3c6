// test/unit/catalog/column-names.test.ts: default aggregate column names and de-duplication
// (decision §10.1), through the real aggregate rows.

import { describe, expect, it } from 'vitest'
import {
  type AggArgText,
  COUNT_OPERATOR_COLUMN,
  dedupeColumnNames,
  defaultAggregateColumnName,
  lookupAggregate,
} from '../../../src/catalog/index.ts'

const col = (name: string): AggArgText => ({ column: name, text: name })
const lit = (text: string): AggArgText => ({ text })

function nameOf(agg: string, ...args: AggArgText[]): string {
  const row = lookupAggregate(agg)
  if (!row) throw new Error(`no aggregate ${agg}`)
  return defaultAggregateColumnName(row, args)
}

describe('defaultAggregateColumnName', () => {
  it.each([
    [nameOf('count'), 'count_'],
    [nameOf('countif', lit("status == '500'")), 'countif_'],
    [nameOf('avg', col('req_duration_ms')), 'avg_req_duration_ms'],
    [nameOf('dcount', col('id')), 'dcount_id'],
    [nameOf('max', col('duration')), 'max_duration'],
    [nameOf('make_set', col('service.name')), 'make_set_service.name'],
    [nameOf('avg', lit('toint(status)')), 'avg_'],
    [nameOf('percentile', col('req_duration_ms'), lit('99.5')), 'percentile_req_duration_ms_99_5'],
    [nameOf('percentile', col('req_duration_ms'), lit('95')), 'percentile_req_duration_ms_95'],
    [nameOf('percentile', lit('todouble(status)'), lit('95')), 'percentile_'],
    [nameOf('sumif', col('resp_body_size_bytes'), lit('is_tls')), 'sumif_resp_body_size_bytes'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected)
  })

  it('names the count operator column count_', () => {
    expect(COUNT_OPERATOR_COLUMN).toBe('count_')
  })
})

describe('dedupeColumnNames', () => {
  it('suffixes later duplicates with _1, _2', () => {
    expect(dedupeColumnNames(['count_', 'count_', 'count_'])).toEqual(['count_', 'count_1', 'count_2'])
    expect(dedupeColumnNames(['avg_x', 'method', 'avg_x'])).toEqual(['avg_x', 'method', 'avg_x_1'])
  })

  it('never takes a name used elsewhere in the list', () => {
    expect(dedupeColumnNames(['count_', 'count_', 'count_1'])).toEqual(['count_', 'count_2', 'count_1'])
  })

  it('leaves unique lists alone', () => {
    expect(dedupeColumnNames(['a', 'b', 'c'])).toEqual(['a', 'b', 'c'])
  })
})
