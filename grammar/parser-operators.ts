// grammar/parser-operators.ts: the tabular operators of apl-reference §4 (T1, T2 and the T3 ones the
// binder refuses by kind). Rules only; layered on parser-expr.ts. Kql.g4 rule names throughout.

import { AplExpressionParser } from './parser-expr.ts'
import * as T from './tokens.ts'

/** Operator layer of the APL grammar. Not usable alone: `AplParser` completes it. */
export class AplOperatorParser extends AplExpressionParser {
  // APL: the tabular operators of §4; Kql.g4 queryOperator (APL's subset, plus extend-valid and parse-kv).
  queryOperator = this.RULE('queryOperator', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.whereOperator) },
      { ALT: () => this.SUBRULE(this.summarizeOperator) },
      { ALT: () => this.SUBRULE(this.topOperator) },
      { ALT: () => this.SUBRULE(this.searchOperator) },
      { ALT: () => this.SUBRULE(this.extendOperator) },
      { ALT: () => this.SUBRULE(this.projectOperator) },
      { ALT: () => this.SUBRULE(this.projectAwayOperator) },
      { ALT: () => this.SUBRULE(this.projectKeepOperator) },
      { ALT: () => this.SUBRULE(this.projectRenameOperator) },
      { ALT: () => this.SUBRULE(this.takeOperator) },
      { ALT: () => this.SUBRULE(this.sortOperator) },
      { ALT: () => this.SUBRULE(this.countOperator) },
      { ALT: () => this.SUBRULE(this.distinctOperator) },
      { ALT: () => this.SUBRULE(this.joinOperator) },
      { ALT: () => this.SUBRULE(this.unionOperator) },
      { ALT: () => this.SUBRULE(this.makeSeriesOperator) },
      { ALT: () => this.SUBRULE(this.extendValidOperator) },
      { ALT: () => this.SUBRULE(this.projectReorderOperator) },
      { ALT: () => this.SUBRULE(this.parseOperator) },
      { ALT: () => this.SUBRULE(this.parseKvOperator) },
      { ALT: () => this.SUBRULE(this.parseWhereOperator) },
      { ALT: () => this.SUBRULE(this.lookupOperator) },
      { ALT: () => this.SUBRULE(this.mvexpandOperator) },
      { ALT: () => this.SUBRULE(this.sampleOperator) },
      { ALT: () => this.SUBRULE(this.redactOperator) },
      { ALT: () => this.SUBRULE(this.getSchemaOperator) },
      { ALT: () => this.SUBRULE(this.renderOperator) },
    ])
  })

  // APL: where (T1), including `where * has "x"`; Kql.g4 whereOperator.
  whereOperator = this.RULE('whereOperator', () => {
    this.CONSUME(T.Where)
    this.SUBRULE(this.expression, { LABEL: 'predicate' })
  })

  // APL: summarize … by … (T1); Kql.g4 summarizeOperator + summarizeOperatorByClause.
  summarizeOperator = this.RULE('summarizeOperator', () => {
    this.CONSUME(T.Summarize)
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'aggregates' }) })
    this.OPTION(() => {
      this.CONSUME(T.By)
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.namedExpression, { LABEL: 'by' }) })
    })
  })

  // APL: top N by expr [asc|desc] (T1); Kql.g4 topOperator.
  topOperator = this.RULE('topOperator', () => {
    this.CONSUME(T.Top)
    this.SUBRULE(this.expression, { LABEL: 'count' })
    this.CONSUME(T.By)
    this.SUBRULE(this.orderedExpression, { LABEL: 'by' })
  })

  // APL: `expr [asc|desc] [nulls first|last]`; Kql.g4 orderedExpression + sortOrdering.
  orderedExpression = this.RULE('orderedExpression', () => {
    this.SUBRULE(this.expression)
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Asc, { LABEL: 'order' }) },
        { ALT: () => this.CONSUME(T.Desc, { LABEL: 'order' }) },
      ])
    })
    this.OPTION2(() => {
      this.CONSUME(T.Nulls)
      this.OR2([
        { ALT: () => this.CONSUME(T.First, { LABEL: 'nulls' }) },
        { ALT: () => this.CONSUME(T.Last, { LABEL: 'nulls' }) },
      ])
    })
  })

  // APL: search [kind=…] [in (datasets)] predicate (T1; also a query source); Kql.g4 searchOperator.
  searchOperator = this.RULE('searchOperator', () => {
    this.CONSUME(T.Search)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.OPTION(() => {
      this.CONSUME(T.In)
      this.CONSUME(T.LParen)
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namePattern, { LABEL: 'sources' }) })
      this.CONSUME(T.RParen)
    })
    this.SUBRULE(this.expression, { LABEL: 'predicate' })
  })

  // APL: extend (T2); Kql.g4 extendOperator.
  extendOperator = this.RULE('extendOperator', () => {
    this.CONSUME(T.Extend)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'columns' }),
    })
  })

  // APL: extend-valid (T3); no Kql.g4 rule (Axiom-specific), shaped like extendOperator.
  extendValidOperator = this.RULE('extendValidOperator', () => {
    this.CONSUME(T.ExtendValid)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'columns' }),
    })
  })

  // APL: project (T2); Kql.g4 projectOperator (APL requires at least one column).
  projectOperator = this.RULE('projectOperator', () => {
    this.CONSUME(T.Project)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'columns' }),
    })
  })

  // APL: project-away (T2); Kql.g4 projectAwayOperator.
  projectAwayOperator = this.RULE('projectAwayOperator', () => {
    this.CONSUME(T.ProjectAway)
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namePattern, { LABEL: 'columns' }) })
  })

  // APL: project-keep (T2); Kql.g4 projectKeepOperator.
  projectKeepOperator = this.RULE('projectKeepOperator', () => {
    this.CONSUME(T.ProjectKeep)
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namePattern, { LABEL: 'columns' }) })
  })

  // APL: project-rename New = Old (T2); Kql.g4 projectRenameOperator (names only, as APL documents).
  projectRenameOperator = this.RULE('projectRenameOperator', () => {
    this.CONSUME(T.ProjectRename)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.projectRenameExpression, { LABEL: 'renames' }),
    })
  })

  // APL: one `New = Old` of project-rename; Kql.g4 namedExpression restricted to names.
  projectRenameExpression = this.RULE('projectRenameExpression', () => {
    this.SUBRULE(this.columnName, { LABEL: 'newName' })
    this.CONSUME(T.Equals)
    this.SUBRULE2(this.columnName, { LABEL: 'oldName' })
  })

  // APL: project-reorder (T3); Kql.g4 projectReorderOperator.
  projectReorderOperator = this.RULE('projectReorderOperator', () => {
    this.CONSUME(T.ProjectReorder)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.projectReorderExpression, { LABEL: 'columns' }),
    })
  })

  // APL: `pattern [asc|desc|granny-asc|granny-desc]`; Kql.g4 projectReorderExpression.
  projectReorderExpression = this.RULE('projectReorderExpression', () => {
    this.SUBRULE(this.namePattern)
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Asc, { LABEL: 'order' }) },
        { ALT: () => this.CONSUME(T.Desc, { LABEL: 'order' }) },
        { ALT: () => this.CONSUME(T.GrannyAsc, { LABEL: 'order' }) },
        { ALT: () => this.CONSUME(T.GrannyDesc, { LABEL: 'order' }) },
      ])
    })
  })

  // APL: take / limit (T2, aliases); Kql.g4 takeOperator.
  takeOperator = this.RULE('takeOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Take) }, { ALT: () => this.CONSUME(T.Limit) }])
    this.SUBRULE(this.expression, { LABEL: 'count' })
  })

  // APL: sort / order by (T2, aliases); Kql.g4 sortOperator.
  sortOperator = this.RULE('sortOperator', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Sort) }, { ALT: () => this.CONSUME(T.Order) }])
    this.CONSUME(T.By)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.orderedExpression, { LABEL: 'keys' }),
    })
  })

  // APL: count operator (T2); Kql.g4 countOperator (without `as`).
  countOperator = this.RULE('countOperator', () => {
    this.CONSUME(T.Count)
  })

  // APL: distinct (T2); Kql.g4 distinctOperator.
  distinctOperator = this.RULE('distinctOperator', () => {
    this.CONSUME(T.Distinct)
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'columns' }) })
  })

  // APL: join [kind=…] Right on … (T2); Kql.g4 joinOperator.
  joinOperator = this.RULE('joinOperator', () => {
    this.CONSUME(T.Join)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.SUBRULE(this.expression, { LABEL: 'right' })
    this.OPTION(() => this.SUBRULE(this.joinOperatorOnClause))
  })

  // APL: `on col, $left.a == $right.b, …`; Kql.g4 joinOperatorOnClause.
  joinOperatorOnClause = this.RULE('joinOperatorOnClause', () => {
    this.CONSUME(T.On)
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'conditions' }) })
  })

  // APL: lookup [kind=…] Table on … (T3); Kql.g4 lookupOperator.
  lookupOperator = this.RULE('lookupOperator', () => {
    this.CONSUME(T.Lookup)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.SUBRULE(this.expression, { LABEL: 'right' })
    this.SUBRULE(this.joinOperatorOnClause)
  })

  // APL: union [withsource=…] tables (T2; also a query source); Kql.g4 unionOperator.
  unionOperator = this.RULE('unionOperator', () => {
    this.CONSUME(T.Union)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.unionOperatorExpression, { LABEL: 'tables' }),
    })
  })

  // APL: a union operand: dataset name or pattern, or a parenthesised sub-query; Kql.g4 unionOperatorExpression.
  unionOperatorExpression = this.RULE('unionOperatorExpression', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.parenthesizedExpression) },
      { ALT: () => this.CONSUME(T.ParenGroup) },
      { ALT: () => this.SUBRULE(this.namePattern) },
    ])
  })

  // APL: make-series (T2); Kql.g4 makeSeriesOperator.
  makeSeriesOperator = this.RULE('makeSeriesOperator', () => {
    this.CONSUME(T.MakeSeries)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.makeSeriesOperatorAggregation, { LABEL: 'aggregates' }),
    })
    this.CONSUME(T.On)
    // Kql.g4 allows a namedExpression here; an additive expression keeps `on _time in range(…)` from
    // being read as the list operator `_time in (…)` with LL(2).
    this.SUBRULE(this.additiveExpression, { LABEL: 'on' })
    this.OR([
      {
        // Kql.g4 makeSeriesOperatorInRangeClause: `in range(start, end, step)`.
        ALT: () => {
          this.CONSUME(T.In)
          this.CONSUME(T.Identifier, { LABEL: 'rangeName' })
          this.SUBRULE(this.argumentList, { LABEL: 'range' })
        },
      },
      {
        // Kql.g4 makeSeriesOperatorFromToStepClause.
        ALT: () => {
          this.OPTION(() => {
            this.CONSUME(T.From)
            this.SUBRULE2(this.expression, { LABEL: 'from' })
          })
          this.OPTION2(() => {
            this.CONSUME(T.To)
            this.SUBRULE3(this.expression, { LABEL: 'to' })
          })
          this.CONSUME(T.Step)
          this.SUBRULE4(this.expression, { LABEL: 'step' })
        },
      },
    ])
    this.OPTION3(() => {
      this.CONSUME(T.By)
      this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'by' }) })
    })
  })

  // APL: `Agg [default = V]`; Kql.g4 makeSeriesOperatorAggregation.
  makeSeriesOperatorAggregation = this.RULE('makeSeriesOperatorAggregation', () => {
    this.SUBRULE(this.namedExpression)
    this.OPTION(() => {
      this.CONSUME(T.Default)
      this.CONSUME(T.Equals)
      this.SUBRULE(this.expression, { LABEL: 'default' })
    })
  })

  // APL: parse (T3); Kql.g4 parseOperator.
  parseOperator = this.RULE('parseOperator', () => {
    this.CONSUME(T.Parse)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.SUBRULE(this.expression, { LABEL: 'source' })
    this.CONSUME(T.With)
    this.SUBRULE(this.parseOperatorPattern)
  })

  // APL: parse-where (T3); Kql.g4 parseWhereOperator.
  parseWhereOperator = this.RULE('parseWhereOperator', () => {
    this.CONSUME(T.ParseWhere)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.SUBRULE(this.expression, { LABEL: 'source' })
    this.CONSUME(T.With)
    this.SUBRULE(this.parseOperatorPattern)
  })

  // APL: `[*] "const" Col[:type] [*] …` of parse; Kql.g4 parseOperatorPattern (flattened to items).
  parseOperatorPattern = this.RULE('parseOperatorPattern', () => {
    this.AT_LEAST_ONE(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Star, { LABEL: 'items' }) },
        { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'items' }) },
        { ALT: () => this.SUBRULE(this.columnDeclaration, { LABEL: 'items' }) },
      ])
    })
  })

  // APL: parse-kv Expr as (Key[:type], …) [with (…)] (T3); no Kql.g4 rule (newer Kusto operator).
  parseKvOperator = this.RULE('parseKvOperator', () => {
    this.CONSUME(T.ParseKv)
    this.SUBRULE(this.expression, { LABEL: 'source' })
    this.CONSUME(T.As)
    this.SUBRULE(this.rowSchema)
    this.OPTION(() => this.SUBRULE(this.withPropertiesClause))
  })

  // APL: mv-expand (T3); Kql.g4 mvexpandOperator.
  mvexpandOperator = this.RULE('mvexpandOperator', () => {
    this.CONSUME(T.MvExpand)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.mvexpandOperatorExpression, { LABEL: 'items' }),
    })
    this.OPTION(() => {
      this.CONSUME(T.Limit)
      this.SUBRULE(this.expression, { LABEL: 'limit' })
    })
  })

  // APL: `Col [to typeof(T)]`; Kql.g4 mvexpandOperatorExpression.
  mvexpandOperatorExpression = this.RULE('mvexpandOperatorExpression', () => {
    this.SUBRULE(this.namedExpression)
    this.OPTION(() => {
      this.CONSUME(T.To)
      this.CONSUME(T.TypedLiteral, { LABEL: 'type' })
    })
  })

  // APL: sample (T3); Kql.g4 sampleOperator.
  sampleOperator = this.RULE('sampleOperator', () => {
    this.CONSUME(T.Sample)
    this.SUBRULE(this.expression, { LABEL: 'proportion' })
  })

  // APL: redact [options] Regex, … [on Col, …] (T3); no Kql.g4 rule (Axiom-specific).
  redactOperator = this.RULE('redactOperator', () => {
    this.CONSUME(T.Redact)
    this.MANY(() => this.SUBRULE(this.queryOperatorParameter, { LABEL: 'parameters' }))
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, { LABEL: 'regexes' }) })
    this.OPTION(() => {
      this.CONSUME(T.On)
      this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.columnName, { LABEL: 'columns' }) })
    })
  })

  // APL: getschema (T3); Kql.g4 getSchemaOperator.
  getSchemaOperator = this.RULE('getSchemaOperator', () => {
    this.CONSUME(T.Getschema)
  })

  // Kusto: `render Visualization [with (Property = Value, …)]` (not in Axiom's docs); Kql.g4
  // renderOperator. Kusto's older property list without `with` is not accepted.
  renderOperator = this.RULE('renderOperator', () => {
    this.CONSUME(T.Render)
    this.CONSUME(T.Identifier, { LABEL: 'visualization' })
    this.OPTION(() => this.SUBRULE(this.renderOperatorWithClause))
  })

  // Kusto: `with (title = "t", ycolumns = a, b, kind = stacked)`; Kql.g4 renderOperatorWithClause.
  // A bare name after a comma continues the name list of the property before it (ycolumns, series),
  // as in Kusto: LL(2) tells `name =` (a new property) from `name` followed by `,` or `)`.
  renderOperatorWithClause = this.RULE('renderOperatorWithClause', () => {
    this.CONSUME(T.With)
    this.CONSUME(T.LParen)
    this.OPTION(() => {
      this.SUBRULE(this.renderOperatorProperty, { LABEL: 'items' })
      this.MANY(() => {
        this.CONSUME(T.Comma)
        this.OR([
          { ALT: () => this.SUBRULE2(this.renderOperatorProperty, { LABEL: 'items' }) },
          { ALT: () => this.SUBRULE(this.columnName, { LABEL: 'items' }) },
        ])
      })
    })
    this.CONSUME(T.RParen)
  })

  // Kusto: one `Property = Value` of render (a name, a column or a literal); Kql.g4 renderOperatorProperty.
  renderOperatorProperty = this.RULE('renderOperatorProperty', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' })
    this.CONSUME(T.Equals)
    this.OR([
      { ALT: () => this.SUBRULE(this.columnName, { LABEL: 'value' }) },
      { ALT: () => this.SUBRULE(this.literalExpression, { LABEL: 'value' }) },
    ])
  })

  // APL: print (T3 source); Kql.g4 printOperator.
  printOperator = this.RULE('printOperator', () => {
    this.CONSUME(T.Print)
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.namedExpression, { LABEL: 'columns' }),
    })
  })
}
