// grammar/parser.ts: the top of the APL grammar — query, statements and pipes (apl-reference §1, §2.6) —
// and the single shared parser instance. Rules only: no actions. Layer chain: parser-data → parser-expr →
// parser-operators → parser. Rule names follow Kusto's Kql.g4; each rule cites the Kql.g4 rule it mirrors.

import { AplOperatorParser } from './parser-operators.ts'
import * as T from './tokens.ts'

/** The APL grammar as a Chevrotain CstParser. Use the shared `aplParser`; reset it with `.input`. */
export class AplParser extends AplOperatorParser {
  constructor() {
    super()
    this.performSelfAnalysis()
  }

  // APL: a query = statements terminated by `;`, then one tabular expression; Kql.g4 query.
  query = this.RULE('query', () => {
    this.MANY(() => {
      this.SUBRULE(this.statement, { LABEL: 'statements' })
      this.CONSUME(T.Semicolon)
    })
    this.SUBRULE(this.pipeExpression, { LABEL: 'body' })
    this.OPTION(() => this.CONSUME2(T.Semicolon))
  })

  // APL: statements (§2.6); Kql.g4 statement (let and set only).
  statement = this.RULE('statement', () => {
    this.OR([{ ALT: () => this.SUBRULE(this.letStatement) }, { ALT: () => this.SUBRULE(this.setStatement) }])
  })

  // APL: `let name = scalar | dynamic | tabular expression` (T2); Kql.g4 letVariableDeclaration.
  letStatement = this.RULE('letStatement', () => {
    this.CONSUME(T.Let)
    this.SUBRULE(this.columnName, { LABEL: 'name' })
    this.CONSUME(T.Equals)
    this.SUBRULE(this.pipeExpression, { LABEL: 'value' })
  })

  // APL: `set option [= value]` (T3; only `set stricttypes` is documented); Kql.g4 setStatement.
  setStatement = this.RULE('setStatement', () => {
    this.CONSUME(T.SetKeyword)
    this.CONSUME(T.Identifier, { LABEL: 'name' })
    this.OPTION(() => {
      this.CONSUME(T.Equals)
      this.SUBRULE(this.parameterValue, { LABEL: 'value' })
    })
  })

  // APL: pipeline `source | op | op …`; Kql.g4 pipeExpression.
  override pipeExpression = this.RULE('pipeExpression', () => {
    this.SUBRULE(this.beforePipeExpression)
    this.MANY(() => this.SUBRULE(this.pipedOperator, { LABEL: 'operators' }))
  })

  // APL: a pipeline source (dataset, let name, datatable, sub-query, print, search, union);
  // Kql.g4 beforePipeExpression.
  beforePipeExpression = this.RULE('beforePipeExpression', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.printOperator) },
      { ALT: () => this.SUBRULE(this.searchOperator) },
      { ALT: () => this.SUBRULE(this.unionOperator) },
      { ALT: () => this.SUBRULE(this.expression) },
    ])
  })

  // APL: `| operator`; Kql.g4 pipedOperator.
  pipedOperator = this.RULE('pipedOperator', () => {
    this.CONSUME(T.Pipe)
    this.SUBRULE(this.queryOperator)
  })
}

/** The one parser instance (Chevrotain parsers are costly to build and safe to reuse via `.input`). */
export const aplParser = new AplParser()
