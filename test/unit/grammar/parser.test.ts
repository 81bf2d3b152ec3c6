// test/unit/grammar/parser.test.ts: the grammar is valid, named after Kql.g4, and accepts/rejects by rule.
import { describe, expect, it } from 'vitest'
import { tokenize } from '../../../grammar/lexer.ts'
import { AplParser, aplParser } from '../../../grammar/parser.ts'

function accepts(text: string): boolean {
  aplParser.input = tokenize(text).tokens
  aplParser.query()
  return aplParser.errors.length === 0
}

describe('AplParser', () => {
  it('builds without grammar definition errors (self-analysis ran)', () => {
    // Chevrotain throws from performSelfAnalysis on definition errors; the list is internal, so read it loosely.
    expect((aplParser as unknown as { definitionErrors: unknown[] }).definitionErrors).toEqual([])
    expect(aplParser).toBeInstanceOf(AplParser)
  })

  it('names rules after Kusto Kql.g4', () => {
    const names = Object.keys(aplParser.getGAstProductions())
    for (const rule of [
      'query',
      'statement',
      'letStatement',
      'setStatement',
      'pipeExpression',
      'pipedOperator',
      'queryOperator',
      'whereOperator',
      'summarizeOperator',
      'topOperator',
      'searchOperator',
      'extendOperator',
      'projectOperator',
      'projectAwayOperator',
      'projectKeepOperator',
      'projectRenameOperator',
      'takeOperator',
      'sortOperator',
      'countOperator',
      'distinctOperator',
      'joinOperator',
      'unionOperator',
      'makeSeriesOperator',
      'parseOperator',
      'mvexpandOperator',
      'expression',
      'logicalOrExpression',
      'logicalAndExpression',
      'equalityExpression',
      'relationalExpression',
      'additiveExpression',
      'multiplicativeExpression',
      'stringOperatorExpression',
      'primaryExpression',
      'dynamicLiteralExpression',
    ]) {
      expect(names, rule).toContain(rule)
    }
  })

  it('tracks full node locations', () => {
    aplParser.input = tokenize('T | where x').tokens
    const cst = aplParser.query()
    expect(cst.location).toMatchObject({ startOffset: 0, endOffset: 10, startLine: 1, startColumn: 1 })
  })

  it('is reused across inputs: each `.input` resets its state', () => {
    expect(accepts('T | where (')).toBe(false)
    expect(accepts('T | where x')).toBe(true)
    expect(accepts('T | where x == ')).toBe(false)
    expect(accepts('T | count')).toBe(true)
  })

  it.each([
    'T',
    "['sample-http-logs']",
    'let x = 1; T',
    'set stricttypes; T',
    'T | where x == 1;',
    'search "x"',
    'union a, b*',
    'print 1',
    'datatable(a:long)[1, 2]',
    'externaldata (a:string) ["u"]',
    'T | where * has "x"',
    "T | project-away status*, ['geo.']*",
    'T | make-series count() on _time in range(ago(1h), now(), 1m)',
    'T | make-series count() on _time step 1m',
  ])('accepts %s', (text) => {
    expect(accepts(text)).toBe(true)
  })

  it.each([
    '',
    'let x = 1;',
    'T |',
    'T | where',
    'T | where x ==',
    'T | summarize count() by',
    'T | top 10',
    'T | sort x',
    'T | project',
    'T | join on x',
    'T | where a == b == c',
    'T | where a < b < c',
    'T | project-away a b',
    'T | make-series count() on _time',
    'print',
    'datatable(a:long)',
    'T | where x in ()',
  ])('rejects %j', (text) => {
    expect(accepts(text)).toBe(false)
  })
})
