// grammar/parser-data.ts: the data layer of the APL grammar: names, name patterns, literals (§2.3–2.4),
// dynamic JSON, schemas, datatable/externaldata and operator parameters. Rules only; base of the
// parser class chain (parser-data → parser-expr → parser-operators → parser). Kql.g4 rule names.

import { CstParser } from 'chevrotain'
import { expectedMessageProvider } from './expected.ts'
import * as T from './tokens.ts'

/** Data layer of the APL grammar; holds the parser configuration. Not usable alone. */
export class AplDataParser extends CstParser {
  constructor() {
    super(T.allTokens, {
      nodeLocationTracking: 'full',
      recoveryEnabled: false,
      maxLookahead: 2,
      errorMessageProvider: expectedMessageProvider,
    })
  }

  // APL: a field name, plain or bracket-quoted; Kql.g4 identifierOrKeywordOrEscapedName.
  columnName = this.RULE('columnName', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.SUBRULE(this.escapedName) }])
  })

  // APL: bracket-quoted name `['geo.city']`, `["x"]` (T1); Kql.g4 escapedName.
  escapedName = this.RULE('escapedName', () => {
    this.CONSUME(T.LBracket)
    this.CONSUME(T.StringLiteral)
    this.CONSUME(T.RBracket)
  })

  // APL: name with wildcards (`status*`, `['geo.']*`, `*`) in project-away/keep/reorder, union, search in;
  // Kql.g4 simpleOrWildcardedNameReference. Pieces must touch: `a *` is not `a*`.
  namePattern = this.RULE('namePattern', () => {
    this.SUBRULE(this.namePatternPiece, { LABEL: 'pieces' })
    this.MANY({
      GATE: () => (this.LA(0).endOffset ?? -2) + 1 === this.LA(1).startOffset,
      DEF: () => this.SUBRULE2(this.namePatternPiece, { LABEL: 'pieces' }),
    })
  })

  // APL: one piece of a name pattern; Kql.g4 wildcardedNameSegment.
  namePatternPiece = this.RULE('namePatternPiece', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.SUBRULE(this.escapedName) },
      { ALT: () => this.CONSUME(T.Star) },
    ])
  })

  // APL: `Name[:type]` in datatable/externaldata schemas, parse and parse-kv;
  // Kql.g4 rowSchemaColumnDeclaration / parseOperatorNameAndOptionalType.
  columnDeclaration = this.RULE('columnDeclaration', () => {
    this.SUBRULE(this.columnName)
    this.OPTION(() => {
      this.CONSUME(T.Colon)
      this.CONSUME(T.Identifier, { LABEL: 'type' })
    })
  })

  // APL: `(col:type, …)` of datatable/externaldata; Kql.g4 rowSchema.
  rowSchema = this.RULE('rowSchema', () => {
    this.CONSUME(T.LParen)
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.columnDeclaration, { LABEL: 'columns' }) })
    this.CONSUME(T.RParen)
  })

  // APL: datatable (T3 source); Kql.g4 dataTableExpression.
  dataTableExpression = this.RULE('dataTableExpression', () => {
    this.CONSUME(T.Datatable)
    this.SUBRULE(this.rowSchema)
    this.CONSUME(T.LBracket)
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.literalExpression, { LABEL: 'values' }) })
    this.CONSUME(T.RBracket)
  })

  // APL: externaldata (T3, preview); Kql.g4 externalDataExpression.
  externalDataExpression = this.RULE('externalDataExpression', () => {
    this.CONSUME(T.ExternalData)
    this.SUBRULE(this.rowSchema)
    this.CONSUME(T.LBracket)
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral, { LABEL: 'urls' }) })
    this.CONSUME(T.RBracket)
    this.OPTION(() => this.SUBRULE(this.withPropertiesClause))
  })

  // APL: `with (name = value, …)` of externaldata and parse-kv; Kql.g4 withPropertiesClause.
  withPropertiesClause = this.RULE('withPropertiesClause', () => {
    this.CONSUME(T.With)
    this.CONSUME(T.LParen)
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => this.SUBRULE(this.withPropertiesProperty, { LABEL: 'properties' }),
    })
    this.CONSUME(T.RParen)
  })

  // APL: one `name = value` property; Kql.g4 withPropertiesProperty.
  withPropertiesProperty = this.RULE('withPropertiesProperty', () => {
    this.CONSUME(T.Identifier, { LABEL: 'name' })
    this.CONSUME(T.Equals)
    this.SUBRULE(this.parameterValue)
  })

  // APL: `kind=…`, `withsource=…`, `with_itemindex=…`, `flags=…`, redact's options;
  // Kql.g4 queryOperatorParameter (only the names APL documents).
  queryOperatorParameter = this.RULE('queryOperatorParameter', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Kind, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.WithSource, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.WithItemIndex, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.Flags, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.ReplaceToken, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.ReplaceHash, { LABEL: 'name' }) },
      { ALT: () => this.CONSUME(T.RedactGroups, { LABEL: 'name' }) },
    ])
    this.CONSUME(T.Equals)
    this.SUBRULE(this.parameterValue)
  })

  // APL: a parameter value: a word or a literal; Kql.g4 queryOperatorParameterValue.
  parameterValue = this.RULE('parameterValue', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.SUBRULE(this.literalExpression) }])
  })

  // APL: literal with an optional sign (datatable values, options); Kql.g4 literalExpression.
  literalExpression = this.RULE('literalExpression', () => {
    this.OPTION(() => {
      this.OR([
        { ALT: () => this.CONSUME(T.Plus, { LABEL: 'sign' }) },
        { ALT: () => this.CONSUME(T.Minus, { LABEL: 'sign' }) },
      ])
    })
    this.SUBRULE(this.unsignedLiteralExpression)
  })

  // APL: literals (§2.3, §2.4); Kql.g4 unsignedLiteralExpression.
  unsignedLiteralExpression = this.RULE('unsignedLiteralExpression', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.LongLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.RealLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.TimespanLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.TypedLiteral, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.True, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.False, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.Null, { LABEL: 'token' }) },
      { ALT: () => this.SUBRULE(this.dynamicLiteralExpression) },
    ])
  })

  // APL: `dynamic([...])`, `dynamic({...})`, `dynamic(null)` (T2); Kql.g4 dynamicLiteralExpression.
  dynamicLiteralExpression = this.RULE('dynamicLiteralExpression', () => {
    this.CONSUME(T.Dynamic)
    this.CONSUME(T.LParen)
    this.SUBRULE(this.jsonValue)
    this.CONSUME(T.RParen)
  })

  // APL: JSON-ish value inside dynamic(); strings may use single quotes; Kql.g4 jsonValue.
  jsonValue = this.RULE('jsonValue', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.jsonObject) },
      { ALT: () => this.SUBRULE(this.jsonArray) },
      { ALT: () => this.CONSUME(T.StringLiteral, { LABEL: 'token' }) },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Minus, { LABEL: 'sign' }))
          this.OR2([
            { ALT: () => this.CONSUME(T.LongLiteral, { LABEL: 'token' }) },
            { ALT: () => this.CONSUME(T.RealLiteral, { LABEL: 'token' }) },
          ])
        },
      },
      { ALT: () => this.CONSUME(T.True, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.False, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.Null, { LABEL: 'token' }) },
      { ALT: () => this.CONSUME(T.JsonGroup) },
    ])
  })

  // APL: `{ "key": value, … }`; Kql.g4 jsonObject.
  jsonObject = this.RULE('jsonObject', () => {
    this.CONSUME(T.LCurly)
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.jsonPair, { LABEL: 'pairs' }) })
    this.CONSUME(T.RCurly)
  })

  // APL: `"key": value`; Kql.g4 jsonPair.
  jsonPair = this.RULE('jsonPair', () => {
    this.CONSUME(T.StringLiteral, { LABEL: 'key' })
    this.CONSUME(T.Colon)
    this.SUBRULE(this.jsonValue)
  })

  // APL: `[ value, … ]`; Kql.g4 jsonArray.
  jsonArray = this.RULE('jsonArray', () => {
    this.CONSUME(T.LBracket)
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.jsonValue, { LABEL: 'values' }) })
    this.CONSUME(T.RBracket)
  })
}
